/** The report as plain-text tables for the terminal: the same figures as the HTML page. */
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
import type { Report } from './model.ts';

/** Columns padded to their widest cell, numbers right-aligned. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => (r[k] ?? '').length)));
  const numeric = (cell: string): boolean => /^[-+$–<\d[]/.test(cell.trim());
  const line = (cells: string[]): string =>
    cells
      .map((c, k) => (k > 0 && numeric(c) ? c.padStart(widths[k]!) : c.padEnd(widths[k]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function terminalReport(report: Report): string {
  const out: string[] = [];
  const q = report.quality;
  out.push(`Funnel report: ${int(q.analysed)} events analysed of ${int(q.total)} read from ${report.inputs.join(', ')}${invalidSummary(q)}`);
  for (const e of report.experiments) {
    out.push('', `Experiment ${e.id} (${e.status}), control ${e.control}${e.description ? `: ${e.description}` : ''}`);
    out.push(`  >> ${e.decision.headline}`);
    for (const line of decisionDetails(e)) out.push(`  ${line}`);
    for (const note of e.notes) out.push(`  ! ${note}`);
    out.push(
      `  split check: chi-square ${e.srm.chiSquare.toFixed(2)}, p = ${e.srm.pValue.toPrecision(3)} (${e.srm.mismatch ? 'MISMATCH' : 'ok'}; weights ${e.arms.map((a) => a.weight).join('/')})`,
    );
    out.push('', textTable(armTable(e).header, armTable(e).rows));
    const rows = comparisonRows(e.arms, e.settings);
    if (rows.length) out.push('', textTable(COMPARISON_HEADER, rows));
    const steps = stepTable(e.arms);
    out.push('', textTable(steps.header, steps.rows));
    if (e.breakdowns.length) out.push('', `Breakdowns. ${BREAKDOWN_NOTE}`, textTable(breakdownTable(e).header, breakdownTable(e).rows));
  }
  out.push(
    '',
    'Landing variants (first landing of each visitor)',
    textTable(
      ['landing', ...METRIC_HEADER],
      report.landings.map((g) => [g.key, ...metricCells(g)]),
    ),
  );
  out.push(
    '',
    'UTM sources',
    textTable(
      ['source', ...METRIC_HEADER],
      report.sources.map((g) => [g.key, ...metricCells(g)]),
    ),
  );
  out.push('', 'Data quality', textTable(['', 'count'], QUALITY_ROWS(q)));
  return out.join('\n');
}
