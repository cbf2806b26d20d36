/**
 * Checks the measurement files next to the flows, when present: `destinations.json` (destinations
 * per environment), `consent.json` (the consent rules) and `events.json` (the event catalogue). Schema first
 * (schemas/destinations.schema.json, schemas/events.schema.json), then: every destination's type is
 * registered and its settings pass that type's check, ids are unique per environment, the events a
 * destination maps are in the catalogue, consent rules name existing variants, destinations declare
 * their vendor consistently, and under a TCF CMP every custom vendor a destination depends on alone is
 * configured.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import { describeErrors } from './ajvMessages.ts';
import { issueAt, loadJson } from './load.ts';
import { didYouMean } from './suggest.ts';
import { timeZoneProblem } from './timeZones.ts';
import { isObj, type JsonDoc, type ValidationIssue } from './types.ts';

/** What the destinations check needs of a registration (see engine/analytics/types.ts). */
interface Registration {
  type: string;
  advertising?: boolean;
  validate(settings: Record<string, unknown>): string[];
}

export interface MeasurementOptions {
  root: string;
  flowsDir: string;
  schemasDir: string;
  /** A module exporting `destinationTypes` (screens/analytics/destinations.ts). */
  destinationsModule: string;
  /** Variant ids of landings.json. */
  variants: string[];
}

/** Files of a flows directory that are measurement data, not flows. */
export const MEASUREMENT_FILES = ['destinations.json', 'events.json', 'consent.json'];

// compiled validators by schema text: the dev server validates on every save, and compiling is most of the cost
const compiledSchemas = new Map<string, ValidateFunction>();

async function schemaIssues(doc: JsonDoc, schemaPath: string): Promise<ValidationIssue[]> {
  const text = await readFile(schemaPath, 'utf8');
  let validate = compiledSchemas.get(text);
  if (!validate) {
    validate = new Ajv({ allErrors: true, strict: true, verbose: true }).compile(JSON.parse(text) as object);
    compiledSchemas.set(text, validate);
  }
  if (validate(doc.data)) return [];
  return describeErrors(validate.errors ?? []).map((d) => issueAt(doc, d.pointer, d.code, d.message, d.hint, d.anchor));
}

const PLACEHOLDER = /\{\{\w+\}\}/;
const hasPlaceholder = (v: unknown): boolean =>
  typeof v === 'string' ? PLACEHOLDER.test(v) : isObj(v) ? Object.values(v).some(hasPlaceholder) : Array.isArray(v) && v.some(hasPlaceholder);

function checkDestinations(doc: JsonDoc, registrations: Registration[], catalogue: Set<string> | undefined): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const data = doc.data;
  if (!isObj(data)) return issues;
  const types = registrations.map((r) => r.type);
  const envs = isObj(data.environments) ? data.environments : {};
  for (const [envName, env] of Object.entries(envs)) {
    const list = isObj(env) && Array.isArray(env.destinations) ? env.destinations : [];
    const seen = new Set<string>();
    list.forEach((entry, k) => {
      if (!isObj(entry)) return;
      const at = `/environments/${envName}/destinations/${k}`;
      if (typeof entry.id === 'string') {
        if (seen.has(entry.id))
          issues.push(
            issueAt(
              doc,
              `${at}/id`,
              'duplicate-destination',
              `destination id "${entry.id}" is used twice in ${envName}`,
              'give each destination of an environment its own id',
            ),
          );
        seen.add(entry.id);
      }
      const registration = registrations.find((r) => r.type === entry.type);
      if (typeof entry.type === 'string' && !registration) {
        issues.push(
          issueAt(
            doc,
            `${at}/type`,
            'unknown-destination-type',
            `"${entry.type}" is not a registered destination type`,
            didYouMean(entry.type, types) ?? `use one of ${types.map((t) => `"${t}"`).join(', ')}, or register the type in screens/analytics/destinations.ts`,
          ),
        );
      }
      if (registration?.advertising && typeof entry.category === 'string' && entry.category !== 'marketing') {
        issues.push(
          issueAt(
            doc,
            `${at}/category`,
            'advertising-not-marketing',
            `"${entry.type}" is an advertising destination in category "${entry.category}": it would load before the visitor agrees to marketing`,
            'write "category": "marketing"; an ad pixel is never necessary',
          ),
        );
      }
      if (registration && isObj(entry.settings) && !hasPlaceholder(entry.settings)) {
        for (const problem of registration.validate(entry.settings)) {
          issues.push(issueAt(doc, `${at}/settings`, 'invalid-destination-settings', `${entry.type}: ${problem}`, 'fix the settings of this destination'));
        }
      }
      if (catalogue && isObj(entry.events)) {
        for (const name of Object.keys(entry.events)) {
          if (catalogue.has(name)) continue;
          issues.push(
            issueAt(
              doc,
              `${at}/events/${name}`,
              'unknown-event',
              `"${name}" is not an event of the catalogue (events.json)`,
              didYouMean(name, catalogue) ?? 'add it to events.json or map a catalogue event',
              'key',
            ),
          );
        }
      }
    });
  }
  return issues;
}

function checkConsent(doc: JsonDoc, variants: string[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const rules = isObj(doc.data) && Array.isArray(doc.data.rules) ? doc.data.rules : [];
  rules.forEach((rule, k) => {
    const zones = isObj(rule) && isObj(rule.when) && Array.isArray(rule.when.timeZones) ? rule.when.timeZones : [];
    zones.forEach((zone, j) => {
      const problem = typeof zone === 'string' ? timeZoneProblem(zone) : undefined;
      if (problem) issues.push(issueAt(doc, `/rules/${k}/when/timeZones/${j}`, 'unknown-time-zone', problem.message, problem.hint));
    });
    const listed = isObj(rule) && isObj(rule.when) && Array.isArray(rule.when.variants) ? rule.when.variants : [];
    listed.forEach((v, j) => {
      if (typeof v === 'string' && !variants.includes(v)) {
        issues.push(
          issueAt(
            doc,
            `/rules/${k}/when/variants/${j}`,
            'unknown-consent-variant',
            `"${v}" is not a variant of landings.json`,
            didYouMean(v, variants) ?? 'use a variant id of landings.json',
          ),
        );
      }
    });
  });
  return issues;
}

/**
 * A destination's vendor is either the site itself (`publisher`) or a third party read by its ids, not
 * both. Under a TCF CMP, a vendor read only as a custom vendor (no GVL id, no Google AC provider id)
 * needs that custom vendor configured in consent.json's `cmp.customVendors`: else it has no signal and
 * never runs.
 */
function checkVendors(destinations: JsonDoc, consent: JsonDoc | undefined): ValidationIssue[] {
  const cmp = consent && isObj(consent.data) && isObj(consent.data.cmp) ? consent.data.cmp : undefined;
  const configured = cmp && isObj(cmp.customVendors) ? Object.keys(cmp.customVendors) : [];
  const issues: ValidationIssue[] = [];
  const envs = isObj(destinations.data) && isObj(destinations.data.environments) ? destinations.data.environments : {};
  for (const [envName, env] of Object.entries(envs)) {
    const list = isObj(env) && Array.isArray(env.destinations) ? env.destinations : [];
    list.forEach((entry, k) => {
      const vendor = isObj(entry) && isObj(entry.consent) && isObj(entry.consent.vendor) ? entry.consent.vendor : undefined;
      const at = `/environments/${envName}/destinations/${k}/consent/vendor`;
      if (vendor?.publisher === true && ['tcf', 'googleAc', 'custom'].some((key) => vendor[key] !== undefined)) {
        issues.push(
          issueAt(
            destinations,
            `${at}/publisher`,
            'publisher-and-third-party-vendor',
            'the vendor is declared both as the site itself (publisher) and as a third party (tcf, googleAc or custom)',
            'keep "publisher": true for the site\'s own collector or its processor, or the third party\'s ids for an outside vendor',
          ),
        );
      }
      if (cmp?.type !== 'tcf' || !vendor || typeof vendor.custom !== 'string' || vendor.tcf !== undefined || vendor.googleAc !== undefined) return;
      if (configured.includes(vendor.custom)) return;
      issues.push(
        issueAt(
          destinations,
          `${at}/custom`,
          'unknown-custom-vendor',
          `custom vendor "${vendor.custom}" is not in consent.json's cmp.customVendors: the destination would never have its vendor's consent`,
          didYouMean(vendor.custom, configured) ??
            `add "${vendor.custom}" to cmp.customVendors (where the CMP records it), or give the vendor its googleAc provider id`,
        ),
      );
    });
  }
  return issues;
}

/** Validates destinations.json and events.json of a flows directory (each only when it exists). */
export async function checkMeasurement(o: MeasurementOptions): Promise<{ issues: ValidationIssue[]; files: string[]; events?: JsonDoc }> {
  const issues: ValidationIssue[] = [];
  const files: string[] = [];
  let catalogue: Set<string> | undefined;
  let eventsDoc: JsonDoc | undefined;
  const eventsPath = join(o.flowsDir, 'events.json');
  if (existsSync(eventsPath)) {
    const loaded = await loadJson(o.root, eventsPath);
    issues.push(...loaded.issues);
    if (loaded.doc) {
      files.push(loaded.doc.file);
      issues.push(...(await schemaIssues(loaded.doc, join(o.schemasDir, 'events.schema.json'))));
      const events = isObj(loaded.doc.data) && isObj(loaded.doc.data.events) ? loaded.doc.data.events : {};
      catalogue = new Set(Object.keys(events));
      eventsDoc = loaded.doc;
    }
  }
  let destinationsDoc: JsonDoc | undefined;
  let consentDoc: JsonDoc | undefined;
  const destinationsPath = join(o.flowsDir, 'destinations.json');
  if (existsSync(destinationsPath)) {
    const loaded = await loadJson(o.root, destinationsPath);
    issues.push(...loaded.issues);
    destinationsDoc = loaded.doc;
    if (loaded.doc) {
      files.push(loaded.doc.file);
      issues.push(...(await schemaIssues(loaded.doc, join(o.schemasDir, 'destinations.schema.json'))));
      const mod = (await import(pathToFileURL(o.destinationsModule).href)) as { destinationTypes?: Registration[] };
      issues.push(...checkDestinations(loaded.doc, mod.destinationTypes ?? [], catalogue));
    }
  }
  const consentPath = join(o.flowsDir, 'consent.json');
  if (existsSync(consentPath)) {
    const loaded = await loadJson(o.root, consentPath);
    issues.push(...loaded.issues);
    if (loaded.doc) {
      files.push(loaded.doc.file);
      issues.push(...(await schemaIssues(loaded.doc, join(o.schemasDir, 'consent.schema.json'))), ...checkConsent(loaded.doc, o.variants));
      consentDoc = loaded.doc;
    }
  }
  if (destinationsDoc) issues.push(...checkVendors(destinationsDoc, consentDoc));
  return { issues, files, events: eventsDoc };
}
