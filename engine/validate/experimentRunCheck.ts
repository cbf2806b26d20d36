/**
 * The checks that an experiment can run as written, beyond its own fields (experimentCheck.ts): a
 * running experiment takes some visitors (coverage above 0), two running experiments of one
 * namespace take disjoint ranges of it (else they share visitors the namespace was meant to keep
 * apart), every goal and guardrail is recorded by an event of the catalogue (events.json, an event's
 * `measures`), and the conversion window fits in the days the event store keeps (events.json
 * `retentionDays`). Without events.json the last two are not checked.
 */
import type { ExperimentMetric } from '../types/experiments.gen.ts';
import { issueAt, locate } from './load.ts';
import { quoteList } from './suggest.ts';
import { isObj, ptr, type JsonDoc, type ValidationIssue } from './types.ts';

/** Goals and guardrails an experiment gets when it names none (the report reads the same, scripts/report/decision.ts). */
export const DEFAULT_EXPERIMENT_METRICS: { goals: readonly ExperimentMetric[]; guardrails: readonly ExperimentMetric[] } = {
  goals: ['purchase'],
  guardrails: ['signup', 'revenue'],
};
/** The conversion window an experiment gets when it names none, in days. */
export const DEFAULT_CONVERSION_WINDOW_DAYS = 7;

interface Running {
  id: string;
  namespace: [string, number, number];
}

const namespaceOf = (v: unknown): [string, number, number] | undefined =>
  Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'number' && typeof v[2] === 'number' && v[1] < v[2] ? [v[0], v[1], v[2]] : undefined;

/** A range of the namespace that `taken` leaves free, as an example for the hint. */
const freeRange = ([ns, start, end]: [string, number, number]): string =>
  end < 1 ? ` (e.g. ["${ns}", ${end}, 1])` : start > 0 ? ` (e.g. ["${ns}", 0, ${start}])` : '';

/** The metrics each event of the catalogue measures, and the days the store keeps events. */
function catalogueOf(events: JsonDoc | undefined): { measured: Set<string>; retentionDays?: number } | undefined {
  if (!events || !isObj(events.data) || !isObj(events.data.events)) return undefined;
  const measured = new Set<string>();
  for (const event of Object.values(events.data.events))
    if (isObj(event) && Array.isArray(event.measures)) for (const m of event.measures) if (typeof m === 'string') measured.add(m);
  const retention = events.data.retentionDays;
  return { measured, retentionDays: typeof retention === 'number' ? retention : undefined };
}

/** Every run check of experiments.json against the event catalogue `events` (when there is one). */
export function checkExperimentRuns(doc: JsonDoc | undefined, events: JsonDoc | undefined): ValidationIssue[] {
  if (!doc || !isObj(doc.data)) return [];
  const issues: ValidationIssue[] = [];
  const catalogue = catalogueOf(events);
  const running: Running[] = [];
  for (const [id, value] of Object.entries(doc.data)) {
    if (id === '$schema' || !isObj(value)) continue;
    const at = ptr('', id);
    if (value.status === 'running' && value.coverage === 0)
      issues.push(
        issueAt(
          doc,
          ptr(at, 'coverage'),
          'zero-coverage',
          `running experiment "${id}" has coverage 0, so it takes no visitor and never reports an exposure`,
          'give it the share of the path\'s visitors to include (e.g. "coverage": 1), or stop it ("status": "stopped" with a "winner")',
        ),
      );
    const namespace = namespaceOf(value.namespace);
    if (value.status === 'running' && namespace) {
      const other = running.find((r) => r.namespace[0] === namespace[0] && r.namespace[1] < namespace[2] && namespace[1] < r.namespace[2]);
      if (other) {
        const { line, col } = locate(doc, ptr('', other.id, 'namespace'));
        issues.push(
          issueAt(
            doc,
            ptr(at, 'namespace'),
            'overlapping-namespace',
            `the namespace range [${namespace[1]}, ${namespace[2]}) of experiment "${id}" overlaps [${other.namespace[1]}, ${other.namespace[2]}) of running experiment "${other.id}" in namespace "${namespace[0]}" (${doc.file}:${line}:${col})`,
            `give "${id}" a range outside [${other.namespace[1]}, ${other.namespace[2]})${freeRange(other.namespace)}, or stop one of them`,
          ),
        );
      }
      running.push({ id, namespace });
    }
    if (!catalogue) continue;
    for (const kind of ['goals', 'guardrails'] as const) {
      const given = Array.isArray(value[kind]);
      const metrics: unknown[] = given ? (value[kind] as unknown[]) : [...DEFAULT_EXPERIMENT_METRICS[kind]];
      metrics.forEach((metric, k) => {
        if (typeof metric !== 'string' || catalogue.measured.has(metric)) return;
        issues.push(
          issueAt(
            doc,
            given ? ptr(at, kind, k) : at,
            'metric-without-event',
            `${given ? '' : 'default '}${kind === 'goals' ? 'goal' : 'guardrail'} "${metric}" of experiment "${id}" is recorded by no event of ${events!.file}`,
            `add "measures": ["${metric}"] to the event that records it in ${events!.file}${catalogue.measured.size ? `, or use one of ${quoteList([...catalogue.measured])}` : ''}`,
          ),
        );
      });
    }
    const window = typeof value.conversionWindowDays === 'number' ? value.conversionWindowDays : DEFAULT_CONVERSION_WINDOW_DAYS;
    if (catalogue.retentionDays !== undefined && window > catalogue.retentionDays)
      issues.push(
        issueAt(
          doc,
          typeof value.conversionWindowDays === 'number' ? ptr(at, 'conversionWindowDays') : at,
          'window-longer-than-retention',
          `the conversion window of experiment "${id}" (${window} days) is longer than the ${catalogue.retentionDays} days the event store keeps (retentionDays of ${events!.file})`,
          `shorten "conversionWindowDays" to at most ${catalogue.retentionDays}, or keep the events longer and raise retentionDays`,
        ),
      );
  }
  return issues;
}
