// Days written out in running text or in a byline, in many languages: month names (from the ICU data
// Node ships, so every language's list is complete), day-month-year and year-month-day orders,
// ordinals ("1st", "1er", "1."), Japanese/Chinese/Korean 年月日, and numeric days whose order the
// page's language settles. Every result goes through `isoDate`, so the product's date rules still hold.
import { isoDate } from '../../providers/dates.ts';

/**
 * Languages whose month names are read. Names come from `Intl.DateTimeFormat` (full ICU in Node 20),
 * in both the form a date uses (Russian "октября", Polish "października", Greek "Οκτωβρίου") and the
 * standalone one, long and abbreviated; `de-AT` adds "Jänner", `sr-Latn` Serbian in Latin letters. A
 * Thai page's Buddhist-era year (2566) is no day under the date rules, so Thai names date only
 * Gregorian years.
 */
const MONTH_LOCALES = [
  'en', 'de', 'de-AT', 'fr', 'es', 'it', 'pt', 'pt-PT', 'nl', 'pl', 'cs', 'sk', 'sv', 'da', 'nb', 'nn',
  'fi', 'hu', 'ro', 'tr', 'ru', 'uk', 'be', 'bg', 'mk', 'el', 'hr', 'sr', 'sr-Latn', 'bs', 'sl', 'lt',
  'lv', 'et', 'ca', 'gl', 'eu', 'is', 'ga', 'cy', 'sq', 'id', 'ms', 'af', 'ar', 'he', 'fa', 'hi',
  // Languages of Africa, Asia and Europe's smaller ones whose months ICU names in words.
  'sw', 'tl', 'az', 'uz', 'kk', 'ky', 'ka', 'hy', 'bn', 'ta', 'ur', 'th', 'mt', 'lb', 'fo', 'fy',
] as const; // prettier-ignore
/** Hebrew writes "in" onto the month ("5 בנובמבר 2023"): the prefixed form is read too. */
const HEBREW_IN = 'ב';

/** Abbreviations pages use that ICU does not list ("Sept." in English, "Mrz." in German). */
const EXTRA_MONTH_NAMES: Record<string, Record<string, number>> = {
  en: { sept: 9 },
  de: { mrz: 3, sept: 9 },
};

/** The language a locale's names are filed under: its primary subtag (`de-AT` → `de`, `nb` → `no`). */
function languageOf(tag: string): string {
  const primary = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  // Norwegian pages say `no`, `nb` or `nn`; their month names are the same words.
  return primary === 'nb' || primary === 'nn' ? 'no' : primary;
}

/** Lower case, no trailing dot; also without diacritics, since pages often drop them ("fevrier"). */
function monthKeys(name: string): string[] {
  const lower = name.toLowerCase().replace(/\.$/, '');
  const folded = lower.normalize('NFD').replace(/\p{M}/gu, '');
  return lower === folded ? [lower] : [lower, folded];
}

interface MonthName {
  month: number;
  /** Only an abbreviation in that language ("set", "out", "pro"), not the month's full name. */
  abbreviation: boolean;
}

/** month name → language → month; built on first use (some 2,000 ICU calls, tens of milliseconds). */
let monthNames: Map<string, Map<string, MonthName>> | undefined;

function buildMonthNames(): Map<string, Map<string, MonthName>> {
  const names = new Map<string, Map<string, MonthName>>();
  const add = (name: string, language: string, month: number, abbreviation: boolean): void => {
    for (const key of monthKeys(name)) {
      let byLanguage = names.get(key);
      if (!byLanguage) names.set(key, (byLanguage = new Map()));
      const known = byLanguage.get(language);
      // A word that is a full name in the language stays one, whichever style listed it first.
      byLanguage.set(language, { month, abbreviation: abbreviation && (known?.abbreviation ?? true) });
    }
  };
  const styles: [Intl.DateTimeFormatOptions, boolean][] = [
    [{ day: 'numeric', month: 'long' }, false],
    [{ month: 'long' }, false],
    [{ day: 'numeric', month: 'short' }, true],
    [{ month: 'short' }, true],
  ];
  for (const locale of MONTH_LOCALES) {
    const language = languageOf(locale);
    for (const [style, abbreviation] of styles) {
      // Gregorian months even where the locale's own calendar is another (Persian, for one).
      const format = new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC', calendar: 'gregory' });
      for (let month = 1; month <= 12; month++) {
        // The 15th at noon: no zone turns it into another month.
        const part = format.formatToParts(Date.UTC(2001, month - 1, 15, 12)).find((p) => p.type === 'month');
        if (!part || /\d/.test(part.value)) continue;
        add(part.value, language, month, abbreviation);
        if (language === 'he') add(HEBREW_IN + part.value, language, month, abbreviation);
      }
    }
  }
  for (const [language, extra] of Object.entries(EXTRA_MONTH_NAMES))
    for (const [name, month] of Object.entries(extra)) add(name, language, month, true);
  return names;
}

/**
 * Abbreviations are read in any language only from English, the web's common one ("Jan", "Sept");
 * another language's are short words that often mean something else ("set", "out", "pro", "dis"), so
 * they count only on a page in that language.
 */
const ABBREVIATIONS_EVERYWHERE = 'en';

/**
 * The month a name stands for. The page's language decides a name that means different months in
 * different languages (Croatian "listopad" is October, Polish and Czech November); without the page's
 * language such a name is no month at all.
 */
export function monthNumber(name: string, language?: string): number | undefined {
  const keys = monthKeys(name);
  monthNames ??= buildMonthNames();
  const byLanguage = monthNames.get(keys[0]!) ?? monthNames.get(keys.at(-1)!);
  if (!byLanguage) return undefined;
  if (language) {
    const own = byLanguage.get(languageOf(language));
    if (own) return own.month;
  }
  const months = new Set<number>();
  for (const [nameLanguage, entry] of byLanguage) {
    if (!entry.abbreviation || nameLanguage === ABBREVIATIONS_EVERYWHERE) months.add(entry.month);
  }
  return months.size === 1 ? [...months][0] : undefined;
}

// ---------------------------------------------------------------------------------- numeric orders

/**
 * Languages whose numeric days put the month first (`10/19/2019`): English as written in the United
 * States and a few places that follow it. Every other language writes the day first (`19/10/2019`).
 */
const MONTH_FIRST_REGIONS = new Set(['us', 'ph', 'fm', 'mh', 'pw']);

/** A language tag's primary subtag: two or three letters (BCP 47). */
const LANGUAGE_SUBTAG = /^[a-z]{2,3}$/;

/**
 * The order of a numeric day with the year last, from the page's language: day first for every
 * language but English; for English only the region says (en-US month first, en-GB day first), and a
 * bare `en` leaves `03/04/2019` unread, as the date rules want for a day that is not unambiguous.
 */
export type NumericOrder = 'day-first' | 'month-first' | undefined;

export function numericOrder(language: string | undefined): NumericOrder {
  if (!language) return undefined;
  const [primary, region] = language.trim().toLowerCase().split(/[-_]/);
  // Only a language tag says which language it is ("English" or "en, de" in a meta tag does not).
  if (!primary || !LANGUAGE_SUBTAG.test(primary)) return undefined;
  if (primary !== 'en') return 'day-first';
  if (!region) return undefined;
  return MONTH_FIRST_REGIONS.has(region) ? 'month-first' : 'day-first';
}

// ------------------------------------------------------------------------------------------ phrases

/** A month written as a word, long or abbreviated: letters of any script, an apostrophe at most. */
const MONTH_WORD = String.raw`\p{L}[\p{L}\p{M}]{1,15}\.?`;
/** Ordinal marks after a day: English "1st", French "1er", Spanish/Portuguese "1º", German "1.". */
const ORDINAL = String.raw`(?:st|nd|rd|th|er|re|ᵉʳ|º|ª|\.)?`;
/** Words between day, month and year: Spanish/Portuguese "de", Catalan "d'"/"del", English "of". */
const LINK = String.raw`(?:\s*(?:de|del|d['’]|of)\s*|[\s,/-]+)`;

const DAY_MONTH_YEAR = String.raw`(\d{1,2})${ORDINAL}${LINK}(${MONTH_WORD})${LINK}(\d{4})`;
const MONTH_DAY_YEAR = String.raw`(${MONTH_WORD})\s*(\d{1,2})${ORDINAL},?\s+(\d{4})`;
/** Hungarian "2019. október 19.", Lithuanian "2019 m. spalio 19 d.". */
const YEAR_MONTH_DAY = String.raw`(\d{4})\.?\s*(?:m\.\s*)?(${MONTH_WORD})\s*(\d{1,2})\.?(?:\s*d\.)?`;
/** Latvian "2019. gada 19. oktobris". */
const YEAR_DAY_MONTH = String.raw`(\d{4})\.\s*(?:gada|g\.)\s*(\d{1,2})\.\s*(${MONTH_WORD})`;
/** Japanese and Chinese 2019年10月19日, Korean 2019년 10월 19일. */
const EAST_ASIAN = String.raw`(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일号號]?`;
/** Year first with dashes, slashes or dots (`2019-10-19`, `2019/10/19`, Hungarian `2019.10.19.`). */
const NUMERIC_YEAR_FIRST = String.raw`(\d{4})([-/.])\s?(\d{1,2})([-/.])\s?(\d{1,2})(?!\d)\.?`;
/** Year last: `19.10.2019` (always day first), `19/10/2019` and `19-10-2019` (the language decides). */
const NUMERIC_YEAR_LAST = String.raw`(\d{1,2})([./-])\s?(\d{1,2})([./-])\s?(\d{4})(?!\d)`;

const FORMS = [
  DAY_MONTH_YEAR,
  MONTH_DAY_YEAR,
  YEAR_DAY_MONTH,
  YEAR_MONTH_DAY,
  EAST_ASIAN,
  NUMERIC_YEAR_FIRST,
  NUMERIC_YEAR_LAST,
];
/** Any of the forms, where a number does not run on into the date ("112 March 2019" is no day). */
const WRITTEN_DATE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${FORMS.map((form) => `(${form})`).join('|')})`, 'gu');
/** Counted capture groups per form, so each match can be told which form it is. */
const GROUPS_PER_FORM = FORMS.map((form) => new RegExp(`${form}|`, 'u').exec('')!.length - 1);

/**
 * Where each script's digits zero start: fullwidth (Japanese, Chinese), Arabic-Indic, Persian,
 * Devanagari (Hindi, Marathi, Nepali), Bengali, Thai.
 */
const DIGIT_ZEROS = [0xff10, 0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50];
/** Digits a page may write its days in besides ASCII ones. */
export const OTHER_DIGITS = /[０-９٠-٩۰-۹०-९০-৯๐-๙]/g;

/** Fullwidth, Arabic-Indic and Persian digits read as ASCII ones. */
function asciiDigits(text: string): string {
  return text.replace(OTHER_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9)!;
    return String(code - zero);
  });
}

export interface WrittenDate {
  /** `YYYY-MM-DD`, through `isoDate`. */
  date: string;
  /** Where the phrase starts and ends in the text given. */
  index: number;
  end: number;
}

function day(year: string, month: number | undefined, dayOfMonth: string, now: number): string | undefined {
  if (!month) return undefined;
  return isoDate(`${year}-${String(month).padStart(2, '0')}-${dayOfMonth.padStart(2, '0')}`, now);
}

function readMatch(
  match: RegExpExecArray,
  language: string | undefined,
  now: number,
  order: () => NumericOrder,
): string | undefined {
  let offset = 1;
  for (let form = 0; form < FORMS.length; form++) {
    const size = GROUPS_PER_FORM[form]!;
    if (match[offset] !== undefined) {
      const [, a, b, c, d, e] = match.slice(offset, offset + size + 1) as string[];
      switch (FORMS[form]) {
        case DAY_MONTH_YEAR:
          return day(c!, monthNumber(b!, language), a!, now);
        case MONTH_DAY_YEAR:
          return day(c!, monthNumber(a!, language), b!, now);
        case YEAR_DAY_MONTH:
          return day(a!, monthNumber(c!, language), b!, now);
        case YEAR_MONTH_DAY:
          return day(a!, monthNumber(b!, language), c!, now);
        case EAST_ASIAN:
          return day(a!, Number(b), c!, now);
        case NUMERIC_YEAR_FIRST:
          // One separator throughout: `2019-10/19` is no day.
          return b === d ? day(a!, Number(c), e!, now) : undefined;
        case NUMERIC_YEAR_LAST: {
          if (b !== d) return undefined;
          if (b === '.') return day(e!, Number(c), a!, now);
          const known = order();
          if (known === 'day-first') return day(e!, Number(c), a!, now);
          if (known === 'month-first') return day(e!, Number(a), c!, now);
          return undefined;
        }
      }
    }
    offset += size + 1;
  }
  return undefined;
}

/**
 * Every day written in the text, in order; phrases that do not make a real day are skipped. `order`
 * says how to read `05/11/2023` when the caller knows more than the language (the page's own days).
 */
export function writtenDates(
  text: string,
  language: string | undefined,
  now: number,
  order: () => NumericOrder = () => numericOrder(language),
): WrittenDate[] {
  const found: WrittenDate[] = [];
  const source = asciiDigits(text);
  // One pattern for every call (it is large); nothing in the loop reads dates again.
  const pattern = WRITTEN_DATE;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const date = readMatch(match, language, now, order);
    if (date) found.push({ date, index: match.index, end: match.index + match[0].length });
    // A phrase that is no day ("Chapter 12, 2019") may hide one that starts inside it.
    else pattern.lastIndex = match.index + 1;
  }
  return found;
}

/** Before the day, a weekday or a label at most. */
const ONLY_WORDS_BEFORE = /^[\p{L}\p{M}.,:\s]{0,24}$/u;
/** After the year, its suffix at most: Russian "г.", Ukrainian "р.", Lithuanian "m.", a dot. */
const YEAR_SUFFIX_ONLY = /^(?:г|р|m|godine|gada)?\.?$/u;
const YEAR_SUFFIX = /^(?:г|р|m|godine|gada)?\.?/u;
/**
 * A time of day as a reader sees it after the day, and nothing else: "14:09", "um 23:30 Uhr",
 * "à 14h30", "a las 10:30", "o godz. 10:30", "klo 10.30", "@ 10:42 am", "11:50 AM EST", "19:20 (GMT+7)".
 * Up to two short words may lead into it (a preposition, "o godz.") and name its zone or hour after it.
 */
const TIME_OF_DAY_ONLY =
  /^[\s,|·•/@–—(-]*(?:[\p{L}.]{1,6}\s+){0,2}\d{1,2}[:.h]\d{2}(?:[:.]\d{2})?\s*(?:[aApP]\.?\s?[mM]\.?)?(?:\s*\(?\s*(?:\p{L}{1,5}\.?|(?:GMT|UTC)?[+-]\d{1,2}(?::?\d{2})?)\s*\)?){0,2}\s*$/u;

/**
 * The day a short value states when it is nothing but that day (a weekday or a label before it at
 * most): `19. Oktober 2019`, `Sonntag, 19. Oktober 2019`, `19 октября 2019 г.`. A value with more after
 * the day (a time, other words) is not read here, unless `timeOfDay` lets a time of day follow: a
 * reader's text ("5. November 2023, 10:39 Uhr") names the publisher's own day whether or not it names
 * the time's zone.
 */
export function writtenDateOnly(
  value: string,
  language: string | undefined,
  now: number,
  order?: () => NumericOrder,
  timeOfDay = false,
): string | undefined {
  const text = value.replace(/\s+/g, ' ').trim();
  const [first, ...rest] = writtenDates(text, language, now, order);
  if (!first || rest.length > 0) return undefined;
  const before = text.slice(0, first.index);
  const after = text.slice(first.end).trim();
  if (!ONLY_WORDS_BEFORE.test(before)) return undefined;
  if (YEAR_SUFFIX_ONLY.test(after)) return first.date;
  return timeOfDay && TIME_OF_DAY_ONLY.test(after.replace(YEAR_SUFFIX, '')) ? first.date : undefined;
}

/** A numeric day with the year last and a slash or dash: `05/11/2023`, `25-12-2023`. */
const SLASHED_DAY = /(?<!\d)(\d{1,2})[/-](\d{1,2})[/-]\d{4}(?!\d)/g;

/**
 * The order the language gives, unless the page's own unambiguous days say otherwise: a page in a
 * language that writes its days first and shows `12/24/2023` somewhere is not read the wrong way round.
 * English, whose writers follow either order whatever region their site's software was set to (many
 * sites outside the United States keep its default, `en-US`), is read only when the page itself shows
 * an unambiguous day in the order its region gives (`12/24/2023` on an `en-US` page) and none in the
 * other.
 */
export function confirmedOrder(language: string | undefined, texts: Iterable<string>): NumericOrder {
  const stated = numericOrder(language);
  if (!stated) return undefined;
  const needsEvidence = languageOf(language!) === EITHER_ORDER_LANGUAGE;
  let confirmed = false;
  for (const text of texts) {
    for (const match of text.matchAll(SLASHED_DAY)) {
      const first = Number(match[1]);
      const second = Number(match[2]);
      const dayFirst = first > 12 && second <= 12;
      const monthFirst = second > 12 && first <= 12;
      if ((stated === 'month-first' && dayFirst) || (stated === 'day-first' && monthFirst)) return undefined;
      if (dayFirst || monthFirst) confirmed = true;
    }
  }
  return !needsEvidence || confirmed ? stated : undefined;
}

/** The language whose writers use both numeric orders. */
const EITHER_ORDER_LANGUAGE = 'en';
