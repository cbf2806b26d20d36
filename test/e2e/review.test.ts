/**
 * `npm run review` on a scratch repository: a copy of this tree committed as the base (with the
 * docs' example experiment running on /latam), then one commit with a text change in German, a
 * price change, an added landing variant and new experiment weights. The review of that commit
 * against its parent (the default base) must show each in its own section, render only the screens
 * those edits can alter, pass axe-core and carry no script. Every expectation comes from the edit the
 * test makes to the data it finds.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenTexts, type TextTree } from '../../engine/review/index.ts';
import type { Review } from '../../scripts/review/model.ts';
import { funnelData } from '../../screens/flowData.ts';
import { getVariant, languageCodes, variantIds } from '../../engine/index.ts';
import project from '../../funnel.config.ts';
import { browser, closeBrowser, hasChromium } from './browser.ts';

const root = new URL('../../', import.meta.url).pathname;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LANGUAGE = 'de';
const NEW_VARIANT = 'reviewspring';
const NEW_WEIGHTS = [0.25, 0.75];

const home = variantIds(funnelData.landings).find((id) => getVariant(funnelData.landings, id)!.paths.includes('/'))!;
const homeFlow = funnelData.flows[getVariant(funnelData.landings, home)!.flow]!;
const sources = execFileSync('git', ['grep', '-h', '-o', '-E', '[\'"`][a-zA-Z0-9_.]+[\'"`]', '--', 'screens', 'engine'], { cwd: root, encoding: 'utf8' });
const english = flattenTexts(JSON.parse(readFileSync(join(root, 'locales/en.json'), 'utf8')) as TextTree);
const dataText = JSON.stringify({ flows: funnelData.flows, landings: funnelData.landings });

/** A text key of a step of the home variant's flow (not its entry) that only that step names and no code quotes. */
const textStep = Object.entries(homeFlow.steps)
  .filter(([id]) => id !== homeFlow.entry)
  .flatMap(([stepId, step]) =>
    Object.values(('props' in step ? step.props : {}) as Record<string, unknown>)
      .filter((v): v is string => typeof v === 'string' && english.has(v))
      .map((key) => ({ stepId, key })),
  )
  .find(({ key }) => dataText.split(`"${key}"`).length === 2 && !sources.includes(key))!;

/** A plan that one variant lists, not the one on "/". */
const listedBy = (plan: string): string[] => variantIds(funnelData.landings).filter((id) => getVariant(funnelData.landings, id)!.plans.includes(plan));
const pricedPlan = Object.keys(funnelData.plans.plans).find((plan) => listedBy(plan).length === 1 && listedBy(plan)[0] !== home)!;
const pricedVariant = listedBy(pricedPlan)[0]!;
/** The variant the new one copies: another of the home flow's. */
const copied = variantIds(funnelData.landings).find(
  (id) => id !== home && getVariant(funnelData.landings, id)!.flow === getVariant(funnelData.landings, home)!.flow,
)!;

const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' });
const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const writeJson = (file: string, value: unknown): void => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

describe.skipIf(!hasChromium())('npm run review', () => {
  let scratch: string;
  let review: Omit<Review, 'beforeData' | 'afterData'>;
  let html: string;
  let out: string;
  let newText: string;
  let experimentId: string;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'funnel-review-test-'));
    const repo = join(scratch, 'repo');
    out = join(scratch, 'out');
    for (const file of git(root, 'ls-files', '-co', '--exclude-standard').split('\n').filter(Boolean)) {
      mkdirSync(dirname(join(repo, file)), { recursive: true });
      cpSync(join(root, file), join(repo, file));
    }
    symlinkSync(join(root, 'node_modules'), join(repo, 'node_modules'));
    const example = readJson(join(root, 'test/fixtures/experiments/latam-offer.json'));
    writeJson(join(repo, 'flows/experiments.json'), { ...example, $schema: '../schemas/experiments.schema.json' });
    experimentId = Object.keys(example).find((k) => k !== '$schema')!;
    git(repo, 'init', '-q', '-b', 'work');
    writeFileSync(join(repo, '.git/info/exclude'), 'node_modules\n');
    git(repo, 'add', '-A');
    git(repo, '-c', 'user.name=Review Test', '-c', 'user.email=review@example.com', 'commit', '-q', '-m', 'base');

    // the edits under review
    const localeFile = join(repo, `locales/${LANGUAGE}.json`);
    const locale = readJson(localeFile);
    const path = textStep.key.split('.');
    const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, part) => node[part] as Record<string, unknown>, locale);
    newText = `${String(parent[path.at(-1)!])} & "neu"`;
    parent[path.at(-1)!] = newText;
    writeJson(localeFile, locale);

    const plans = readJson(join(repo, 'flows/plans.json')) as { plans: Record<string, { price: number; periodPrice?: number }> };
    const plan = plans.plans[pricedPlan]!;
    plan.price = Math.round(plan.price * 200) / 100;
    if (plan.periodPrice !== undefined) plan.periodPrice = Math.round(plan.periodPrice * 200) / 100;
    writeJson(join(repo, 'flows/plans.json'), plans);

    const landings = readJson(join(repo, 'flows/landings.json'));
    landings[NEW_VARIANT] = { ...(landings[copied] as object), paths: [`/${NEW_VARIANT}`] };
    writeJson(join(repo, 'flows/landings.json'), landings);

    const experiments = readJson(join(repo, 'flows/experiments.json'));
    experiments[experimentId] = { ...(experiments[experimentId] as object), weights: NEW_WEIGHTS };
    writeJson(join(repo, 'flows/experiments.json'), experiments);
    git(repo, 'add', '-A');
    git(repo, '-c', 'user.name=Review Test', '-c', 'user.email=review@example.com', 'commit', '-q', '-m', 'edits');

    // one width and, for what is not a text, one language: few screens to render
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/review.ts', '--out', out, '--lang', 'en', '--width', '375'], {
      cwd: repo,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`npm run review failed:\n${run.stdout}\n${run.stderr}`);
    review = JSON.parse(readFileSync(join(out, 'review.json'), 'utf8')) as typeof review;
    html = readFileSync(join(out, 'index.html'), 'utf8');
  }, 300_000);

  afterAll(async () => {
    await closeBrowser();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('compares with the parent commit and lists the files that differ', () => {
    expect(review.base.ref).toBe('the parent commit');
    expect(review.changedFiles).toEqual(['flows/experiments.json', 'flows/landings.json', 'flows/plans.json', `locales/${LANGUAGE}.json`]);
  });

  it('shows the changed text, and its screen before and after, in that language only', () => {
    expect(review.texts).toEqual([{ language: LANGUAGE, key: textStep.key, before: expect.any(String), after: newText }]);
    const screenId = `${getVariant(funnelData.landings, home)!.flow}/${textStep.stepId}`;
    const shot = review.screens.find((s) => s.id === screenId && s.language === LANGUAGE);
    expect(shot?.status).toBe('changed');
    expect(shot?.changedPixels).toBeGreaterThan(0);
    for (const file of [shot!.before!, shot!.after!, shot!.diff!]) expect(html).toContain(`src="${file}"`);
    expect(review.screens.filter((s) => s.reasons.some((r) => r.includes(textStep.key))).map((s) => s.language)).toEqual([LANGUAGE]);
    // the data's text is escaped, never markup
    expect(html).toContain(newText.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
    expect(html).not.toContain(newText);
  });

  it('lists the changed price sentences of the plan, and renders the paywall of the variant that shows it', () => {
    const changed = review.prices.filter((p) => p.plan === pricedPlan);
    // the price is in every sentence the plan has, in every language
    expect(new Set(changed.map((p) => p.language))).toEqual(new Set(languageCodes(project.languages)));
    expect(changed.every((p) => p.before !== p.after)).toBe(true);
    expect(review.prices.every((p) => p.plan === pricedPlan)).toBe(true);
    expect(review.summary.some((l) => l.includes(pricedPlan))).toBe(true);
    const paywall = review.screens.find((s) => s.id.startsWith(`variants/${pricedVariant}-`) && s.reasons.some((r) => r.includes(pricedPlan)));
    expect(paywall?.status).toBe('changed');
  });

  it('renders the added variant after only and gives its path its traffic', () => {
    expect(review.variants.added).toEqual([NEW_VARIANT]);
    const added = review.screens.filter((s) => s.id.startsWith(`variants/${NEW_VARIANT}-`));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((s) => s.status === 'added' && s.after && !s.before)).toBe(true);
    expect(review.traffic).toContainEqual({ path: `/${NEW_VARIANT}`, before: {}, after: { [NEW_VARIANT]: 1 }, targeted: false });
    expect(review.summary).toContain(`variant ${NEW_VARIANT} added (/${NEW_VARIANT})`);
  });

  it('warns that the running experiment’s visitors would be bucketed anew, with the shares before and after', () => {
    expect(review.rebucket).toEqual([{ experimentId, fields: ['weights'] }]);
    const example = readJson(join(root, 'test/fixtures/experiments/latam-offer.json'))[experimentId] as {
      paths: string[];
      variations: string[];
      weights: number[];
    };
    const row = review.traffic.find((r) => r.path === example.paths[0]);
    expect(row?.experimentId).toBe(experimentId);
    example.variations.forEach((variant, k) => {
      expect(row!.before[variant]).toBeCloseTo(example.weights[k]!);
      expect(row!.after[variant]).toBeCloseTo(NEW_WEIGHTS[k]!);
    });
    expect(html).toContain('bucketed anew');
  });

  it('renders nothing else: every rendered screen is there for one of the edits', () => {
    const edits = [textStep.key, pricedPlan, NEW_VARIANT];
    for (const s of review.screens) expect(s.reasons.some((r) => edits.some((e) => r.includes(e)))).toBe(true);
  });

  it('is a page without script that passes axe-core', async () => {
    expect(html).not.toMatch(/<script/i);
    const context = await (await browser()).newContext({ javaScriptEnabled: true });
    try {
      const page = await context.newPage();
      await page.goto(`file://${join(out, 'index.html')}`);
      expect(await page.evaluate(() => document.scripts.length)).toBe(0);
      await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: Array<{ id: string; help: string }> }> } })
          .axe;
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
          resultTypes: ['violations'],
        });
        return result.violations.map((v) => `${v.id}: ${v.help}`);
      });
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
