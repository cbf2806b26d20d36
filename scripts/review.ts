/**
 * `npm run review [-- --base <git ref>] [--out .build/review] [--lang en,de] [--width 375,1280] [--limit N]`: what
 * visitors will see differently in the current tree than in the base (default: the merge base with
 * main, else the parent commit), as a static page: the screens a change can alter rendered before and
 * after with their changed pixels, the flow graphs, texts, price sentences, traffic splits, validator
 * findings and landing bytes, and a summary to paste into a pull request (engine/review, scripts/review).
 * `--lang` sets the languages a change other than a text is rendered in; `--limit N` renders at most N
 * screen-language pairs (one of each screen type first) and lists the rest. When no base exists (a first
 * or shallow commit) it says so and exits 0.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { reviewSettings } from '../engine/review/index.ts';
import project from '../funnel.config.ts';
import { NoBaseError } from './review/baseTree.ts';
import { runReview } from './review/run.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    out: { type: 'string', default: '.build/review' },
    lang: { type: 'string' },
    width: { type: 'string', default: '375,1280' },
    limit: { type: 'string' },
  },
});

const started = Date.now();
const out = resolve(values.out!);
try {
  const review = await runReview({
    root: project.root,
    ...(values.base ? { base: values.base } : {}),
    out,
    settings: reviewSettings(
      project,
      values.lang
        ?.split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    ),
    sourceDirs: project.sourceDirs,
    ...(values.limit ? { limit: Number(values.limit) } : {}),
    widths: values
      .width!.split(',')
      .map(Number)
      .filter((w) => w > 0),
    log: (line) => console.log(line),
  });
  console.log(`\n${review.summary.map((l) => `- ${l}`).join('\n')}\n\nreview in ${((Date.now() - started) / 1000).toFixed(0)} s: ${join(out, 'index.html')}`);
  if (review.screens.some((s) => s.status === 'failed')) process.exitCode = 1;
} catch (error) {
  if (error instanceof NoBaseError) console.log(`review: no base to compare with: ${error.message}`);
  else throw error;
}
