/**
 * A flow drawn as SVG, generated from the flow files: one box per step (id, screen type, path),
 * arrows for `next` labelled with the outcome when a step branches, steps of another flow as grey
 * boxes, and each landing variant's overrides as dashed arrows labelled with the variant.
 */
import { getVariant, nextTargets, variantIds, type FunnelData } from '../engine/core/flowGraph.ts';

const BOX_W = 210;
const BOX_H = 54;
const GAP_X = 40;
const GAP_Y = 46;
const MARGIN = 30;

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Edge {
  from: string;
  to: string;
  label?: string;
  variant?: boolean;
}

/** Depth of each step: the longest way from the entry, not counting edges that go back. */
function depths(edges: Edge[], entry: string): Map<string, number> {
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
  const back = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): void => {
    state.set(id, 'open');
    for (const to of out.get(id) ?? []) {
      if (state.get(to) === 'open') back.add(`${id}>${to}`);
      else if (!state.has(to)) visit(to);
    }
    state.set(id, 'done');
  };
  visit(entry);
  const depth = new Map<string, number>([[entry, 0]]);
  let changed = true;
  while (changed) {
    changed = false;
    for (const e of edges) {
      if (back.has(`${e.from}>${e.to}`) || !depth.has(e.from)) continue;
      const d = depth.get(e.from)! + 1;
      if ((depth.get(e.to) ?? -1) < d) {
        depth.set(e.to, d);
        changed = true;
      }
    }
  }
  return depth;
}

/**
 * The SVG of one flow with its variants' overrides. `marks` tags steps (class `node--<mark>`, and the
 * mark in the box's title), e.g. the steps a review found added, removed or rewired.
 */
export function flowDiagram(data: FunnelData, flowId: string, marks: ReadonlyMap<string, string> = new Map()): string {
  const flow = data.flows[flowId]!;
  const edges: Edge[] = [];
  for (const [id, step] of Object.entries(flow.steps)) {
    if (typeof step.next === 'object' && step.next) for (const [outcome, to] of Object.entries(step.next)) edges.push({ from: id, to, label: outcome });
    else for (const to of nextTargets(step.next)) edges.push({ from: id, to });
  }
  for (const variantId of variantIds(data.landings)) {
    const variant = getVariant(data.landings, variantId)!;
    if (variant.flow !== flowId) continue;
    for (const [stepId, patch] of Object.entries(variant.overrides ?? {})) {
      for (const to of nextTargets(patch.next)) edges.push({ from: stepId, to, label: variantId, variant: true });
    }
  }
  const depth = depths(edges, flow.entry);
  const rows = new Map<number, string[]>();
  for (const [id, d] of [...depth.entries()].sort((a, b) => a[1] - b[1])) rows.set(d, [...(rows.get(d) ?? []), id]);
  const widest = Math.max(...[...rows.values()].map((r) => r.length));
  const width = MARGIN * 2 + widest * BOX_W + (widest - 1) * GAP_X + 160;
  const height = MARGIN * 2 + rows.size * BOX_H + (rows.size - 1) * GAP_Y;
  const pos = new Map<string, { x: number; y: number }>();
  for (const [d, ids] of rows) {
    const rowWidth = ids.length * BOX_W + (ids.length - 1) * GAP_X;
    ids.forEach((id, i) => pos.set(id, { x: (width - 160 - rowWidth) / 2 + i * (BOX_W + GAP_X), y: MARGIN + d * (BOX_H + GAP_Y) }));
  }

  const parts: string[] = [];
  edges.forEach((e, i) => {
    const a = pos.get(e.from);
    const b = pos.get(e.to);
    if (!a || !b) return;
    const cls = e.variant ? 'edge edge--variant' : 'edge';
    let d: string;
    let lx: number;
    let ly: number;
    if (b.y > a.y) {
      const [x1, y1, x2, y2] = [a.x + BOX_W / 2, a.y + BOX_H, b.x + BOX_W / 2, b.y];
      const skip = b.y - a.y > BOX_H + GAP_Y; // jumps over a row: bend out to the right
      const bend = skip ? BOX_W / 2 + 30 + (i % 3) * 14 : 0;
      d = `M${x1},${y1} C${x1 + bend},${y1 + 40} ${x2 + bend},${y2 - 40} ${x2},${y2}`;
      lx = (x1 + x2) / 2 + bend * 0.75;
      ly = (y1 + y2) / 2;
    } else {
      // back to an earlier step: around the right side
      const [x1, y1, x2, y2] = [a.x + BOX_W, a.y + BOX_H / 2, b.x + BOX_W, b.y + BOX_H / 2];
      const out = Math.max(x1, x2) + 70;
      d = `M${x1},${y1} C${out},${y1} ${out},${y2} ${x2},${y2}`;
      lx = out - 10;
      ly = (y1 + y2) / 2;
    }
    parts.push(`<path class="${cls}" d="${d}" marker-end="url(#arrow-${flowId})"/>`);
    if (e.label) parts.push(`<text class="edge-label${e.variant ? ' edge-label--variant' : ''}" x="${lx}" y="${ly}">${esc(e.label)}</text>`);
  });
  for (const [id, p] of pos) {
    const step = flow.steps[id];
    const other = !step;
    const mark = marks.get(id);
    const title = (step ? `${id}` : `${id} (another flow)`) + (mark ? ` (${mark})` : '');
    const sub = step ? `${step.screen} · ${step.path ?? 'landing paths'}` : '';
    parts.push(
      `<g class="node${other ? ' node--other' : ''}${id === flow.entry ? ' node--entry' : ''}${mark ? ` node--${esc(mark)}` : ''}"><title>${esc(title)}</title>` +
        `<rect x="${p.x}" y="${p.y}" width="${BOX_W}" height="${BOX_H}" rx="10"/>` +
        `<text class="node-id" x="${p.x + BOX_W / 2}" y="${p.y + 22}">${esc(title)}</text>` +
        (sub ? `<text class="node-sub" x="${p.x + BOX_W / 2}" y="${p.y + 40}">${esc(sub)}</text>` : '') +
        `</g>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="flow-diagram" role="img" aria-label="${esc(`Flow ${flowId}`)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><marker id="arrow-${flowId}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>` +
    parts.join('') +
    `</svg>`
  );
}

/** Each variant of a flow with its paths, plans and overrides, as HTML table rows. */
export function variantRows(data: FunnelData, flowId: string): string {
  return variantIds(data.landings)
    .map((id) => ({ id, variant: getVariant(data.landings, id)! }))
    .filter(({ variant }) => variant.flow === flowId)
    .map(({ id, variant }) => {
      const overrides = Object.entries(variant.overrides ?? {})
        .map(([step, patch]) =>
          esc(
            `${step}: ${[patch.next !== undefined ? `next → ${JSON.stringify(patch.next)}` : '', patch.props ? `props ${JSON.stringify(patch.props)}` : ''].filter(Boolean).join(', ')}`,
          ),
        )
        .join('<br>');
      const plans = variant.plans.map((p) => (p === variant.defaultPlan ? `<b>${esc(p)}</b>` : esc(p))).join(', ');
      return `<tr><td>${esc(id)}</td><td>${esc(variant.paths.join(' '))}</td><td>${plans}</td><td>${esc(variant.paywall.title)}</td><td>${overrides || '—'}</td></tr>`;
    })
    .join('');
}
