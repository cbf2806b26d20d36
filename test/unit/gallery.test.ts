/**
 * The gallery's screen list, seeded visitor data, flow diagram and contact sheet, from the real flow
 * files (the browser part runs in `npm run gallery` and test/e2e/every-screen.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { funnelData } from '../../screens/flowData.ts';
import { getVariant, variantIds } from '../../engine/index.ts';
import { PERSIST_KEY } from '../../engine/index.ts';
import { HISTORY_KEY } from '../../engine/index.ts';
import { galleryScreens, selectScreens } from '../../scripts/galleryScreens.ts';
import { seededStorage } from '../../scripts/galleryVisit.ts';
import { flowDiagram, variantRows } from '../../scripts/galleryDiagram.ts';
import { galleryPage } from '../../scripts/galleryPage.ts';

const screens = galleryScreens();
const byKey = (key: string) => screens.find((s) => s.key === key)!;
/** A flow's step by id: keys number the steps, and a step a marketer adds renumbers the ones after it. */
const byStep = (flowId: string, stepId: string) => screens.find((s) => s.group === flowId && s.stepId === stepId)!;
/** The step ids a step may go to next, whatever its outcome. */
const nextIds = (flowId: string, stepId: string): string[] => {
  const next = funnelData.flows[flowId]!.steps[stepId]!.next;
  return typeof next === 'string' ? [next] : Object.values(next ?? {}).map(String);
};

describe('gallery screens', () => {
  it('lists every step of every flow once, entry first, the first branch before the others', () => {
    for (const [flowId, flow] of Object.entries(funnelData.flows)) {
      const steps = screens.filter((s) => s.group === flowId).map((s) => s.stepId);
      expect(steps.sort()).toEqual(Object.keys(flow.steps).sort());
      expect(screens.find((s) => s.group === flowId)!.stepId).toBe(flow.entry);
    }
    const family = screens.filter((s) => s.group === 'family').map((s) => s.stepId);
    expect(family.indexOf('enter-circle-name')).toBeLessThan(family.indexOf('enter-code'));
    // the join branch comes last: the code, the welcome into the Circle, and the joiner's own steps after it (read from the flow)
    const steps = funnelData.flows.family!.steps;
    const joinBranch: string[] = [];
    for (let id: string | undefined = 'enter-code'; id !== undefined && steps[id] && !family.slice(0, family.indexOf('enter-code')).includes(id);) {
      joinBranch.push(id);
      const next: unknown = steps[id]!.next;
      id = typeof next === 'string' ? next : undefined;
    }
    expect(joinBranch.slice(0, 2)).toEqual(['enter-code', 'circle-joined']);
    expect(family.slice(-joinBranch.length)).toEqual(joinBranch);
  });

  it('lists every landing variant with its entry screen at its own path, and its paywall', () => {
    for (const id of variantIds(funnelData.landings)) {
      const variant = getVariant(funnelData.landings, id)!;
      expect(byKey(`variants/${id}-landing`)).toMatchObject({ path: variant.paths[0], variantId: id, walked: [] });
    }
    expect(byKey('variants/discount-plans')).toMatchObject({ path: '/signup/plans', variantId: 'discount', screen: 'paywall' });
    expect(screens.some((s) => s.key === 'variants/family-plans')).toBe(false);
  });

  it('keeps the way a visitor walked, with the outcome chosen at a branch', () => {
    const code = byStep('family', 'enter-code');
    const walked = code.walked.map((w) => w.stepId);
    // from the entry, step by step along the flow's own links, through the branch with the outcome "join"
    expect(walked[0]).toBe(funnelData.flows.family!.entry);
    walked.forEach((id, k) => expect(nextIds('family', id)).toContain(walked[k + 1] ?? 'enter-code'));
    expect(code.walked.at(-1)!.outcome).toBe('join');
    expect(byKey('main/01-landing')).toMatchObject({ path: '/', variantId: 'fullPrice' });
    expect(byKey('family/01-family')).toMatchObject({ path: '/family', variantId: 'family' });
  });

  it('selects by step id, screen type, path or part of the key', () => {
    expect(selectScreens(screens, 'checkout').map((s) => s.key)).toEqual([byStep('main', 'checkout').key, byStep('main', 'checkout-success').key]);
    expect(selectScreens(screens, '/family/offer').map((s) => s.key)).toEqual([byStep('family', 'family-offer').key]);
    expect(selectScreens(screens, 'text-entry')).toHaveLength(3);
    expect(selectScreens(screens, undefined)).toBe(screens);
  });
});

describe('seeded visitor data', () => {
  it('gives a family screen what the steps before it stored, and the history of the way there', async () => {
    const storage = await seededStorage(byStep('family', 'add-your-home'), 'http://unused.invalid');
    const root = JSON.parse(storage.local[PERSIST_KEY]!);
    expect(root).toMatchObject({ version: 0, plans: { landingType: 'family' } });
    expect(root.family).toMatchObject({
      phone: '+12025550143',
      phoneCountry: 'US',
      name: 'Anna',
      circleAction: 'create',
      circleName: 'Miller family',
      code: 'K7P4QX',
      role: 'mom',
    });
    expect(root.family.home).toBeUndefined();
    expect(JSON.parse(storage.session[HISTORY_KEY]!)).toEqual([
      '/family',
      '/family/phone-number',
      '/family/name',
      '/family/create-circle',
      '/family/enter-circle-name',
      '/family/share-circle-code',
      '/family/choose-your-role',
      '/family/add-your-home',
    ]);
    expect(storage.session.access_token).toBeUndefined();
  });

  it('takes the join branch for the code screen', async () => {
    const root = JSON.parse((await seededStorage(byStep('family', 'enter-code'), 'http://unused.invalid')).local[PERSIST_KEY]!);
    expect(root.family.circleAction).toBe('join');
  });
});

describe('flow diagram and contact sheet', () => {
  it('draws every step, the outcomes of a branch and the variant overrides', () => {
    const svg = flowDiagram(funnelData, 'family');
    for (const id of Object.keys(funnelData.flows.family!.steps)) expect(svg).toContain(`>${id}</text>`);
    expect(svg).toContain('>create</text>');
    expect(svg).toContain('>join</text>');
    expect(svg).toContain('checkout (another flow)');
    const main = flowDiagram(funnelData, 'main');
    expect(main).toContain('>needsSignup</text>');
    expect(main).toMatch(/class="edge edge--variant"/);
    expect(main).toContain('>optionsy</text>');
    expect(variantRows(funnelData, 'main')).toContain('landing: next → &quot;place-alerts&quot;');
  });

  it('puts each screenshot under its screen, one column per language and width, and names failures', () => {
    const landing = byKey('main/01-landing');
    const html = galleryPage(
      funnelData,
      [
        { screen: landing, language: 'en', width: 375, file: 'main/01-landing.en.375.png' },
        { screen: landing, language: 'ar', width: 1280, error: 'the funnel went to /' },
      ],
      new Date(0),
    );
    expect(html).toContain('<h3 id="main/01-landing">');
    expect(html).toContain('src="main/01-landing.en.375.png"');
    expect(html).toContain('ar · 1280 px');
    expect(html).toContain('the funnel went to /');
    expect(html).toContain('1 screenshots, <b>1 failed</b>');
    expect(html).toContain('<svg');
  });
});
