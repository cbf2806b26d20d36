/**
 * One timed run of the funnel report for the benchmark, in its own process so that its peak memory
 * is its own: builds the report of the file given (DuckDB with 2 threads and a 1.5 GB limit), renders
 * the terminal tables and the HTML page, and prints { ms, cpuMs, maxRssBytes } as JSON.
 */
import { loadFunnelData } from '../../engine/validate/index.ts';
import { buildReport } from '../report/analyse.ts';
import { reportPage } from '../report/html.ts';
import { formatOf } from '../report/load.ts';
import { terminalReport } from '../report/terminal.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: reportRun.ts <events file>');
const data = await loadFunnelData();
const started = performance.now();
const cpu = process.cpuUsage();
const report = await buildReport(data, [{ path: file, format: formatOf(file) }], { memoryLimit: '1.5GB', threads: 2 });
terminalReport(report);
reportPage(report);
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    events: report.quality.total,
  }),
);
