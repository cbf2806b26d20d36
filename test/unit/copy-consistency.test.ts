/**
 * One brand voice in every language: one product name, one spelling per term, numbers and units
 * written one way. Each rule below was once broken in a shipped text; the check reads every locale.
 */
import { readFileSync } from 'node:fs';
import { formatDuration, languageCodes } from '../../engine/index.ts';
import { languages } from '../../screens/product/languages.ts';

type Tree = { [key: string]: string | Tree };
const root = new URL('../../', import.meta.url).pathname;
const LANGUAGES = languageCodes(languages);

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

const locale = (language: string): Tree => JSON.parse(readFileSync(`${root}locales/${language}.json`, 'utf8')) as Tree;
const texts = (language: string): Array<[string, string]> => leaves(locale(language));
const offending = (language: string, rule: RegExp): string[] =>
  texts(language)
    .filter(([, text]) => rule.test(text))
    .map(([key, text]) => `${key}: ${text}`);

describe('copy consistency', () => {
  it.each(LANGUAGES)('%s: one product name, the one the logo and the tab title show (a11y.appName), also in the invite', (language) => {
    const tree = locale(language);
    const name = (tree.a11y as Tree).appName as string;
    expect(name).toBe('Family Locator');
    const invite = ((tree.family as Tree).shareCode as Tree).inviteText as string;
    expect(invite).toContain(name);
  });

  it('English spells "email" one way: never "e-mail"', () => {
    expect(offending('en', /e-mail/i)).toEqual([]);
  });

  it('Japanese writes a count and its counter word together ("3か月", not "3 か月")', () => {
    expect(offending('ja', /(\d|\}\})[\s\u00A0\u3000]+(か月|ヶ月|カ月|週間|日間|年間)/)).toEqual([]);
    for (const unit of ['day', 'week', 'month'] as const) expect(formatDuration({ count: 3, unit }, 'ja')).not.toMatch(/\d\s/);
    expect(formatDuration({ count: 3, unit: 'month' }, 'ja')).toBe('3か月');
  });

  it('German puts "für" before a price, never "zu"', () => {
    expect(offending('de', /\bzu \{\{(price|cadence|amount)\}\}/)).toEqual([]);
  });
});
