import { readFileSync } from 'node:fs';
import { firstPaintKeys, splitTexts, type TextTree } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';

const en = JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as TextTree;

function leaves(tree: TextTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
}

describe('first-paint texts', () => {
  it("are the entry steps' texts of both flows plus the shared sections", () => {
    const keys = firstPaintKeys(funnelData);
    expect(keys).toEqual(
      expect.arrayContaining(['common', 'loader', 'errors', 'landing.title', 'landing.text', 'family.welcome.title', 'family.welcome.text']),
    );
    expect(keys).not.toContain('quiz.locate.title');
  });

  it('split a language into two parts that together hold every text exactly once', () => {
    const { first, rest } = splitTexts(en, firstPaintKeys(funnelData));
    const a = leaves(first);
    const b = leaves(rest);
    expect(a).toEqual(expect.arrayContaining(['landing.title', 'common.continue', 'errors.generic', 'family.welcome.title']));
    expect(a.filter((k) => b.includes(k))).toEqual([]);
    expect([...a, ...b].sort()).toEqual(leaves(en).sort());
    expect(b).toContain('family.phone.title'); // a sibling of a first-paint key stays in the rest
    expect(JSON.stringify(first).length).toBeLessThan(JSON.stringify(en).length / 4);
  });

  it("carry a first-paint key's plural forms and context variants, which the screen picks by its values", () => {
    const tree: TextTree = { badge: { trial_one: '{{count}} day', trial_other: '{{count}} days', off: 'Off', off_firstPayment: 'Off once', offer: 'Offer' } };
    const { first, rest } = splitTexts(tree, ['badge.trial', 'badge.off']);
    expect(first).toEqual({ badge: { trial_one: '{{count}} day', trial_other: '{{count}} days', off: 'Off', off_firstPayment: 'Off once' } });
    expect(rest).toEqual({ badge: { offer: 'Offer' } });
  });
});
