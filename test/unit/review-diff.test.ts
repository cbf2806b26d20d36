/**
 * The review's comparison of two versions (engine/review): which screens a change can alter, and
 * in which languages; steps rewired; traffic shares and re-bucketing warnings. Each case edits a copy
 * of the real flow data and derives what it expects from that edit.
 */
import { describe, expect, it } from 'vitest';
import { getVariant, variantIds, type Experiment, type FunnelData } from '../../engine/index.ts';
import {
  affectedScreens,
  diffFlows,
  diffPlans,
  diffTexts,
  diffVariants,
  limitPlan,
  rebucketWarnings,
  reviewSettings,
  trafficChanges,
  type ReviewScreen,
  type TextChange,
} from '../../engine/review/index.ts';
import project from '../../funnel.config.ts';
import { galleryScreens } from '../../scripts/galleryScreens.ts';
import { reviewScreen } from '../../scripts/review/screens.ts';
import { funnelData } from '../../screens/flowData.ts';
import { LATAM_OFFER, LATAM_OFFER_ID } from '../fixtures/latamOffer.ts';

const settings = reviewSettings(project);
const screens: ReviewScreen[] = galleryScreens(funnelData).map((g) => reviewScreen(funnelData, g));
const copy = (): FunnelData => structuredClone(funnelData) as FunnelData;

function plan(head: FunnelData, edits: { files?: string[]; texts?: TextChange[]; sources?: Map<string, string> } = {}) {
  return affectedScreens({
    settings,
    changedFiles: edits.files ?? [],
    base: funnelData,
    head,
    texts: edits.texts ?? [],
    flows: diffFlows(funnelData, head),
    variants: diffVariants(funnelData, head),
    plans: diffPlans(funnelData, head),
    screens,
    sources: edits.sources ?? new Map(),
  });
}

describe('the screens a change can alter', () => {
  it('a text named by one step only: that step’s screens, in the text’s language only', () => {
    const [flowId, flow] = Object.entries(funnelData.flows)[0]!;
    const [stepId, step] = Object.entries(flow.steps).find(([id]) => id !== flow.entry)!;
    const key = Object.values(step.props as object).find((v): v is string => typeof v === 'string' && v.includes('.'))!;
    const texts = diffTexts({ de: { x: 'a' } }, { de: { x: 'b' } }).map((t) => ({ ...t, key }));
    const result = plan(funnelData, { texts });
    const named = screens.filter(
      (s) =>
        JSON.stringify(funnelData.flows[s.flowId]?.steps[s.stepId]).includes(`"${key}"`) ||
        (s.group === 'variants' && JSON.stringify(getVariant(funnelData.landings, s.variantId)).includes(`"${key}"`)),
    );
    expect([...result.keys()].sort()).toEqual(named.map((s) => s.id).sort());
    expect(result.has(`${flowId}/${stepId}`)).toBe(true);
    for (const byLanguage of result.values()) expect([...byLanguage.keys()]).toEqual(['de']);
  });

  it('code in one screen type’s folder: that type’s screens; shared code: every screen, in the sample languages', () => {
    const type = screens.find((s) => s.group !== 'variants')!.screen;
    const own = plan(funnelData, { files: [`screens/${type}/Whatever.tsx`] });
    expect(new Set(screens.filter((s) => own.has(s.id)).map((s) => s.screen))).toEqual(new Set([type]));
    const shared = plan(funnelData, { files: ['engine/react/engine.css'] });
    expect(shared.size).toBe(new Set(screens.map((s) => s.id)).size);
    for (const byLanguage of shared.values()) expect([...byLanguage.keys()]).toEqual(settings.sampleLanguages);
  });

  it('a file no screen reads (docs, tests, the measurement files): nothing', () => {
    expect(plan(funnelData, { files: ['docs/marketers.md', 'test/unit/x.test.ts', `${project.flowsDir}/events.json`] }).size).toBe(0);
  });

  it('a plan’s price: the price screens of the variants that list it', () => {
    const head = copy();
    const name = Object.keys(head.plans.plans)[0]!;
    head.plans.plans[name]!.price += 1;
    const result = plan(head);
    const lists = (id: string): boolean => getVariant(funnelData.landings, id)!.plans.includes(name);
    const expected = screens.filter((s) => project.review!.priceScreens!.includes(s.screen) && lists(s.variantId));
    expect([...result.keys()].sort()).toEqual([...new Set(expected.map((s) => s.id))].sort());
  });

  it('a limited review keeps one screen of each type first', () => {
    const all = plan(funnelData, { files: ['engine/react/engine.css'] });
    const types = new Set(screens.map((s) => s.screen)).size;
    const { kept, left } = limitPlan(all, screens, types);
    expect(new Set(screens.filter((s) => kept.has(s.id)).map((s) => s.screen)).size).toBe(types);
    expect(left.length).toBe(screens.length * settings.sampleLanguages.length - types);
  });
});

describe('flows and traffic', () => {
  it('a step whose next changes is rewired; a removed step is removed', () => {
    const head = copy();
    const [flowId, flow] = Object.entries(head.flows)[0]!;
    const entry = flow.steps[flow.entry]!;
    const last = Object.keys(flow.steps).find((id) => id !== flow.entry && !flow.steps[id]!.next)!;
    entry.next = last;
    const removed = Object.keys(flow.steps).find((id) => id !== flow.entry && id !== last)!;
    delete flow.steps[removed];
    const change = diffFlows(funnelData, head).find((f) => f.flowId === flowId)!;
    expect(change.rewiredSteps).toContain(flow.entry);
    expect(change.removedSteps).toEqual([removed]);
  });

  it('new weights of a running experiment change its path’s shares and warn of re-bucketing; a new winner does not warn', () => {
    const base: FunnelData = { ...funnelData, experiments: LATAM_OFFER };
    const experiment = LATAM_OFFER[LATAM_OFFER_ID] as Experiment;
    const weights = experiment.variations.map((_, k) => (k === 0 ? 0.1 : 0.9 / (experiment.variations.length - 1))) as Experiment['weights'] & number[];
    const head: FunnelData = { ...funnelData, experiments: { ...LATAM_OFFER, [LATAM_OFFER_ID]: { ...experiment, weights } } };
    expect(rebucketWarnings(base, head)).toEqual([{ experimentId: LATAM_OFFER_ID, fields: ['weights'] }]);
    const row = trafficChanges(base, head).find((r) => r.path === experiment.paths[0])!;
    experiment.variations.forEach((v, k) => expect(row.after.get(v)).toBeCloseTo(weights[k]!));

    const winner = experiment.variations[1]!;
    const stopped: FunnelData = {
      ...funnelData,
      experiments: { ...LATAM_OFFER, [LATAM_OFFER_ID]: { ...experiment, status: 'stopped', winner } },
    };
    expect(rebucketWarnings(base, stopped)).toEqual([]);
    expect(trafficChanges(base, stopped).find((r) => r.path === experiment.paths[0])!.after).toEqual(new Map([[winner, 1]]));
  });

  it('an added variant gets all of its own path', () => {
    const head = copy();
    const source = variantIds(head.landings)[0]!;
    (head.landings as Record<string, unknown>).added = { ...getVariant(head.landings, source)!, paths: ['/added-path'] };
    expect(diffVariants(funnelData, head).added).toEqual(['added']);
    expect(trafficChanges(funnelData, head)).toEqual([{ path: '/added-path', before: new Map(), after: new Map([['added', 1]]), targeted: false }]);
  });
});
