/**
 * The gallery's contact sheet (gallery/index.html): per flow its diagram and variants, then every
 * screen as a row of screenshots with one column per language and width. Self-contained: inline
 * styles and SVG, no external files besides the screenshots beside it.
 */
import type { FunnelData } from '../engine/core/flowGraph.ts';
import { flowDiagram, variantRows } from './galleryDiagram.ts';
import type { GalleryScreen } from './galleryScreens.ts';

export interface Shot {
  screen: GalleryScreen;
  language: string;
  width: number;
  /** The PNG's path relative to the sheet, when the screenshot was taken. */
  file?: string;
  /** Why there is no screenshot. */
  error?: string;
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; padding: 24px; color: #1d2b36; background: #f3f5f7; }
h1 { margin: 0 0 8px; } h2 { margin: 40px 0 12px; border-bottom: 2px solid #00564A; } h3 { margin: 24px 0 8px; font-size: 15px; }
nav a { margin-right: 12px; }
.diagram { overflow-x: auto; background: #fff; border: 1px solid #d5dde3; border-radius: 8px; padding: 8px; }
.flow-diagram .node rect { fill: #fff; stroke: #00564A; stroke-width: 1.5; }
.flow-diagram .node--entry rect { fill: #e6f6f3; }
.flow-diagram .node--other rect { fill: #eceff1; stroke: #90a4ae; stroke-dasharray: 4 3; }
.flow-diagram text { text-anchor: middle; font: 12px system-ui, sans-serif; fill: #1d2b36; }
.flow-diagram .node-id { font-weight: 700; font-size: 13px; }
.flow-diagram .node-sub { fill: #5b6b77; font-size: 11px; }
.flow-diagram .edge { fill: none; stroke: #00564A; stroke-width: 1.5; }
.flow-diagram .edge--variant { stroke: #c76a12; stroke-dasharray: 6 4; }
.flow-diagram .edge-label { font-size: 11px; font-weight: 700; fill: #00564A; paint-order: stroke; stroke: #fff; stroke-width: 4px; }
.flow-diagram .edge-label--variant { fill: #a4540c; }
.flow-diagram marker path { fill: #00564A; }
table.variants { border-collapse: collapse; margin-top: 12px; background: #fff; font-size: 12px; }
table.variants td, table.variants th { border: 1px solid #d5dde3; padding: 4px 8px; text-align: start; vertical-align: top; }
.row { display: flex; gap: 12px; overflow-x: auto; align-items: flex-start; padding-bottom: 8px; }
figure { margin: 0; flex: none; background: #fff; border: 1px solid #d5dde3; border-radius: 6px; padding: 6px; }
figure img { display: block; width: 180px; height: auto; max-height: 900px; object-fit: cover; object-position: top; }
figure.w1280 img { width: 360px; }
figcaption { font-size: 11px; color: #5b6b77; margin-top: 4px; }
.error { width: 180px; color: #b71c1c; font-size: 12px; white-space: pre-wrap; }
`;

function shotCell(shot: Shot): string {
  const caption = `${shot.language} · ${shot.width} px`;
  if (!shot.file)
    return `<figure class="w${shot.width}"><div class="error">${esc(shot.error ?? 'not taken')}</div><figcaption>${caption}</figcaption></figure>`;
  return `<figure class="w${shot.width}"><a href="${esc(shot.file)}"><img loading="lazy" src="${esc(shot.file)}" alt="${esc(`${shot.screen.key}, ${caption}`)}"></a><figcaption>${caption}</figcaption></figure>`;
}

/** The whole page. `shots` in the order they should appear within a screen (language, then width). */
export function galleryPage(data: FunnelData, shots: Shot[], generatedAt: Date): string {
  const groups = new Map<string, Map<string, Shot[]>>();
  for (const shot of shots) {
    const byScreen = groups.get(shot.screen.group) ?? new Map<string, Shot[]>();
    byScreen.set(shot.screen.key, [...(byScreen.get(shot.screen.key) ?? []), shot]);
    groups.set(shot.screen.group, byScreen);
  }
  const sections: string[] = [];
  for (const flowId of Object.keys(data.flows)) {
    sections.push(
      `<h2 id="flow-${esc(flowId)}">Flow ${esc(flowId)}</h2><div class="diagram">${flowDiagram(data, flowId)}</div>` +
        `<table class="variants"><tr><th>variant</th><th>paths</th><th>plans (default in bold)</th><th>paywall title</th><th>overrides</th></tr>${variantRows(data, flowId)}</table>`,
    );
    sections.push(screenRows(groups.get(flowId)));
  }
  if (groups.has('variants')) sections.push(`<h2 id="variants">Landing variants</h2>${screenRows(groups.get('variants'))}`);
  const failed = shots.filter((s) => !s.file).length;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Screen gallery</title><style>${STYLE}</style></head><body>
<h1>Screen gallery</h1>
<p>${shots.length - failed} screenshots${failed ? `, <b>${failed} failed</b>` : ''}; generated ${esc(generatedAt.toISOString())}.</p>
<nav>${Object.keys(data.flows)
    .map((f) => `<a href="#flow-${esc(f)}">${esc(f)}</a>`)
    .join('')}<a href="#variants">variants</a><a href="prices.html">price sentences</a></nav>
${sections.join('\n')}
</body></html>
`;
}

function screenRows(byScreen: Map<string, Shot[]> | undefined): string {
  if (!byScreen) return '';
  return [...byScreen.entries()]
    .map(
      ([key, shots]) =>
        `<h3 id="${esc(key)}">${esc(key)} <small>${esc(shots[0]!.screen.path)} (${esc(shots[0]!.screen.screen)})</small></h3><div class="row">${shots.map(shotCell).join('')}</div>`,
    )
    .join('\n');
}
