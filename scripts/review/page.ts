/**
 * The review as one static page, readable offline: inline CSS, the screenshots as files beside it,
 * the flow diagrams as inline SVG, no script at all. Every name and text from the data is escaped.
 */
import { flowDiagram } from '../galleryDiagram.ts';
import { percent } from '../../engine/review/index.ts';
import type { Review, ScreenResult } from './model.ts';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; padding: 24px; color: #1d2b36; background: #f3f5f7; }
h1 { margin: 0 0 8px; } h2 { margin: 32px 0 8px; } h3 { margin: 20px 0 6px; font-size: 15px; }
.summary { background: #fff; border: 1px solid #d5dde3; padding: 12px 16px; }
.summary pre { white-space: pre-wrap; margin: 8px 0 0; font-size: 13px; }
.warning { background: #fff4e5; border: 1px solid #b35c00; color: #6b3700; padding: 8px 12px; }
table { border-collapse: collapse; background: #fff; margin: 8px 0; }
th, td { border: 1px solid #d5dde3; padding: 6px 8px; text-align: start; vertical-align: top; }
del { background: #fde7e9; color: #8a1020; } ins { background: #e3f6e8; color: #0b5a23; text-decoration: none; }
.shots { display: flex; gap: 12px; align-items: flex-start; overflow-x: auto; }
.shots figure { margin: 0; background: #fff; border: 1px solid #d5dde3; padding: 6px; }
.shots figcaption { font-size: 12px; color: #3f4f5b; margin-bottom: 4px; }
.shots img { display: block; max-width: 420px; height: auto; }
.reasons { font-size: 12px; color: #3f4f5b; margin: 0 0 6px; }
.diagrams { display: flex; gap: 16px; overflow-x: auto; background: #fff; border: 1px solid #d5dde3; padding: 8px; }
.flow-diagram { font-family: system-ui, sans-serif; }
.flow-diagram text { text-anchor: middle; fill: #1d2b36; }
.flow-diagram .node rect { fill: #fff; stroke: #00564A; stroke-width: 1.5; }
.flow-diagram .node--entry rect { fill: #e6f6f3; }
.flow-diagram .node--other rect { fill: #eceff1; stroke: #90a4ae; stroke-dasharray: 4 3; }
.flow-diagram .node--added rect { fill: #e3f6e8; stroke: #0b5a23; stroke-width: 3; }
.flow-diagram .node--removed rect { fill: #fde7e9; stroke: #8a1020; stroke-width: 3; stroke-dasharray: 6 3; }
.flow-diagram .node--rewired rect, .flow-diagram .node--changed rect { fill: #fff4e5; stroke: #b35c00; stroke-width: 3; }
.flow-diagram .node-id { font-weight: 700; font-size: 13px; }
.flow-diagram .node-sub { fill: #5b6b77; font-size: 11px; }
.flow-diagram .edge { fill: none; stroke: #00564A; stroke-width: 1.5; }
.flow-diagram .edge--variant { stroke: #c76a12; stroke-dasharray: 6 4; }
.flow-diagram .edge-label { font-size: 11px; font-weight: 700; fill: #00564A; paint-order: stroke; stroke: #fff; stroke-width: 4px; }
.flow-diagram .edge-label--variant { fill: #a4540c; }
`;

const cell = (text: string | undefined, tag: 'del' | 'ins', language?: string): string =>
  text === undefined ? '<td>—</td>' : `<td${language ? ` lang="${esc(language)}"` : ''}><${tag}>${esc(text)}</${tag}></td>`;

function table(caption: string, heads: string[], rows: string[]): string {
  return `<table><caption>${esc(caption)}</caption><thead><tr>${heads.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function screenFigure(r: ScreenResult): string {
  const image = (file: string | undefined, label: string): string =>
    file
      ? `<figure><figcaption>${esc(label)}</figcaption><img src="${esc(file)}" alt="${esc(`${r.id}, ${r.language}, ${r.width} px: ${label}`)}"></figure>`
      : '';
  const what =
    r.status === 'changed'
      ? `${r.changedPixels} pixels changed`
      : r.status === 'added'
        ? 'new screen'
        : r.status === 'failed'
          ? `could not be shown: ${r.error}`
          : '';
  return `<h3>${esc(r.id)} · ${esc(r.language)} · ${r.width} px</h3><p class="reasons">${esc(what)}; rendered for: ${esc(r.reasons.join('; '))}</p>
<div class="shots">${image(r.before, 'before')}${image(r.after, 'after')}${image(r.diff, 'changed pixels')}</div>`;
}

function screensSection(review: Review): string {
  const shown = review.screens.filter((s) => s.status !== 'unchanged');
  const unchanged = review.screens.filter((s) => s.status === 'unchanged');
  const parts = [`<h2>Screens</h2>`];
  if (!review.screens.length) parts.push('<p>No change can alter a screen: none was rendered.</p>');
  parts.push(...shown.map(screenFigure));
  if (unchanged.length) {
    parts.push(
      `<h3>Rendered and unchanged (${unchanged.length})</h3><ul>${unchanged.map((s) => `<li>${esc(`${s.id} · ${s.language} · ${s.width} px`)}</li>`).join('')}</ul>`,
    );
  }
  if (review.notRendered.length) {
    parts.push(
      `<h3>Not rendered (over the limit: ${review.notRendered.length})</h3><ul>${review.notRendered.map((id) => `<li>${esc(id)}</li>`).join('')}</ul>`,
    );
  }
  if (review.removedScreens.length) parts.push(`<h3>Removed screens</h3><ul>${review.removedScreens.map((id) => `<li>${esc(id)}</li>`).join('')}</ul>`);
  return parts.join('\n');
}

function flowsSection(review: Review): string {
  if (!review.flows.length) return '';
  const parts = ['<h2>Flows</h2>', '<p>Before on the left, after on the right: added steps green, removed red, rewired or changed orange.</p>'];
  for (const flow of review.flows) {
    const before = new Map<string, string>([
      ...flow.removedSteps.map((s) => [s, 'removed'] as const),
      ...flow.rewiredSteps.map((s) => [s, 'rewired'] as const),
    ]);
    const after = new Map<string, string>([
      ...flow.changedSteps.map((s) => [s, 'changed'] as const),
      ...flow.rewiredSteps.map((s) => [s, 'rewired'] as const),
      ...flow.addedSteps.map((s) => [s, 'added'] as const),
    ]);
    const hasBefore = Object.hasOwn(review.beforeData.flows, flow.flowId);
    const hasAfter = Object.hasOwn(review.afterData.flows, flow.flowId);
    parts.push(
      `<h3>${esc(flow.flowId)} (${esc(flow.status)})</h3><div class="diagrams">${hasBefore ? flowDiagram(review.beforeData, flow.flowId, before) : ''}${
        hasAfter ? flowDiagram(review.afterData, flow.flowId, after) : ''
      }</div>`,
    );
  }
  return parts.join('\n');
}

function trafficSection(review: Review): string {
  if (!review.traffic.length && !review.rebucket.length) return '';
  const warnings = review.rebucket.map(
    (w) =>
      `<p class="warning">Running experiment ${esc(w.experimentId)}: ${esc(w.fields.join(', '))} changed. Visitors already in it would be bucketed anew.</p>`,
  );
  const rows = review.traffic.flatMap((row) =>
    [...new Set([...Object.keys(row.before), ...Object.keys(row.after)])].map(
      (variant) =>
        `<tr><td>${esc(row.path)}</td><td>${esc(row.experimentId ?? '—')}${row.targeted ? ' (of targeted visitors)' : ''}</td><td>${esc(variant)}</td><td>${percent(row.before[variant] ?? 0)}</td><td>${percent(row.after[variant] ?? 0)}</td></tr>`,
    ),
  );
  return `<h2>Traffic</h2>${warnings.join('')}${rows.length ? table('Share of each path’s visitors', ['path', 'experiment', 'variant', 'before', 'after'], rows) : ''}`;
}

function bytesSection(review: Review): string {
  const { before, after } = review.bytes;
  const row = (label: string, a: number, b: number): string =>
    `<tr><th scope="row">${esc(label)}</th><td>${a}</td><td>${b}</td><td>${b - a > 0 ? '+' : ''}${b - a}</td></tr>`;
  return `<h2>Bytes</h2>${table(
    'Bytes of the landing',
    ['', 'before', 'after', 'difference'],
    [
      row('landing JavaScript (gzip)', before.landingJsGzip, after.landingJsGzip),
      row('landing JavaScript (raw)', before.landingJs, after.landingJs),
      row('prerendered HTML of / (gzip)', before.landingHtmlGzip, after.landingHtmlGzip),
      row('every prerendered page (raw)', before.allHtml, after.allHtml),
    ],
  )}`;
}

export function reviewPage(review: Review): string {
  const texts = review.texts.map(
    (t) => `<tr><td>${esc(t.language)}</td><td><code>${esc(t.key)}</code></td>${cell(t.before, 'del', t.language)}${cell(t.after, 'ins', t.language)}</tr>`,
  );
  const prices = review.prices.map(
    (p) =>
      `<tr><td>${esc(p.plan)}</td><td>${esc(p.language)}</td><td>${esc(p.label)}</td>${cell(p.before, 'del', p.language)}${cell(p.after, 'ins', p.language)}</tr>`,
  );
  const finding = (f: Review['findings']['added'][number], tag: 'ins' | 'del'): string =>
    `<li><${tag}>${esc(`${f.file} ${f.pointer} [${f.code}]${f.severity ? ' (warning)' : ''} ${f.message}`)}</${tag}></li>`;
  const { added, removed } = review.findings;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Review of the funnel</title><style>${STYLE}</style></head><body><main>
<h1>What visitors will see differently</h1>
<p>Base: ${esc(review.base.commit.slice(0, 12))} (${esc(review.base.ref)}); compared with the current tree. ${review.changedFiles.length} files differ.</p>
<section class="summary" aria-labelledby="summary"><h2 id="summary">Summary</h2><pre>${esc(review.summary.map((l) => `- ${l}`).join('\n'))}</pre></section>
${review.rebucket.length ? review.rebucket.map((w) => `<p class="warning">⚠ ${esc(`Running experiment ${w.experimentId}: ${w.fields.join(', ')} changed; visitors would be re-bucketed.`)}</p>`).join('') : ''}
${screensSection(review)}
${flowsSection(review)}
${texts.length ? `<h2>Texts</h2>${table('Texts that changed', ['language', 'key', 'before', 'after'], texts)}` : ''}
<h2>Prices</h2>${prices.length ? table('Price sentences that changed', ['plan', 'language', 'where', 'before', 'after'], prices) : '<p>No price sentence changed.</p>'}
${trafficSection(review)}
<h2>Validator findings</h2>${added.length || removed.length ? `<ul>${added.map((f) => finding(f, 'ins')).join('')}${removed.map((f) => finding(f, 'del')).join('')}</ul>` : '<p>No finding added or removed.</p>'}
${bytesSection(review)}
<h2>Files that differ</h2><ul>${review.changedFiles.map((f) => `<li><code>${esc(f)}</code></li>`).join('')}</ul>
</main></body></html>
`;
}
