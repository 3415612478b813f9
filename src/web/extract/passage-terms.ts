// Words as the question filter compares them: lower-cased, stop words out, stemmed for the page's
// language (Snowball stemmers from @orama/stemmers; stop words from the `stopword` package), so
// "Heizungen" finds "Heizung" and "recycled" finds "recycling". A language without a stemmer here
// falls back to the first letters of each word, a crude stemmer that works in every language.
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import stopword from 'stopword';
import { detect } from 'tinyld';

interface Language {
  stem?: (word: string) => string;
  stopWords: readonly string[];
}

/** The languages read with their own stemmer and stop words, by ISO 639-1 code. */
const LANGUAGES: Record<string, Language> = {
  en: { stem: english, stopWords: stopword.eng },
  de: { stem: german, stopWords: stopword.deu },
  fr: { stem: french, stopWords: stopword.fra },
  es: { stem: spanish, stopWords: stopword.spa },
  it: { stem: italian, stopWords: stopword.ita },
  pt: { stem: portuguese, stopWords: stopword.por },
  nl: { stem: dutch, stopWords: stopword.nld },
  sv: { stem: swedish, stopWords: stopword.swe },
  da: { stem: danish, stopWords: stopword.dan },
  no: { stem: norwegian, stopWords: stopword.nob },
  nb: { stem: norwegian, stopWords: stopword.nob },
  fi: { stem: finnish, stopWords: stopword.fin },
  hu: { stem: hungarian, stopWords: stopword.hun },
  ro: { stem: romanian, stopWords: stopword.ron },
  ru: { stem: russian, stopWords: stopword.rus },
  tr: { stem: turkish, stopWords: stopword.tur },
  // No Snowball stemmer for these in the package: stop words, and the first letters of each word.
  pl: { stopWords: stopword.pol },
  cs: { stopWords: stopword.ces },
  sk: { stopWords: stopword.slk },
  uk: { stopWords: stopword.ukr },
};
const KNOWN = Object.keys(LANGUAGES);

/** Words are cut to this many letters where no stemmer knows the language. */
const PREFIX_LENGTH = 5;
/** Characters of the text a language is detected from: enough for a sure guess, little time. */
const DETECTION_SAMPLE = 2_000;

/** The ISO 639-1 code of a language tag (`de-AT` → `de`), when it is one we read. */
export function languageCode(tag: string | undefined): string | undefined {
  const code = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return code && code in LANGUAGES ? code : undefined;
}

/** The language of a text among those we read; undefined when the detector is not sure. */
export function detectLanguage(text: string): string | undefined {
  const sample = text.length > DETECTION_SAMPLE ? text.slice(0, DETECTION_SAMPLE) : text;
  return languageCode(detect(sample, { only: KNOWN }) || undefined);
}

export interface TermReader {
  /** The language the words are stemmed for, if known. */
  language: string | undefined;
  /**
   * The comparable terms of a text, in order. Where a stemmer knows the language, each word gives its
   * stem and, marked with `~`, its first letters too: Snowball keeps "acquire" and "acquisition" apart,
   * their first letters do not.
   */
  terms(text: string): string[];
}

/** Marks a term made of a word's first letters, so it never equals a stem. */
export const PREFIX_MARK = '~';

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,]\d+)*/gu) ?? [];
}

/**
 * Reads terms for a page in `language`, dropping the stop words of that language, of English and of
 * the question's own language (a reader may ask in another language than the page's).
 */
export function termReader(
  language: string | undefined,
  otherLanguages: readonly (string | undefined)[] = [],
): TermReader {
  const known = language ? LANGUAGES[language] : undefined;
  const stopWords = new Set<string>(LANGUAGES.en!.stopWords);
  for (const code of [language, ...otherLanguages]) {
    for (const word of (code && LANGUAGES[code]?.stopWords) || []) stopWords.add(word);
  }
  const stem = known?.stem;
  const cache = new Map<string, readonly string[]>();
  const fold = (text: string): string => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const termsOf = (word: string): readonly string[] => {
    let terms = cache.get(word);
    if (terms === undefined) {
      if (/^\d/.test(word)) terms = [word.replace(/[.,](?=\d{3}\b)/g, '')];
      else if (stem) {
        const stemmed = fold(stem(word));
        const prefix = fold(word).slice(0, PREFIX_LENGTH);
        terms = [stemmed, PREFIX_MARK + prefix];
      } else terms = [fold(word).slice(0, PREFIX_LENGTH)];
      cache.set(word, terms);
    }
    return terms;
  };
  return {
    language,
    terms(text) {
      const terms: string[] = [];
      for (const word of words(text)) {
        if (stopWords.has(word) || (word.length < 2 && !/\d/.test(word))) continue;
        terms.push(...termsOf(word));
      }
      return terms;
    },
  };
}
