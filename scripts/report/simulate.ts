/**
 * `npm run simulate -- [options]`: writes a simulated event log of the funnel (Segment JSON lines,
 * and Parquet with --parquet) from the flow graph of flows/, seeded, for trying the report and
 * proving its statistics. `npm run simulate -- --help` lists the options.
 */
import { parseArgs } from 'node:util';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { jsonToParquet } from './parquet.ts';
import { DEFAULT_OPTIONS, simulationModel, type SimulationOptions } from './simulator.ts';
import { writeEventLog } from './simWriter.ts';

const HELP = `npm run simulate -- [options]
  --out <file>            JSON-lines log to write (default simulated-events.jsonl)
  --parquet <file>        also write the log as Parquet
  --visitors <n>          visitors (default 10000)
  --seed <n>              PRNG seed (default 1)
  --days <n>              arrivals spread over n days (default 14)
  --paths <a,b>           landing paths visitors arrive on (default ${DEFAULT_OPTIONS.paths.join(',')})
  --continue <rate>       chance to go on from each step (default ${DEFAULT_OPTIONS.continueRate})
  --step <id=rate>        chance to go on from one step (repeatable; default checkout=${DEFAULT_OPTIONS.stepRates!.checkout})
  --upsell <rate>         chance a buyer takes the upsell (default ${DEFAULT_OPTIONS.upsellRate})
  --lift <variant=rel>    plant a relative lift in purchase for a landing type, e.g. trial=0.1
  --split <exp=w1,w2>     assign with these weights instead of the declared ones (a broken split), e.g. latam-offer=45,55
  --bad                   plant bad input: duplicates, unknown events, another funnel's events, clock skew, a truncated last line
  --no-subscriptions      leave out the backend's subscription events (renewals, refunds, cancellations over 90 days)`;

const { values } = parseArgs({
  allowNegative: true,
  options: {
    out: { type: 'string', default: 'simulated-events.jsonl' },
    parquet: { type: 'string' },
    visitors: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    days: { type: 'string', default: '14' },
    paths: { type: 'string' },
    continue: { type: 'string' },
    step: { type: 'string', multiple: true },
    upsell: { type: 'string' },
    lift: { type: 'string' },
    split: { type: 'string' },
    bad: { type: 'boolean', default: false },
    subscriptions: { type: 'boolean', default: true },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const pair = (text: string, flag: string): [string, string] => {
  const at = text.indexOf('=');
  if (at < 1) throw new Error(`${flag} takes name=value, got "${text}"`);
  return [text.slice(0, at), text.slice(at + 1)];
};
const number = (text: string, flag: string): number => {
  const n = Number(text);
  if (!Number.isFinite(n)) throw new Error(`${flag} takes a number, got "${text}"`);
  return n;
};

const simulation: SimulationOptions = {
  ...DEFAULT_OPTIONS,
  ...(values.paths ? { paths: values.paths.split(',') } : {}),
  ...(values.continue ? { continueRate: number(values.continue, '--continue') } : {}),
  ...(values.upsell ? { upsellRate: number(values.upsell, '--upsell') } : {}),
  stepRates: {
    ...DEFAULT_OPTIONS.stepRates,
    ...Object.fromEntries((values.step ?? []).map((s) => pair(s, '--step')).map(([k, v]) => [k, number(v, '--step')])),
  },
};
if (values.lift) {
  const [variant, relative] = pair(values.lift, '--lift');
  simulation.lift = { variant, relative: number(relative, '--lift') };
}
if (values.split) {
  const [id, weights] = pair(values.split, '--split');
  simulation.forcedSplit = { [id]: weights.split(',').map((w) => number(w, '--split')) };
}

const visitors = number(values.visitors, '--visitors');
const model = simulationModel(await loadFunnelData());
const started = Date.now();
const written = writeEventLog(values.out, model, {
  visitors,
  seed: number(values.seed, '--seed'),
  start: Date.UTC(2026, 0, 1),
  days: number(values.days, '--days'),
  simulation,
  subscriptions: values.subscriptions,
  bad: values.bad
    ? {
        duplicates: Math.ceil(visitors / 200),
        unknownEvents: Math.ceil(visitors / 500),
        otherFunnel: Math.ceil(visitors / 500),
        skewedVisitors: Math.ceil(visitors / 100),
        truncated: true,
      }
    : undefined,
});
console.log(`${values.out}: ${written.lines} lines from ${written.visitors} visitors in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (values.bad)
  console.log(
    `planted: ${written.duplicates} duplicates, ${written.unknownEvents} unknown events, ${written.otherFunnel} events of another funnel, ${written.skewedMessages} events with a fast clock, a truncated last line`,
  );
if (values.parquet) {
  await jsonToParquet([values.out], values.parquet);
  console.log(`${values.parquet}: written`);
}
