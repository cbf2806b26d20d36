/**
 * Which screens, in which languages, a change can alter, worked out from the data diff so a review
 * renders only those: a changed text → the screens whose step data or screen code uses its key, in
 * that language; a changed step → its screens; a changed variant → its screens; a changed plan → the
 * price screens of the variants that show it; changed code in a screen type's folder → that type's
 * screens; other code, styles or an unknown data file → every screen; all but texts in the sample
 * languages. When the use of a key cannot be found, every screen is
 * rendered in its language: a review may render too much, never too little.
 */
import { getVariant, type FunnelData } from '../core/flowGraph.ts';
import type { FlowChange, MemberChanges, TextChange } from './dataDiff.ts';

/** A screen as the review knows it: one step of a flow, shown for one landing variant. */
export interface ReviewScreen {
  /** Stable across versions: "<flow>/<step>" for a flow's screen, "variants/<variant>-<step>" for a variant's. */
  id: string;
  /** File-name safe. */
  key: string;
  /** A flow id, or "variants". */
  group: string;
  flowId: string;
  stepId: string;
  /** The screen type. */
  screen: string;
  variantId: string;
}

/** What a project tells the review (its configuration's `review` section and folders). */
export interface ReviewSettings {
  flowsDir: string;
  localesDir: string;
  /** Folders whose change can alter any screen (source, styles, images, icons, schemas). */
  renderDirs: string[];
  /** The languages a change that is not a text is rendered in. */
  sampleLanguages: string[];
  /** The screen registry module (its imports of each screen type's component do not make them shared). */
  registry?: string;
  /** The screen types that show plan prices; every screen when absent. */
  priceScreens?: string[];
}

/** Data files that no screen shows: their changes are reviewed as tables, not pixels. */
const NOT_RENDERED = new Set(['experiments.json', 'events.json', 'destinations.json', 'expected.json']);

/** Screen id → language → why it is rendered. */
export type RenderPlan = Map<string, Map<string, Set<string>>>;

export interface AffectedInput {
  settings: ReviewSettings;
  changedFiles: string[];
  base: FunnelData;
  head: FunnelData;
  texts: TextChange[];
  flows: FlowChange[];
  variants: MemberChanges;
  plans: MemberChanges;
  /** The screens of the version under review. */
  screens: ReviewScreen[];
  /** The source files of the version under review (path → text), where text keys are looked up. */
  sources: Map<string, string>;
}

const under = (file: string, dir: string): boolean => file === dir || file.startsWith(`${dir.replace(/\/$/, '')}/`);

/** Every string value of a JSON value. */
function strings(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** The key and the keys of two or more parts it is made from (`a.b.c_one` → a.b.c_one, a.b.c, a.b): data may name a key's section. */
function keyForms(key: string): string[] {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
  const parts = base.split('.');
  return [...new Set([key, base, ...parts.slice(2).map((_, i) => parts.slice(0, parts.length - 1 - i).join('.'))])];
}

/** The source files that name `key` (quoted whole, or as the literal start of a template). */
function filesUsing(key: string, sources: Map<string, string>): string[] {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
  const parts = base.split('.');
  const needles = [`'${base}'`, `"${base}"`, `\`${base}\``, ...parts.slice(1).map((_, i) => `\`${parts.slice(0, i + 1).join('.')}.\${`)];
  return [...sources].filter(([, text]) => needles.some((n) => text.includes(n))).map(([file]) => file);
}

/** The data a screen is made from: its step (and, for a variant's screen, the variant; for a flow's, the variant's override of it). */
function screenStrings(data: FunnelData, screen: ReviewScreen): Set<string> {
  const out = new Set<string>();
  const flow = Object.hasOwn(data.flows, screen.flowId) ? data.flows[screen.flowId] : undefined;
  if (flow && Object.hasOwn(flow.steps, screen.stepId)) strings(flow.steps[screen.stepId], out);
  const variant = getVariant(data.landings, screen.variantId);
  if (variant && screen.group === 'variants') strings(variant, out);
  else if (variant?.overrides && Object.hasOwn(variant.overrides, screen.stepId)) strings(variant.overrides[screen.stepId], out);
  return out;
}

/** The screens to render, each in the languages a change can alter it in, with the reasons. */
export function affectedScreens(input: AffectedInput): RenderPlan {
  const { settings, screens } = input;
  const plan: RenderPlan = new Map();
  const mark = (screen: ReviewScreen, languages: Iterable<string>, reason: string): void => {
    const byLanguage = plan.get(screen.id) ?? new Map<string, Set<string>>();
    for (const language of languages) byLanguage.set(language, (byLanguage.get(language) ?? new Set()).add(reason));
    plan.set(screen.id, byLanguage);
  };
  const sample = settings.sampleLanguages;

  const codeFiles = input.changedFiles.filter((f) => settings.renderDirs.some((dir) => under(f, dir)) || f === 'package.json' || f === 'package-lock.json');
  const otherData = input.changedFiles.filter((f) => under(f, settings.flowsDir) && !NOT_RENDERED.has(f.slice(settings.flowsDir.length + 1)));
  const flowFiles = new Set(Object.keys(input.head.flows).concat(Object.keys(input.base.flows)));
  const unknownData = otherData.filter((f) => {
    const name = f.slice(settings.flowsDir.length + 1);
    return name !== 'landings.json' && name !== 'plans.json' && !flowFiles.has(name.replace(/\.json$/, ''));
  });
  // a file in a screen type's own folder alters that type's screens; any other code alters every screen
  const screenTypes = [...new Set(screens.map((s) => s.screen))];
  const inTypeFolder = (file: string): string[] => screenTypes.filter((t) => file.split('/').slice(0, -1).includes(t));
  // a module of one type's folder that another folder imports is shared code
  const importedElsewhere = (file: string): boolean => {
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    const stem = file.slice(folder.length).replace(/\.[^.]+$/, '');
    return [...input.sources].some(
      ([path, text]) => path !== settings.registry && !path.startsWith(folder) && (text.includes(`/${stem}.`) || text.includes(`/${stem}'`)),
    );
  };
  const typesOf = (file: string): string[] => (importedElsewhere(file) ? [] : inTypeFolder(file));
  const shared = codeFiles.filter((f) => typesOf(f).length === 0);
  const list = (files: string[]): string => `${files.slice(0, 3).join(', ')}${files.length > 3 ? ' …' : ''}`;
  if (shared.length) for (const s of screens) mark(s, sample, `code: ${list(shared)}`);
  for (const file of codeFiles.filter((f) => typesOf(f).length > 0)) {
    for (const s of screens) if (typesOf(file).includes(s.screen)) mark(s, sample, `code: ${file}`);
  }
  for (const file of unknownData) for (const s of screens) mark(s, sample, `data: ${file}`);

  for (const flow of input.flows) {
    const steps = new Set([...flow.addedSteps, ...flow.changedSteps, ...flow.rewiredSteps]);
    for (const s of screens) if (s.flowId === flow.flowId && (flow.status === 'added' || steps.has(s.stepId))) mark(s, sample, `step ${s.stepId} changed`);
  }

  for (const id of [...input.variants.added, ...input.variants.changed]) {
    const before = getVariant(input.base.landings, id);
    const after = getVariant(input.head.landings, id);
    const overridden = new Set([...Object.keys(before?.overrides ?? {}), ...Object.keys(after?.overrides ?? {})]);
    for (const s of screens) {
      if (s.variantId === id && (s.group === 'variants' || overridden.has(s.stepId)))
        mark(s, sample, `variant ${id} ${input.variants.added.includes(id) ? 'added' : 'changed'}`);
    }
  }

  const priceScreen = (s: ReviewScreen): boolean => !settings.priceScreens || settings.priceScreens.includes(s.screen);
  for (const name of [...input.plans.added, ...input.plans.changed]) {
    const shows = (data: FunnelData, variantId: string): boolean => {
      const v = getVariant(data.landings, variantId);
      return !!v && (v.plans.includes(name) || v.defaultPlan === name);
    };
    const listed = screens.some((s) => shows(input.head, s.variantId) || shows(input.base, s.variantId));
    for (const s of screens) {
      // a plan no variant lists (the upsell) shows on every price screen
      if (priceScreen(s) && (!listed || shows(input.head, s.variantId) || shows(input.base, s.variantId))) mark(s, sample, `plan ${name} changed`);
    }
  }

  const keyFiles = new Map<string, string[]>();
  for (const change of input.texts) {
    const forms = keyForms(change.key);
    const files = keyFiles.get(change.key) ?? filesUsing(change.key, input.sources);
    keyFiles.set(change.key, files);
    // a file in a screen type's own folder serves that type; any other file may serve every screen
    const typesOfFiles = files.map(typesOf);
    const everywhere = files.length > 0 && typesOfFiles.some((types) => types.length === 0);
    const types = new Set(typesOfFiles.flat());
    let found = files.length > 0;
    for (const s of screens) {
      const inData = forms.some((k) => screenStrings(input.head, s).has(k) || screenStrings(input.base, s).has(k));
      if (inData) found = true;
      if (inData || everywhere || types.has(s.screen)) mark(s, [change.language], `text ${change.key}`);
    }
    if (!found) for (const s of screens) mark(s, [change.language], `text ${change.key} (its use was not found: every screen)`);
  }
  return plan;
}

/**
 * At most `limit` screen-language pairs of a plan, for a quick review (CI): first one screen of each
 * screen type in each language, then the others in order. Returns the kept plan and the pairs left out.
 */
export function limitPlan(plan: RenderPlan, screens: ReviewScreen[], limit: number): { kept: RenderPlan; left: string[] } {
  const pairs = screens.flatMap((s) => [...(plan.get(s.id) ?? new Map<string, Set<string>>()).keys()].map((language) => ({ screen: s, language })));
  if (pairs.length <= limit) return { kept: plan, left: [] };
  const seen = new Set<string>();
  const languages = [...new Set(pairs.map((p) => p.language))];
  // every type in the first language, then every type in the next
  const first = languages.flatMap((language) =>
    pairs.filter((p) => {
      const type = `${p.screen.screen} ${language}`;
      if (p.language !== language || seen.has(type)) return false;
      seen.add(type);
      return true;
    }),
  );
  const order = [...first, ...pairs.filter((p) => !first.includes(p))];
  const kept: RenderPlan = new Map();
  for (const { screen, language } of order.slice(0, limit)) {
    const byLanguage = kept.get(screen.id) ?? new Map<string, Set<string>>();
    byLanguage.set(language, plan.get(screen.id)!.get(language)!);
    kept.set(screen.id, byLanguage);
  }
  return { kept, left: order.slice(limit).map(({ screen, language }) => `${screen.id} · ${language}`) };
}
