/**
 * The report as one self-contained HTML page that opens offline: uPlot (its minified build and
 * stylesheet) and the chart script are inlined, the numbers are tables built by format.ts (the same
 * rows as the terminal's) and a JSON block the charts read. Every value is escaped. `reportPage`
 * also gives the Content-Security-Policy that allows exactly its inline script and style (by hash),
 * which the preview server sends with /__report.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CHART_SCRIPT } from './charts.ts';
import {
  armTable,
  BREAKDOWN_NOTE,
  breakdownTable,
  COMPARISON_HEADER,
  comparisonRows,
  decisionDetails,
  int,
  invalidSummary,
  METRIC_HEADER,
  metricCells,
  QUALITY_ROWS,
  stepTable,
} from './format.ts';
import type { ExperimentReport, GroupReport, Report } from './model.ts';

const require = createRequire(import.meta.url);
let uplot: { script: string; style: string } | undefined;
/** uPlot's browser build and stylesheet, read once. */
function uplotFiles(): { script: string; style: string } {
  uplot ??= {
    script: readFileSync(require.resolve('uplot/dist/uPlot.iife.min.js'), 'utf8'),
    style: readFileSync(require.resolve('uplot/dist/uPlot.min.css'), 'utf8'),
  };
  return uplot;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function table(header: string[], rows: string[][], caption?: string): string {
  const head = `<tr>${header.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr>`;
  const body = rows
    .map((r) => `<tr>${r.map((c, k) => (k === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`)
    .join('\n');
  return `<table>${caption ? `<caption>${escapeHtml(caption)}</caption>` : ''}<thead>${head}</thead><tbody>${body}</tbody></table>`;
}

/** A funnel chart's data: the flow's steps (in walking order) and the share of the group that reached each. */
const funnelData = (id: string, g: GroupReport): { id: string; label: string; steps: string[]; reached: number[] } => {
  const steps = g.steps.filter((s) => s.depth >= 0);
  return { id, label: g.key, steps: steps.map((s) => s.id), reached: steps.map((s) => (g.visitors ? s.reached / g.visitors : 0)) };
};

const STYLE = `
:root { color-scheme: light; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #14211f; }
body { margin: 0 auto; max-width: 1040px; padding: 16px 20px 48px; }
h1 { font-size: 22px; margin: 8px 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; padding-top: 12px; border-top: 2px solid #00564a; }
h3 { font-size: 15px; margin: 20px 0 6px; }
p.meta { color: #51605d; margin: 0 0 12px; }
.note { background: #fff4e5; border-left: 4px solid #c2410c; padding: 8px 12px; margin: 8px 0; }
.note.srm { background: #fde8e8; border-color: #b91c1c; font-weight: 600; }
.ok { color: #00564a; }
table { border-collapse: collapse; margin: 6px 0 12px; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { padding: 3px 10px; border-bottom: 1px solid #e3e8ec; text-align: right; white-space: nowrap; }
th[scope="row"], thead th:first-child { text-align: left; font-weight: 500; white-space: pre; }
thead th { background: #f2f5f4; font-weight: 600; white-space: normal; vertical-align: bottom; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 8px 16px; }
.chart { min-width: 0; }
.chart h4 { font-size: 13px; margin: 8px 0 0; color: #51605d; font-weight: 600; }
.wide { grid-column: 1 / -1; }
.decision { font-size: 20px; font-weight: 700; padding: 12px 16px; margin: 10px 0 6px; border-radius: 6px; border-left: 8px solid; }
.decision.winner { background: #e6f4ea; border-color: #00564a; color: #00392f; }
.decision.keep-running, .decision.no-data { background: #fff8e1; border-color: #a16207; color: #4a3200; }
.decision.stop-guardrail, .decision.broken-split { background: #fde8e8; border-color: #b91c1c; color: #7f1d1d; }
ul.decisions { list-style: none; padding: 0; margin: 8px 0 16px; }
ul.decisions li { margin: 6px 0; }
ul.decisions .decision { font-size: 16px; margin: 0; }
.details { color: #2f3d3a; margin: 4px 0; }
.uplot .u-legend { font-size: 12px; }
details summary { cursor: pointer; font-weight: 600; margin: 8px 0; }
`;

/** The decision, coloured by what to do. */
const decisionBox = (e: ExperimentReport): string => `<p class="decision ${e.decision.kind}">${escapeHtml(e.decision.headline)}</p>`;

export function reportPage(report: Report): { html: string; csp: string } {
  const { script, style } = uplotFiles();
  const sections: string[] = [];
  const chartData = {
    experiments: report.experiments.map((e, k) => ({
      id: `exp-${k}`,
      arms: e.arms.map((a) => a.key),
      days: e.daily.map((d) => d.day),
      rates: e.daily.map((d) => d.purchaseRate),
      lift: e.daily.map((d) => d.lift),
      interval: e.arms[1]?.vsControl?.purchase.sequential === false ? '95%' : 'sequential 95%',
      funnels: e.arms.map((a, j) => funnelData(`exp-${k}-funnel-${j}`, a)),
    })),
    landings: report.landings.map((g, k) => funnelData(`landing-${k}`, g)),
  };
  const q = report.quality;
  sections.push(
    `<h1>Funnel report</h1><p class="meta">${int(q.analysed)} events analysed of ${int(q.total)} read from ${escapeHtml(report.inputs.join(', '))}${escapeHtml(invalidSummary(q))}; made ${escapeHtml(report.generatedAt)}.</p>`,
  );
  if (report.experiments.length)
    sections.push(
      `<ul class="decisions">${report.experiments.map((e, k) => `<li><a href="#experiment-${k}">${escapeHtml(e.id)}</a>${decisionBox(e)}</li>`).join('')}</ul>`,
    );
  for (const [k, e] of report.experiments.entries()) {
    const notes = e.notes.map((n, j) => `<p class="note${j === 0 && e.srm.mismatch ? ' srm' : ''}">${escapeHtml(n)}</p>`).join('');
    const srm = `<p>Split check (sample ratio, chi-square): ${e.srm.chiSquare.toFixed(2)}, p = ${e.srm.pValue.toPrecision(3)}, weights ${e.arms.map((a) => a.weight).join('/')}: ${e.srm.mismatch ? '<strong>mismatch</strong>' : '<span class="ok">ok</span>'}.</p>`;
    const steps = stepTable(e.arms);
    const funnels = e.arms
      .map((a, j) => `<div class="chart"><h4>Funnel: ${escapeHtml(a.key)} (share of its visitors)</h4><div id="exp-${k}-funnel-${j}"></div></div>`)
      .join('');
    const details = decisionDetails(e)
      .map((line) => `<p class="details">${escapeHtml(line)}</p>`)
      .join('');
    const band = e.arms[1]?.vsControl?.purchase.sequential === false ? 'fixed-horizon' : 'sequential';
    sections.push(`<h2 id="experiment-${k}">Experiment ${escapeHtml(e.id)} <small>(${escapeHtml(e.status)}, control ${escapeHtml(e.control)})</small></h2>
${decisionBox(e)}${details}
<p class="meta">${escapeHtml(e.description)}</p>${notes}${srm}
${table(armTable(e).header, armTable(e).rows, 'Conversion per arm')}
${comparisonRows(e.arms, e.settings).length ? table(COMPARISON_HEADER, comparisonRows(e.arms, e.settings), 'Against the control') : ''}
<div class="charts">${funnels}
<div class="chart"><h4>Cumulative purchase rate</h4><div id="exp-${k}-rate"></div></div>
<div class="chart"><h4>Cumulative lift in purchase against ${escapeHtml(e.control)} (${band} interval)</h4><div id="exp-${k}-lift"></div></div></div>
${table(steps.header, steps.rows, 'Steps: visitors who reached each step and the drop-off at it (branches by outcome)')}
${e.breakdowns.length ? `<details><summary>Breakdowns by UTM source, country, device and language (exploratory)</summary><p class="note">${escapeHtml(BREAKDOWN_NOTE)}</p>${table(breakdownTable(e).header, breakdownTable(e).rows)}</details>` : ''}`);
  }
  const landingCharts = report.landings
    .map((g, k) => `<div class="chart"><h4>Funnel: ${escapeHtml(g.key)} (share of its visitors)</h4><div id="landing-${k}"></div></div>`)
    .join('');
  sections.push(`<h2>Landing variants</h2><p class="meta">Each visitor counted under the landing of their first event, whether or not an experiment split it.</p>
${table(
  ['landing', ...METRIC_HEADER],
  report.landings.map((g) => [g.key, ...metricCells(g)]),
)}
<details><summary>Funnels and step tables per landing</summary><div class="charts">${landingCharts}</div>
${report.landings
  .map((g) => {
    const s = stepTable([g]);
    return table(s.header, s.rows, g.key);
  })
  .join('\n')}</details>`);
  sections.push(
    `<h2>UTM sources</h2>${table(
      ['source', ...METRIC_HEADER],
      report.sources.map((g) => [g.key, ...metricCells(g)]),
    )}`,
  );
  sections.push(`<h2>Data quality</h2>${table(['', 'count'], QUALITY_ROWS(q))}`);
  const json = JSON.stringify(chartData).replace(/</g, '\\u003c');
  const styles = [style, STYLE];
  const scripts = [script, CHART_SCRIPT];
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Funnel report</title>
${styles.map((s) => `<style>${s}</style>`).join('\n')}
</head>
<body>
${sections.join('\n')}
<script type="application/json" id="chart-data">${json}</script>
${scripts.map((s) => `<script>${s}</script>`).join('\n')}
</body>
</html>
`;
  const hash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const csp = [
    "default-src 'none'",
    `script-src ${scripts.map(hash).join(' ')}`,
    `style-src ${styles.map(hash).join(' ')}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
