/**
 * `npm run report -- [files] [options]`: which variant wins, step by step and in revenue. Reads
 * Segment messages (JSON lines or Parquet; default the preview collector's log, COLLECTOR_LOG or
 * .build/collector.jsonl), runs the SQL of sql/ in an embedded DuckDB (or, with --postgres, its
 * Postgres dialect in PGlite), prints the tables and writes the HTML report. `npm run report -- --help`
 * lists the options.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { defaultCollectorLog } from '../server/sandbox/collectorLog.ts';
import { buildReport, referenceTableStatements } from './analyse.ts';
import { reportPage } from './html.ts';
import { formatOf, type InputFormat } from './load.ts';
import { buildPostgresReport } from './postgres.ts';
import { promotionEdit, PromotionRefused, winnerToPromote } from './promote.ts';
import { DEFAULT_TEST } from './stats.ts';
import { terminalReport } from './terminal.ts';
import { mixedVersionsWarning, splitByVersion, versionsIn } from './versions.ts';

const HELP = `npm run report -- [file ...] [options]
  file                   Segment messages: JSON lines (.jsonl, .json, .log) or Parquet (.parquet);
                         default the preview collector's log (COLLECTOR_LOG, else .build/collector.jsonl)
  --format <jsonl|parquet>  read every file as this format instead of going by its name
  --html <file>          where to write the HTML report (default report.html; --html '' for none)
  --json <file>          also write the report's numbers as JSON
  --memory <limit>       DuckDB memory limit (default 1.5GB)
  --threads <n>          DuckDB threads (default 2)
  --postgres             run the Postgres dialect of the SQL (sql/postgres/) in PGlite, Postgres in
                         WebAssembly, instead of DuckDB: slower, JSON lines only
  --reference-sql <file> write the reference tables a warehouse needs (this funnel's landing types,
                         experiments, steps, catalogue, data-quality bounds as of now) as SQL for
                         psql and the like, and stop
  --by-version           one report per version of the funnel (the events' context.flow_version):
                         tables headed by the version, HTML and JSON files named <file>.<version>;
                         without it a report over several versions warns (JSON lines only)
  --fixed-horizon        read the comparisons with a fixed-horizon t-test (valid once, at a sample size
                         decided in advance) instead of the default sequential test (valid every day)
  --promote <experiment> once the report names the experiment's winner, end the experiment with it in
                         flows/experiments.json ("status": "stopped", "winner"): a minimal edit to review;
                         refused while no winner is established
  --quiet                no terminal tables`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: 'string' },
    html: { type: 'string', default: 'report.html' },
    json: { type: 'string' },
    memory: { type: 'string', default: '1.5GB' },
    threads: { type: 'string', default: '2' },
    quiet: { type: 'boolean', default: false },
    'by-version': { type: 'boolean', default: false },
    'fixed-horizon': { type: 'boolean', default: false },
    promote: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    'reference-sql': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}
if (values.format && values.format !== 'jsonl' && values.format !== 'parquet') {
  console.error(`--format takes jsonl or parquet, got "${values.format}"`);
  process.exit(2);
}

if (values['reference-sql']) {
  const statements = referenceTableStatements(await loadFunnelData());
  writeFileSync(values['reference-sql'], statements.map((s) => `${s};\n`).join(''));
  console.log(`reference tables: ${values['reference-sql']}`);
  process.exit(0);
}

const files = positionals.length ? positionals : [defaultCollectorLog()];
const missing = files.filter((f) => !existsSync(f));
if (missing.length) {
  console.error(
    `report: no file ${missing.join(', ')}` +
      (positionals.length ? '' : '\nThe preview collector writes it: run npm start and walk a few steps, or pass event files (npm run report -- --help).'),
  );
  process.exit(1);
}
const inputs = files.map((path) => ({ path, format: (values.format as InputFormat | undefined) ?? formatOf(path) }));
if (values.postgres && inputs.some((i) => i.format !== 'jsonl')) {
  console.error('report: --postgres reads JSON lines only');
  process.exit(2);
}
/** `report.html` → `report.<version>.html` (the version made safe for a file name). */
const perVersion = (file: string, version: string): string => file.replace(/(\.[^./]*)?$/, (ext) => `.${version.replace(/[^a-zA-Z0-9_-]+/g, '_')}${ext}`);

try {
  const data = await loadFunnelData();
  const jsonl = inputs.every((i) => i.format === 'jsonl');
  if (values['by-version'] && !jsonl) throw new Error('--by-version reads JSON lines only');
  if (values['by-version'] && values.promote) throw new Error('--promote decides on the whole log: leave out --by-version');
  const runs = values['by-version'] ? await splitByVersion(inputs.map((i) => i.path)) : [{ version: '', file: '' }];
  if (!values['by-version'] && jsonl) {
    const warning = mixedVersionsWarning(await versionsIn(inputs.map((i) => i.path)));
    if (warning) console.error(warning);
  }
  for (const run of runs) {
    const runInputs = run.file ? [{ path: run.file, format: 'jsonl' as const }] : inputs;
    const report = values.postgres
      ? await buildPostgresReport(
          data,
          runInputs.map((i) => i.path),
        )
      : await buildReport(data, runInputs, {
          memoryLimit: values.memory,
          threads: Number(values.threads),
          test: { ...DEFAULT_TEST, sequential: !values['fixed-horizon'] },
        });
    if (run.version) console.log(`\n=== version ${run.version} ===`);
    if (!values.quiet) console.log(terminalReport(report));
    if (values.html) {
      const file = run.version ? perVersion(values.html, run.version) : values.html;
      writeFileSync(file, reportPage(report).html);
      console.log(`\nHTML report: ${file}`);
    }
    if (values.json) writeFileSync(run.version ? perVersion(values.json, run.version) : values.json, JSON.stringify(report, null, 2));
    if (values.promote) {
      const winner = winnerToPromote(report, values.promote);
      const file = new URL('../../flows/experiments.json', import.meta.url);
      writeFileSync(file, promotionEdit(readFileSync(file, 'utf8'), values.promote, winner));
      console.log(
        `\nflows/experiments.json: "${values.promote}" stopped with winner "${winner}"; everyone gets it once deployed (review the change, then npm run validate).`,
      );
    }
  }
} catch (error) {
  if (error instanceof PromotionRefused) {
    console.error(`report: --promote refused: ${error.message}`);
    process.exit(3);
  }
  console.error(`report: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
