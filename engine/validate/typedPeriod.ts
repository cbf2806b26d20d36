/**
 * The `typed-period` rule: a commerce text never types a number of days, weeks, months or years
 * ("3-month plan", "30 Tage", "30日間", "٣٠ يومًا"). Plan names, guarantees and price sentences are made
 * from the plan data with `{{count}}` (screens/ui/planNames.ts, priceTexts.ts), so a typed period could
 * only ever disagree with what the plan really renews at or what the variant really guarantees.
 *
 * A count is a run of digits of any script (Latin, Arabic-Indic, full-width) or Chinese numerals; it
 * is flagged when a period word of the text's language follows it, after spaces or a hyphen.
 * Placeholders are left out ({{count}}-day is the way to write it). Numbers next to other words stay
 * allowed ("3-D Secure", "3 or 4 digits", "out of 5", the test card 4242 4242 4242 4242), and so does
 * the "per one day" of Japanese and Korean rates ("1日あたり", "1일당"): a unit, not a length.
 * Which texts are commerce texts is the product's to say (./commerceRules.ts).
 */

/** A word ends where the letters do. */
export const WORD_END = String.raw`(?![\p{L}\p{M}])`;

// the words of a length, by language, with their endings: a word ends where the letters do ("3 ay" is
// three months in Turkish, "3 ayrı" three separate ones), except in German compounds ("3-Monatsabo")
export const PERIOD_WORDS: Readonly<Record<string, string>> = {
  en: String.raw`(?:days?|weeks?|months?|years?)${WORD_END}`,
  de: String.raw`(?:tag|tägig|woche|wöchig|monat|jahr|jährig)\p{L}*`,
  es: String.raw`(?:d[ií]as?|semanas?|mes(?:es)?|años?)${WORD_END}`,
  fr: String.raw`(?:jours?|semaines?|mois|ans?|années?)${WORD_END}`,
  it: String.raw`(?:giorn[oi]|settiman[ae]|mes[ei]|ann[oi])${WORD_END}`,
  pt: String.raw`(?:dias?|semanas?|m[eê]s(?:es)?|anos?)${WORD_END}`,
  ru: String.raw`(?:дн(?:я|ей|ям|ями|ях)?|день|сут(?:ки|ок)|недел\p{L}*|месяц\p{L}*|мес|год(?:а|у|ом|ов)?|лет)${WORD_END}`,
  uk: String.raw`(?:дн(?:і|ів|я|ям|ями)?|день|доб(?:а|и)?|тиж(?:день|ні|нів|ня|нями)|місяц\p{L}*|міс|рік|рок(?:и|ів|у)|років)${WORD_END}`,
  tr: String.raw`(?:gün\p{L}*|hafta\p{L}*|ay(?:l[ıi]k\p{L}*|d[ae]|[ıi]n?|lar\p{L}*)?|yıl\p{L}*)${WORD_END}`,
  ar: String.raw`(?:يوم|أيام|ايام|أسبوع|اسبوع|أسابيع|اسابيع|شهر|أشهر|اشهر|شهور|سنة|سنوات|عام|أعوام)[\p{L}\p{M}]*`,
  ja: String.raw`(?:日|週|か月|ヶ月|ヵ月|カ月|ケ月|箇月|月|年)`,
  ko: String.raw`(?:일|주|개월|달|년)`,
  zh: String.raw`(?:天|日|周|週|星期|个月|個月|月|年)`,
};

// an ordinal ("第一天", the first day) names a day, not a length
const COUNT = String.raw`(?<!第)(?:\p{Nd}+(?:[.,]\p{Nd}+)?|[一二三四五六七八九十百两兩]+)`;
const BETWEEN = String.raw`[\s\u00a0\u202f]*[-‐‑–]?[\s\u00a0\u202f]*`;

// the rate "per one day/week" of Japanese and Korean, which writes the 1 ("1日あたり", "1週間当たり", "1일당")
const PER_ONE_UNIT = /1[\s\u00a0]*(?:日|週間?|일|주)[\s\u00a0]*(?:あたり|当たり|当り|당)/gu;

// {{name}}, {{- name}} and {{name, format}}
const PLACEHOLDER = /\{\{[^}]*\}\}/g;

const patterns = new Map<string, RegExp>();

function periodPattern(language: string): RegExp {
  const lang = language.toLowerCase().split('-')[0]!;
  let pattern = patterns.get(lang);
  if (!pattern) {
    // an unknown language is read with every language's words
    const words = PERIOD_WORDS[lang] ?? Object.values(PERIOD_WORDS).join('|');
    pattern = new RegExp(`${COUNT}${BETWEEN}(?:${words})`, 'iu');
    patterns.set(lang, pattern);
  }
  return pattern;
}

/**
 * The typed period of a text in a language, if it has one (placeholders left out).
 * @example typedPeriod('30-day money-back guarantee', 'en') // '30-day'
 * @example typedPeriod('{{count}}-day money-back guarantee', 'en') // undefined
 */
export function typedPeriod(text: string, language: string): string | undefined {
  const bare = text.replace(PLACEHOLDER, ' ').replace(PER_ONE_UNIT, ' ');
  return periodPattern(language).exec(bare)?.[0];
}
