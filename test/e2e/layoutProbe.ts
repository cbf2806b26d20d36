/**
 * Layout checks that run inside the page (passed to page.evaluate, so self-contained): horizontal
 * overflow of the document, and text drawn over art (img, picture or svg drawings in the step).
 */

export interface LayoutReport {
  /** How many CSS pixels the page is wider than the viewport (0 when it fits). */
  overflowPx: number;
  /** The elements that stick out past the viewport's edges, for the failure message. */
  overflowing: string[];
  /** Text that overlaps art: the text and the art it overlaps. */
  textOverArt: Array<{ text: string; art: string }>;
}

/** Art smaller than this (both sides, CSS px) is an inline icon beside its text, not a drawing. */
export const MIN_ART_PX = 48;

/** Art covering at least this share of the step's box is its backdrop (the landing's full-bleed background). */
export const BACKDROP_SHARE = 0.85;

export function probeLayout(args: { stepSelector: string; minArtPx: number; backdropShare: number }): LayoutReport {
  const describe = (el: Element): string => {
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.tagName.toLowerCase()}${cls}`;
  };
  const viewport = document.documentElement.clientWidth;
  const overflowPx = Math.max(0, document.documentElement.scrollWidth - viewport);
  const overflowing: string[] = [];
  if (overflowPx > 0) {
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > viewport + 1 || r.left < -1)) overflowing.push(`${describe(el)} [${Math.round(r.left)}..${Math.round(r.right)}]`);
      if (overflowing.length >= 8) break;
    }
  }

  const step = document.querySelector(args.stepSelector);
  const textOverArt: Array<{ text: string; art: string }> = [];
  if (step) {
    const visible = (el: Element): boolean => {
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0.05;
    };
    const stepRect = step.getBoundingClientRect();
    const stepArea = Math.max(1, stepRect.width * stepRect.height);
    const arts = Array.from(step.querySelectorAll('img, picture, svg'))
      .filter((el) => !(el.parentElement && el.parentElement.closest('svg, picture')))
      .map((el) => ({ el, rect: el.getBoundingClientRect() }))
      .filter(({ el, rect }) => rect.width >= args.minArtPx && rect.height >= args.minArtPx && visible(el))
      // a backdrop that fills the step is the page's background, not a drawing text can collide with
      .filter(({ rect }) => (rect.width * rect.height) / stepArea < args.backdropShare);
    const walker = document.createTreeWalker(step, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('svg') || !visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of Array.from(range.getClientRects())) {
        if (line.width < 2 || line.height < 2) continue; // visually hidden texts
        for (const { el, rect } of arts) {
          if (el.contains(node)) continue;
          const w = Math.min(line.right, rect.right) - Math.max(line.left, rect.left);
          const h = Math.min(line.bottom, rect.bottom) - Math.max(line.top, rect.top);
          if (w > 1 && h > 1) textOverArt.push({ text: text.slice(0, 60), art: describe(el) });
        }
      }
    }
  }
  const unique = Array.from(new Map(textOverArt.map((o) => [`${o.text}|${o.art}`, o])).values());
  return { overflowPx, overflowing, textOverArt: unique };
}

/** One layout shift the browser reported: when, how much, and what moved from where to where. */
export interface ShiftRecord {
  at: number;
  value: number;
  sources: string[];
}

/**
 * Installed before the page's own scripts (page.addInitScript): records every layout-shift entry of
 * the document from its start (buffered) in `window.__layoutShifts`, with the nodes that moved.
 * Shifts right after an input (hadRecentInput) do not count towards CLS and are left out.
 */
export function recordLayoutShifts(): void {
  const records: ShiftRecord[] = [];
  (window as unknown as { __layoutShifts: ShiftRecord[] }).__layoutShifts = records;
  interface Source {
    node?: Node | null;
    previousRect: DOMRectReadOnly;
    currentRect: DOMRectReadOnly;
  }
  const rect = (r: DOMRectReadOnly): string => `[${[r.x, r.y, r.width, r.height].map(Math.round).join(',')}]`;
  const name = (node: Node | null | undefined): string => {
    if (!node) return '(removed)';
    if (node.nodeType === Node.TEXT_NODE) return `"${(node.textContent ?? '').trim().slice(0, 30)}"`;
    const el = node as Element;
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    return `${el.nodeName.toLowerCase()}${cls}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] }>) {
      if (entry.hadRecentInput) continue;
      records.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        sources: (entry.sources ?? []).map((s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The shifts recorded so far by recordLayoutShifts (passed to page.evaluate). */
export function recordedLayoutShifts(): ShiftRecord[] {
  return (window as unknown as { __layoutShifts?: ShiftRecord[] }).__layoutShifts ?? [];
}
