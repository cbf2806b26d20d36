/**
 * The `spelled-number` rule: a commerce text never writes out in words a number of days, weeks,
 * months or years, or an amount of money ("Thirty-day money-back guarantee", "ninety-nine cents",
 * "dreißig Tage", "trente jours", "九十九セント", "тридцять днів"). It is the typed period and the typed
 * amount (./typedPeriod.ts, ./localeTexts.ts) in words: as wrong the day the plan or the price changes.
 *
 * Per language, a run of number words (joined by spaces, hyphens or the language's "and") is flagged
 * when a period word or a money word of the language follows it. The forms a plural text picks by its
 * count (`_zero`, `_one`, `_two`: "one day", "يومان") are the caller's to leave out; a rate ("한 달에",
 * "ひと月あたり": per month) is a unit, not a length, and passes.
 */
import { PERIOD_WORDS, WORD_END } from './typedPeriod.ts';

const WORD_START = String.raw`(?<![\p{L}\p{M}])`;

interface NumberWords {
  /** The number words (alternatives, longest first where one starts another). */
  words: string;
  /** What joins two number words besides spaces and hyphens ("and", "und", "y", "e", "و"). */
  joiner?: string;
  /** Compound number words written as one ("neunundneunzig", "novantanove"). */
  compound?: boolean;
  /** The words of an amount of money. */
  money: string;
  /** What may follow the period word to make a rate, not a length. */
  rate?: string;
  /** The period words, when they differ from the typed-period rule's. */
  periods?: string;
  /** Written without spaces (no word boundary before the number). */
  unspaced?: boolean;
}

const NUMBER_WORDS: Readonly<Record<string, NumberWords>> = {
  en: {
    words:
      'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred',
    joiner: 'and',
    money: String.raw`(?:cents?|dollars?|bucks?)${WORD_END}`,
  },
  de: {
    words:
      'einen|einem|einer|eine|ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig|hundert',
    joiner: 'und',
    compound: true,
    money: String.raw`(?:cents?|dollars?|euros?)${WORD_END}`,
  },
  es: {
    words:
      'una|uno|un|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\\p{L}+|veinti\\p{L}+|veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|ciento|cien',
    joiner: 'y',
    money: String.raw`(?:centavos?|c[ée]ntimos?|d[oó]lar(?:es)?)${WORD_END}`,
  },
  fr: {
    words: 'une|un|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingts?|trente|quarante|cinquante|soixante|cents?',
    joiner: 'et',
    money: String.raw`(?:centimes?|cents?|dollars?)${WORD_END}`,
  },
  it: {
    words:
      "un'|una|uno|un|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove|venti|vent|trenta|trent|quaranta|quarant|cinquanta|cinquant|sessanta|sessant|settanta|settant|ottanta|ottant|novanta|novant|cento",
    joiner: 'e',
    compound: true,
    money: String.raw`(?:centesimi|centesimo|dollar[oi])${WORD_END}`,
  },
  pt: {
    words:
      'uma|um|dois|duas|três|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dezesseis|dezasseis|dezessete|dezassete|dezoito|dezenove|dezanove|vinte|trinta|quarenta|cinquenta|sessenta|setenta|oitenta|noventa|cento|cem',
    joiner: 'e',
    money: String.raw`(?:centavos?|cêntimos?|d[oó]lar(?:es)?)${WORD_END}`,
  },
  ru: {
    words:
      'одного|одну|одна|один|двух|два|две|трёх|трех|три|четырёх|четырех|четыре|пяти|пять|шести|шесть|семи|семь|восьми|восемь|девяти|девять|десяти|десять|\\p{L}+надцат[иь]|двадцат[иь]|тридцат[иь]|сорока|сорок|пятьдесят|шестьдесят|семьдесят|восемьдесят|девяноста|девяносто|ста|сто',
    money: String.raw`(?:цент\p{L}*|доллар\p{L}*)${WORD_END}`,
  },
  uk: {
    words:
      "одного|одну|одна|один|двох|два|дві|трьох|три|чотирьох|чотири|п[’']ятьох|п[’']ять|шістьох|шість|сімох|сім|вісьмох|вісім|дев[’']ятьох|дев[’']ять|десятьох|десять|\\p{L}+надцят[иь]|двадцят[иь]|тридцят[иь]|сорока|сорок|п[’']ятдесят|шістдесят|сімдесят|вісімдесят|дев[’']яноста|дев[’']яносто|ста|сто",
    money: String.raw`(?:цент\p{L}*|долар\p{L}*)${WORD_END}`,
  },
  tr: {
    words: 'bir|iki|üç|dört|beş|altı|yedi|sekiz|dokuz|on|yirmi|otuz|kırk|elli|altmış|yetmiş|seksen|doksan|yüz',
    money: String.raw`(?:sent\p{L}*|dolar\p{L}*)${WORD_END}`,
  },
  ar: {
    // a number word before its noun ("ثلاثين يومًا"); "شهر واحد" puts the number after and is a plural form's own
    words:
      '[لب]?(?:ثلاثة|ثلاث|أربعة|أربع|خمسة|خمس|ستة|ست|سبعة|سبع|ثمانية|ثماني|تسعة|تسع|عشرة|عشر|عشرين|عشرون|ثلاثين|ثلاثون|أربعين|أربعون|خمسين|خمسون|ستين|ستون|سبعين|سبعون|ثمانين|ثمانون|تسعين|تسعون|مائة|مئة)',
    joiner: 'و',
    money: String.raw`(?:سنت|دولار)[\p{L}\p{M}]*`,
  },
  ja: {
    words: '[一二三四五六七八九十百千]+|ひと|ふた',
    money: '(?:セント|ドル)',
    periods: '(?:月|つき)',
    rate: '(?:あたり|当たり|当り)',
    unspaced: true,
  },
  ko: {
    // native counts before 달/주/해 ("한 달", "세 달"), Sino-Korean tens before 일/개월/년 ("삼십 일")
    words: '한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|스무|서른|마흔|쉰|예순|일흔|여든|아흔|[일이삼사오육칠팔구]?[십백][일이삼사오육칠팔구]?',
    money: '(?:센트|달러)',
    periods: '(?:달|주일?|해|개월|일|년)',
    rate: '(?:에|당|마다)',
  },
  zh: {
    words: '[一二三四五六七八九十百两兩]+',
    money: '(?:美分|美元|美金|块钱?|塊錢?|元)',
    unspaced: true,
  },
};

const BETWEEN = String.raw`[\s\u00a0\u202f]*[-‐‑–]?[\s\u00a0\u202f]*`;
const PLACEHOLDER = /\{\{[^}]*\}\}/g;
const patterns = new Map<string, RegExp>();

function pattern(language: string): RegExp | undefined {
  const lang = language.toLowerCase().split('-')[0]!;
  const cached = patterns.get(lang);
  if (cached) return cached;
  const spec = Object.hasOwn(NUMBER_WORDS, lang) ? NUMBER_WORDS[lang]! : undefined;
  if (!spec) return undefined;
  const word = `(?:${spec.words})`;
  const join = spec.joiner === undefined ? BETWEEN : `(?:${BETWEEN}|[\\s\\u00a0]+${spec.joiner}[\\s\\u00a0]*)`;
  const run = spec.compound ? `${word}(?:${join}?${word}|${spec.joiner ?? ''})*${word}?` : `${word}(?:${join}${word})*`;
  const periods = spec.periods ?? PERIOD_WORDS[lang]!;
  const rate = spec.rate === undefined ? '' : `(?!${spec.rate})`;
  // an ordinal ("第一天", the first day) names a day, not a length
  const start = spec.unspaced ? '(?<!第)' : WORD_START;
  const built = new RegExp(`${start}${run}${BETWEEN}(?:(?:${periods})${rate}|${spec.money})`, 'iu');
  patterns.set(lang, built);
  return built;
}

/**
 * A number written out in words before a period or a money word, in a text of a language, if it has one.
 * @example spelledNumber('Thirty-day money-back guarantee', 'en') // 'Thirty-day'
 * @example spelledNumber('Cancel anytime', 'en') // undefined
 */
export function spelledNumber(text: string, language: string): string | undefined {
  return pattern(language)?.exec(text.replace(PLACEHOLDER, ' '))?.[0];
}
