/**
 * A review of the current tree against a base commit: both versions snapshotted and built in their
 * own trees (side.ts), the data compared (engine/review), the screens a change can alter rendered on
 * both sides and compared pixel by pixel, and the report written (page.ts).
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  affectedScreens,
  diffFindings,
  diffFlows,
  diffPlans,
  diffTexts,
  diffVariants,
  limitPlan,
  rebucketWarnings,
  trafficChanges,
  type ReviewSettings,
} from '../../engine/review/index.ts';
import { changedFiles, layOutBase, resolveBase } from './baseTree.ts';
import { comparePngs } from './pixels.ts';
import { reviewPage } from './page.ts';
import { priceChanges } from './prices.ts';
import { summaryLines } from './summary.ts';
import type { ShotTask, SideSnapshot } from './types.ts';
import type { Review, ScreenResult } from './model.ts';

export interface ReviewOptions {
  /** The project root: the version under review. */
  root: string;
  base?: string;
  out: string;
  settings: ReviewSettings;
  sourceDirs: string[];
  widths: number[];
  /** At most this many screen-language pairs are rendered (a quick review); the others are listed. */
  limit?: number;
  log?: (line: string) => void;
}

const SIDE = new URL('./side.ts', import.meta.url).pathname;

function runSide(cwd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SIDE, ...args], { cwd, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`the review of ${cwd} failed (${args[0]}):\n${stderr.trim()}`))));
  });
}

/** Waits for every side to end (none is left writing into the temporary folder), then throws the first failure. */
async function settled(runs: Array<Promise<void>>): Promise<void> {
  const failed = (await Promise.allSettled(runs)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function sourcesOf(root: string, dirs: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (/\.(tsx?|mjs|js)$/.test(entry.name)) out.set(relative(root, path), await readFile(path, 'utf8'));
    }
  };
  for (const dir of dirs) await walk(join(root, dir));
  return out;
}

export async function runReview(options: ReviewOptions): Promise<Review> {
  const log = options.log ?? ((): void => undefined);
  const { root, out, settings } = options;
  const base = resolveBase(root, options.base);
  const files = changedFiles(root, base.commit);
  const tmp = await mkdtemp(join(tmpdir(), 'funnel-review-'));
  try {
    const baseRoot = join(tmp, 'base');
    await layOutBase(root, base.commit, baseRoot);
    // both sides read the price sentences for the same day
    const now = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`).toISOString();
    const sides = { before: { root: baseRoot, dist: join(tmp, 'dist-before') }, after: { root, dist: join(tmp, 'dist-after') } };
    log(`review: ${base.commit.slice(0, 10)} (${base.ref}) → the current tree; ${files.length} files differ; building both`);
    await settled(
      Object.entries(sides).map(([name, side]) =>
        runSide(side.root, ['snapshot', '--root', side.root, '--dist', side.dist, '--out', join(tmp, `${name}.json`), '--now', now]),
      ),
    );
    const before = JSON.parse(await readFile(join(tmp, 'before.json'), 'utf8')) as SideSnapshot;
    const after = JSON.parse(await readFile(join(tmp, 'after.json'), 'utf8')) as SideSnapshot;

    const texts = diffTexts(before.texts, after.texts);
    const flows = diffFlows(before.data, after.data);
    const variants = diffVariants(before.data, after.data);
    const plans = diffPlans(before.data, after.data);
    const wanted = affectedScreens({
      settings,
      changedFiles: files,
      base: before.data,
      head: after.data,
      texts,
      flows,
      variants,
      plans,
      // a screen that went away is listed, not rendered; one that is new is rendered after only
      screens: after.screens,
      sources: await sourcesOf(root, options.sourceDirs),
    });
    const { kept: plan, left: notRendered } = options.limit === undefined ? { kept: wanted, left: [] } : limitPlan(wanted, after.screens, options.limit);

    await rm(out, { recursive: true, force: true });
    await mkdir(join(out, 'shots'), { recursive: true });
    const beforeIds = new Set(before.screens.map((s) => s.id));
    const results: ScreenResult[] = [];
    const tasks: Record<'before' | 'after', ShotTask[]> = { before: [], after: [] };
    for (const screen of after.screens) {
      for (const [language, reasons] of plan.get(screen.id) ?? []) {
        for (const width of options.widths) {
          const name = `shots/${screen.key}.${language}.${width}`;
          const result: ScreenResult = { id: screen.id, language, width, reasons: [...reasons], status: 'unchanged', after: `${name}.after.png` };
          if (beforeIds.has(screen.id)) {
            result.before = `${name}.before.png`;
            tasks.before.push({ id: screen.id, language, width, file: join(out, result.before) });
          } else result.status = 'added';
          tasks.after.push({ id: screen.id, language, width, file: join(out, result.after!) });
          results.push(result);
        }
      }
    }
    const afterIds = new Set(after.screens.map((s) => s.id));
    const removedScreens = before.screens.filter((s) => !afterIds.has(s.id)).map((s) => s.id);
    log(`review: ${tasks.after.length + tasks.before.length} screenshots of ${plan.size} screens`);
    const shotErrors = new Map<string, string>();
    await settled(
      (['before', 'after'] as const).map(async (name) => {
        if (!tasks[name].length) return;
        const tasksFile = join(tmp, `${name}-tasks.json`);
        await writeFile(tasksFile, JSON.stringify(tasks[name]));
        await runSide(sides[name].root, [
          'shots',
          '--root',
          sides[name].root,
          '--dist',
          sides[name].dist,
          '--tasks',
          tasksFile,
          '--out',
          join(tmp, `${name}-shots.json`),
        ]);
        for (const r of JSON.parse(await readFile(join(tmp, `${name}-shots.json`), 'utf8')) as Array<{ file: string; error?: string }>) {
          if (r.error) shotErrors.set(r.file, r.error);
        }
      }),
    );
    for (const result of results) {
      const errors = [result.before, result.after].filter((f): f is string => !!f && shotErrors.has(join(out, f))).map((f) => shotErrors.get(join(out, f))!);
      if (errors.length) {
        result.status = 'failed';
        result.error = errors.join('; ');
        continue;
      }
      if (result.status === 'added') continue;
      const diffFile = result.after!.replace(/\.after\.png$/, '.diff.png');
      const { changedPixels } = await comparePngs(join(out, result.before!), join(out, result.after!), join(out, diffFile));
      result.changedPixels = changedPixels;
      if (changedPixels > 0) {
        result.status = 'changed';
        result.diff = diffFile;
      } else {
        // listed, not shown
        await rm(join(out, result.before!), { force: true });
        await rm(join(out, result.after!), { force: true });
        delete result.before;
        delete result.after;
      }
    }

    const review: Review = {
      base: { ref: base.ref, commit: base.commit },
      changedFiles: files,
      texts,
      flows,
      variants,
      plans,
      screens: results,
      removedScreens,
      notRendered,
      prices: priceChanges(before.prices, after.prices),
      traffic: trafficChanges(before.data, after.data).map((row) => ({ ...row, before: Object.fromEntries(row.before), after: Object.fromEntries(row.after) })),
      rebucket: rebucketWarnings(before.data, after.data),
      findings: diffFindings(before.findings, after.findings),
      bytes: { before: before.bytes, after: after.bytes },
      beforeData: before.data,
      afterData: after.data,
      summary: [],
    };
    review.summary = summaryLines(review);
    await writeFile(join(out, 'index.html'), reviewPage(review));
    await writeFile(join(out, 'summary.md'), `${review.summary.join('\n')}\n`);
    const { beforeData: _b, afterData: _a, ...json } = review;
    await writeFile(join(out, 'review.json'), JSON.stringify(json, null, 1));
    return review;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
