/**
 * Checks of the texts themselves, each located at the key in its locale file:
 * - a translation keeps the `{{placeholders}}` of the English text: none dropped, none added;
 * - a plural key (i18next suffixes _zero _one _two _few _many _other) has every form its language
 *   needs by Intl.PluralRules, and always `_other`;
 * - no text types a percentage ("50% off", "%50", "5折"): a saving is computed from the prices and
 *   passed in as {{percent}}, so a text can never promise a discount the plans do not give;
 * - no commerce text types a period ("3-month plan", "30 Tage"): ./typedPeriod.ts;
 * - no commerce text writes a period or an amount out in words ("thirty-day", "ninety-nine cents"):
 *   ./spelledNumber.ts. Which texts are commerce texts is the product's to say (./commerceRules.ts).
 */
import { issueAt } from './load.ts';
import { quoteList } from './suggest.ts';
import { isCommerceKey } from './commerceRules.ts';
import { spelledNumber } from './spelledNumber.ts';
import { typedPeriod } from './typedPeriod.ts';
import { isObj, ptr, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

/** One parsed locale file. */
export interface LocaleDoc {
  lang: string;
  doc: JsonDoc;
  data: Obj;
}

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;
// {{name}}, {{- name}} (unescaped) and {{name, format}}
const PLACEHOLDER = /\{\{-?\s*([^\s,}]+)[^}]*\}\}/g;

/** The placeholder names of a text, e.g. "{{price}} for {{duration}}" -> {price, duration}. */
export function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!));
}

/** Every text of a locale with its dotted key and JSON pointer. */
function texts(data: Obj, keyPrefix = '', pointer = ''): Array<{ key: string; pointer: string; text: string }> {
  return Object.entries(data).flatMap(([k, v]) => {
    const p = ptr(pointer, k);
    if (isObj(v)) return texts(v, `${keyPrefix}${k}.`, p);
    return typeof v === 'string' ? [{ key: keyPrefix + k, pointer: p, text: v }] : [];
  });
}

/** The key a text answers to: "a.items_one" -> "a.items"; other keys stay as they are. */
const baseKey = (key: string): string => PLURAL_SUFFIX.exec(key)?.[1] ?? key;
const braces = (names: Iterable<string>): string => quoteList([...names].map((n) => `{{${n}}}`));

interface KeyGroup {
  /** The union of the placeholders of the reference's forms (or of its one text). */
  names: Set<string>;
  /** Those of the reference's `_other` form, or of its one text. */
  other: Set<string>;
}

function referenceGroups(reference: LocaleDoc): Map<string, KeyGroup> {
  const groups = new Map<string, KeyGroup>();
  for (const t of texts(reference.data)) {
    const base = baseKey(t.key);
    const group = groups.get(base) ?? { names: new Set<string>(), other: new Set<string>() };
    const names = placeholders(t.text);
    names.forEach((n) => group.names.add(n));
    if (base === t.key || t.key.endsWith('_other')) names.forEach((n) => group.other.add(n));
    groups.set(base, group);
  }
  return groups;
}

function checkPlaceholders(locale: LocaleDoc, groups: Map<string, KeyGroup>, reference: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const t of texts(locale.data)) {
    const base = baseKey(t.key);
    const group = groups.get(base);
    if (!group) continue;
    const found = placeholders(t.text);
    // a plural form other than _other may leave out the number ("one day"), never anything else
    const required = base === t.key || t.key.endsWith('_other') ? group.other : new Set([...group.names].filter((n) => n !== 'count'));
    const dropped = [...required].filter((n) => !found.has(n));
    const extra = [...found].filter((n) => !group.names.has(n));
    if (dropped.length) {
      issues.push(
        issueAt(
          locale.doc,
          t.pointer,
          'missing-placeholder',
          `the ${locale.lang} text of "${t.key}" drops ${braces(dropped)} of the ${reference} text`,
          `keep ${braces(dropped)} in the translation, spelt exactly so: i18next fills ${dropped.length > 1 ? 'them' : 'it'} in`,
        ),
      );
    }
    if (extra.length) {
      issues.push(
        issueAt(
          locale.doc,
          t.pointer,
          'extra-placeholder',
          `the ${locale.lang} text of "${t.key}" has ${braces(extra)}, which the ${reference} text does not`,
          group.names.size
            ? `use only ${braces(group.names)}, as in ${reference}.json`
            : `remove it: nothing fills it in, so the visitor would see ${braces(extra)} as it is`,
        ),
      );
    }
  }
  return issues;
}

function checkPluralForms(locale: LocaleDoc): ValidationIssue[] {
  const needed = new Intl.PluralRules(locale.lang).resolvedOptions().pluralCategories as string[];
  const groups = new Map<string, { forms: Set<string>; pointer: string }>();
  for (const t of texts(locale.data)) {
    const m = PLURAL_SUFFIX.exec(t.key);
    if (!m) continue;
    const group = groups.get(m[1]!) ?? { forms: new Set<string>(), pointer: t.pointer };
    group.forms.add(m[2]!);
    groups.set(m[1]!, group);
  }
  const issues: ValidationIssue[] = [];
  for (const [base, group] of groups) {
    const missing = [...new Set([...needed, 'other'])].filter((form) => !group.forms.has(form));
    if (!missing.length) continue;
    const last = base.split('.').pop()!;
    issues.push(
      issueAt(
        locale.doc,
        group.pointer,
        'missing-plural-form',
        `plural key "${base}" has no ${quoteList(missing.map((f) => `${last}_${f}`))} in ${locale.lang}, which needs the forms ${needed.join(', ')}`,
        `add ${quoteList(missing.map((f) => `${last}_${f}`))} next to it (Intl.PluralRules('${locale.lang}') categories; i18next picks the form by count)`,
        'key',
      ),
    );
  }
  return issues;
}

// a number beside a percent sign (either side, full-width too), or the Chinese "n折" (n tenths of the price)
const TYPED_PERCENTAGE = /\d\s*[%％]|[%％]\s*\d|\d\s*折/;

function checkTypedPercentages(locale: LocaleDoc): ValidationIssue[] {
  return texts(locale.data)
    .filter((t) => TYPED_PERCENTAGE.test(t.text.replace(PLACEHOLDER, '')))
    .map((t) =>
      issueAt(
        locale.doc,
        t.pointer,
        'typed-percentage',
        `the ${locale.lang} text of "${t.key}" types a percentage: "${t.text}"`,
        'write {{percent}} where the saving goes; the screen computes it from the plan prices and formats it for the language',
      ),
    );
}

// a number beside a currency sign or code (either side: "$19.96", "19,96 $", "US$ 9", "9.99 USD"), or
// beside a currency word of the 13 languages ("29,99 dólares", "9,99 доллара", "29.99 دولار", "9.99ドル", "2999円")
const CURRENCY_SIGN = String.raw`[$€£¥₩₽₴₺₹￥＄]|US\$|\b(?:USD|EUR|GBP)\b`;
const CURRENCY_WORD = String.raw`円|元|원|dollars?|d[oó]lar(?:es|ı)?|dollari|доллар\p{L}*|долар\p{L}*|دولار\p{L}*|ドル|美元|美金|달러`;
const NUMBER = String.raw`\d[\d.,\u00a0\u202f ]*`;
const TYPED_AMOUNT = new RegExp(`(?:${CURRENCY_SIGN})\\s*\\d|${NUMBER}\\s*(?:${CURRENCY_SIGN}|${CURRENCY_WORD})`, 'iu');

/** True when a text types a currency amount (placeholders left out). @example typesAmount('Total today: $19.96') // true */
export function typesAmount(text: string): boolean {
  return TYPED_AMOUNT.test(text.replace(PLACEHOLDER, ''));
}

function checkTypedAmounts(locale: LocaleDoc): ValidationIssue[] {
  return texts(locale.data)
    .filter((t) => typesAmount(t.text))
    .map((t) =>
      issueAt(
        locale.doc,
        t.pointer,
        'typed-amount',
        `the ${locale.lang} text of "${t.key}" types a currency amount: "${t.text}"`,
        'write {{price}} where the amount goes; the screen takes it from the plan in flows/plans.json (screens/ui/priceTexts.ts) and formats it for the language',
      ),
    );
}

function checkTypedPeriods(locale: LocaleDoc, commerceTexts: readonly string[]): ValidationIssue[] {
  return texts(locale.data).flatMap((t) => {
    const period = isCommerceKey(t.key, commerceTexts) ? typedPeriod(t.text, locale.lang) : undefined;
    if (period === undefined) return [];
    return [
      issueAt(
        locale.doc,
        t.pointer,
        'typed-period',
        `the ${locale.lang} text of "${t.key}" types a period, "${period}": "${t.text}"`,
        "write {{count}} where the number goes, with the plural forms of the language (key_one, key_other, …); the screen takes the number from the data (a plan's duration, a variant's moneyBackDays: screens/ui/planNames.ts, priceTexts.ts)",
      ),
    ];
  });
}

// the forms a plural text picks by its count may spell it ("one day", "يومان"): the count chose them
const COUNTED_FORM = /_(?:zero|one|two)$/;

function checkSpelledNumbers(locale: LocaleDoc, commerceTexts: readonly string[]): ValidationIssue[] {
  return texts(locale.data).flatMap((t) => {
    if (!isCommerceKey(t.key, commerceTexts) || COUNTED_FORM.test(t.key) || typedPeriod(t.text, locale.lang) !== undefined) return [];
    const spelled = spelledNumber(t.text, locale.lang);
    if (spelled === undefined) return [];
    return [
      issueAt(
        locale.doc,
        t.pointer,
        'spelled-number',
        `the ${locale.lang} text of "${t.key}" writes a number out in words, "${spelled}": "${t.text}"`,
        'write {{count}} for a period (with the plural forms key_one, key_other, …) or {{price}} for an amount; the screen takes them from the plan and the variant, so the text cannot disagree with what is charged',
      ),
    ];
  });
}

/**
 * Placeholders of every language against the reference language (the funnel's fallback: its texts
 * define the placeholders and plural keys), and plural forms of every language.
 */
export function checkLocaleTexts(locales: LocaleDoc[], referenceLanguage: string, commerceTexts: readonly string[]): ValidationIssue[] {
  const reference = locales.find((l) => l.lang === referenceLanguage);
  const groups = reference ? referenceGroups(reference) : new Map<string, KeyGroup>();
  return locales.flatMap((locale) => [
    ...(locale === reference ? [] : checkPlaceholders(locale, groups, referenceLanguage)),
    ...checkPluralForms(locale),
    ...checkTypedPercentages(locale),
    ...checkTypedAmounts(locale),
    ...checkTypedPeriods(locale, commerceTexts),
    ...checkSpelledNumbers(locale, commerceTexts),
  ]);
}

/** An opening or closing tag in a text ("<terms>", "</terms>"), by RichText's own pattern. */
const TAG = /<\/?([A-Za-z_$][\w$]*)>/g;

/**
 * Tags in texts that no RichText component renders: only the declared tags (common.schema.json
 * `richTextTag`) may appear. Another name (a typo, a built-in such as "constructor") would at best
 * show as plain text and at worst find an inherited member.
 */
export function checkRichTextTags(locales: LocaleDoc[], known: ReadonlySet<string>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const locale of locales) {
    for (const t of texts(locale.data)) {
      const unknown = [...new Set([...t.text.matchAll(TAG)].map((m) => m[1]!))].filter((name) => !known.has(name));
      if (!unknown.length) continue;
      issues.push(
        issueAt(
          locale.doc,
          t.pointer,
          'unknown-rich-text-tag',
          `the ${locale.lang} text of "${t.key}" has the tag${unknown.length > 1 ? 's' : ''} ${quoteList(unknown.map((n) => `<${n}>`))}, which no rich-text component renders`,
          known.size
            ? `use only ${quoteList([...known].map((n) => `<${n}>`))} (schemas/common.schema.json richTextTag), or write the text without tags`
            : 'write the text without tags',
        ),
      );
    }
  }
  return issues;
}
