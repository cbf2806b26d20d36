/** The price sentences (scripts/galleryPrices.ts) that read differently, by plan, language and place. */
import type { PriceChange } from './model.ts';
import type { SideSnapshot } from './types.ts';

export function priceChanges(before: SideSnapshot['prices'], after: SideSnapshot['prices']): PriceChange[] {
  const out: PriceChange[] = [];
  const get = (side: SideSnapshot['prices'], plan: string, language: string): Map<string, string> => {
    const sentences = Object.hasOwn(side, plan) && Object.hasOwn(side[plan]!, language) ? side[plan]![language]! : [];
    return new Map(sentences.map((s) => [s.label, s.text]));
  };
  for (const plan of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
    const languages = new Set([...Object.keys(before[plan] ?? {}), ...Object.keys(after[plan] ?? {})]);
    for (const language of [...languages].sort()) {
      const a = get(before, plan, language);
      const b = get(after, plan, language);
      for (const label of new Set([...a.keys(), ...b.keys()])) {
        if (a.get(label) === b.get(label)) continue;
        out.push({ plan, language, label, ...(a.has(label) ? { before: a.get(label)! } : {}), ...(b.has(label) ? { after: b.get(label)! } : {}) });
      }
    }
  }
  return out;
}
