/**
 * The report benchmark's input: about 10 million simulated events in one Parquet file, made once and
 * kept under .build/report-bench/ (ignored by git). Generated in chunks of JSON lines, converted by
 * DuckDB, the chunks deleted.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { jsonToParquet } from '../report/parquet.ts';
import { DEFAULT_OPTIONS, simulationModel } from '../report/simulator.ts';
import { writeEventLog } from '../report/simWriter.ts';

const root = new URL('../..', import.meta.url).pathname;
export const BENCH_DIR = join(root, '.build', 'report-bench');
/** About 11.9 events per simulated visitor: 850,000 visitors give just over 10 million events. */
const VISITORS = 850_000;
const CHUNK = 50_000;

/** The path of the benchmark's Parquet file, generated first if missing. */
export async function benchEvents(): Promise<string> {
  const file = join(BENCH_DIR, `events-${VISITORS}-visitors.parquet`);
  if (existsSync(file)) return file;
  mkdirSync(BENCH_DIR, { recursive: true });
  const model = simulationModel(await loadFunnelData());
  const chunks: string[] = [];
  const started = Date.now();
  let lines = 0;
  for (let k = 0; k * CHUNK < VISITORS; k++) {
    const chunk = join(BENCH_DIR, `chunk-${k}.jsonl`);
    const days = 28;
    const visitors = Math.min(CHUNK, VISITORS - k * CHUNK);
    // chunks follow one another in time, each with its own seed
    const start = Date.UTC(2026, 0, 1) + ((k * CHUNK) / VISITORS) * days * 86_400_000;
    lines += writeEventLog(chunk, model, { visitors, seed: 1000 + k, start, days: (visitors / VISITORS) * days, simulation: DEFAULT_OPTIONS }).lines;
    chunks.push(chunk);
    process.stdout.write(`\rgenerating the report benchmark's events: ${lines} lines`);
  }
  console.log(` in ${((Date.now() - started) / 1000).toFixed(0)} s; converting to Parquet`);
  await jsonToParquet(chunks, `${file}.part`);
  renameSync(`${file}.part`, file);
  for (const chunk of chunks) rmSync(chunk);
  return file;
}
