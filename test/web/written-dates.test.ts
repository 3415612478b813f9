// Days written out in many languages and orders (month names from ICU), read the product's way: a
// name or numeric order that is not unambiguous for the page's language gives no day.
import { describe, expect, it } from 'vitest';
import {
  confirmedOrder,
  monthNumber,
  numericOrder,
  writtenDateOnly,
  writtenDates,
} from '../../src/web/extract/written-dates.ts';

const now = Date.parse('2026-12-01T00:00:00Z');
const read = (text: string, language?: string): string[] =>
  writtenDates(text, language, now).map((found) => found.date);

describe('writtenDates', () => {
  it('reads month names in the form a date uses, in many languages and scripts', () => {
    const cases: [string, string][] = [
      ['5. November 2023', 'de'],
      ['5 novembre 2023', 'fr'],
      ['5 de noviembre de 2023', 'es'],
      ['5 novembre 2023', 'it'],
      ['5 de novembro de 2023', 'pt'],
      ['5 november 2023', 'nl'],
      ['5 listopada 2023', 'pl'],
      ['5. listopadu 2023', 'cs'],
      ['5. novembra 2023', 'sk'],
      ['5 november 2023', 'sv'],
      ['5. november 2023', 'da'],
      ['5. november 2023', 'no'],
      ['5. marraskuuta 2023', 'fi'],
      ['5 noiembrie 2023', 'ro'],
      ['5 Kasım 2023', 'tr'],
      ['5 ноября 2023 г.', 'ru'],
      ['5 листопада 2023 р.', 'uk'],
      ['5 Νοεμβρίου 2023', 'el'],
      ['5. studenoga 2023.', 'hr'],
      ['5. новембар 2023.', 'sr'],
      ['5. novembra 2023', 'sl'],
      ['5 de novembre del 2023', 'ca'],
    ];
    for (const [text, language] of cases)
      expect(read(text, language), `${language}: ${text}`).toEqual(['2023-11-05']);
  });

  it('reads Arabic, Hebrew, Persian and Hindi month names, with their own digits, on the Gregorian calendar', () => {
    expect(read('5 نوفمبر 2023', 'ar')).toEqual(['2023-11-05']);
    expect(read('٥ نوفمبر ٢٠٢٣', 'ar')).toEqual(['2023-11-05']);
    expect(read('5 בנובמבר 2023', 'he')).toEqual(['2023-11-05']);
    expect(read('۵ نوامبر ۲۰۲۳', 'fa')).toEqual(['2023-11-05']);
    expect(read('5 नवंबर 2023', 'hi')).toEqual(['2023-11-05']);
  });

  it('reads abbreviations and names written without their diacritics', () => {
    expect(read('5 févr. 2023', 'fr')).toEqual(['2023-02-05']);
    expect(read('5 fevrier 2023')).toEqual(['2023-02-05']);
    expect(read('5. Jänner 2023', 'de')).toEqual(['2023-01-05']);
    expect(read('5. oktoober 2023', 'et')).toEqual(['2023-10-05']);
    expect(read('Nov. 5, 2023')).toEqual(['2023-11-05']);
    expect(read('5-Nov-2023')).toEqual(['2023-11-05']);
  });

  it("reads another language's abbreviations only on a page in that language; English ones anywhere", () => {
    // Italian and Portuguese "set" (September) is an English word; "Sept" is English.
    expect(read('5 set 2023', 'it')).toEqual(['2023-09-05']);
    expect(read('5 set 2023')).toEqual([]);
    expect(read('5 Sept 2023')).toEqual(['2023-09-05']);
    // Full names need no language.
    expect(read('5 settembre 2023')).toEqual(['2023-09-05']);
  });

  it('reads ordinals: 1st, 1er, 1º, 1.', () => {
    expect(read('March 1st, 2020')).toEqual(['2020-03-01']);
    expect(read('1er mars 2020')).toEqual(['2020-03-01']);
    expect(read('1º de marzo de 2020')).toEqual(['2020-03-01']);
    expect(read('1. März 2020')).toEqual(['2020-03-01']);
  });

  it('reads year-first orders: Hungarian, Lithuanian, Latvian, and 年月日 in Japanese, Chinese, Korean', () => {
    expect(read('2023. november 5.', 'hu')).toEqual(['2023-11-05']);
    expect(read('2023 m. lapkričio 5 d.', 'lt')).toEqual(['2023-11-05']);
    expect(read('2023. gada 5. novembris', 'lv')).toEqual(['2023-11-05']);
    expect(read('2023年11月5日')).toEqual(['2023-11-05']);
    expect(read('２０２３年１１月５日')).toEqual(['2023-11-05']);
    expect(read('2023년 11월 5일')).toEqual(['2023-11-05']);
    expect(read('2023-11-05 and 2023/11/6 and 2023.11.07.')).toEqual([
      '2023-11-05',
      '2023-11-06',
      '2023-11-07',
    ]);
  });

  it("lets the page's language decide a month name that means different months", () => {
    // Croatian "listopad" is October; in Polish and Czech it is November.
    expect(monthNumber('listopada', 'hr')).toBe(10);
    expect(monthNumber('listopada', 'pl')).toBe(11);
    expect(read('5. listopada 2023.')).toEqual([]);
    expect(monthNumber('Oktober')).toBe(10);
    expect(monthNumber('table')).toBeUndefined();
  });

  it("lets the page's language decide the order of a numeric day with the year last", () => {
    expect(read('05/11/2023', 'fr')).toEqual(['2023-11-05']);
    expect(read('05-11-2023', 'nl')).toEqual(['2023-11-05']);
    expect(read('11/05/2023', 'en-US')).toEqual(['2023-11-05']);
    expect(read('05/11/2023', 'en-GB')).toEqual(['2023-11-05']);
    // English without a region, or no language at all: the order is not known, so there is no day.
    expect(read('05/11/2023', 'en')).toEqual([]);
    expect(read('05/11/2023')).toEqual([]);
    // Dots always put the day first.
    expect(read('05.11.2023')).toEqual(['2023-11-05']);
    expect(numericOrder('pt-BR')).toBe('day-first');
    expect(numericOrder('German')).toBeUndefined();
    expect(numericOrder('en, de')).toBeUndefined();
  });

  it('finds a day that starts inside a phrase that is none, and no day inside a longer number', () => {
    expect(read('Chapter 12, 2019 and March 3, 2019')).toEqual(['2019-03-03']);
    expect(read('item 112 March 2019')).toEqual([]);
    expect(read('2019-10/19')).toEqual([]);
  });
});

describe('writtenDateOnly', () => {
  it('reads a value that is only a day, after a weekday at most', () => {
    expect(writtenDateOnly('Sonntag, 19. Oktober 2019', 'de', now)).toBe('2019-10-19');
    expect(writtenDateOnly('19 октября 2019 г.', 'ru', now)).toBe('2019-10-19');
    expect(writtenDateOnly('19. Oktober 2019, 14:30', 'de', now)).toBeUndefined();
    expect(writtenDateOnly('19. Oktober 2019 bis 20. Oktober 2019', 'de', now)).toBeUndefined();
  });
});

describe('confirmedOrder', () => {
  it("keeps the language's order unless the page's own unambiguous days contradict it", () => {
    expect(confirmedOrder('en-US', ['Posted 11/05/2023', 'Next: 12/24/2023'])).toBe('month-first');
    expect(confirmedOrder('en-US', ['Posted 11/05/2023', 'Next: 24/12/2023'])).toBeUndefined();
    // English needs the page's own evidence; other languages write the day first whatever the region.
    expect(confirmedOrder('en-US', ['Posted 11/05/2023'])).toBeUndefined();
    expect(confirmedOrder('en-GB', ['Posted 05/11/2023', 'Next: 24/12/2023'])).toBe('day-first');
    expect(confirmedOrder('fr', ['Publié le 05/11/2023'])).toBe('day-first');
    expect(confirmedOrder('fr', ['Publié le 05/11/2023', 'le 12/24/2023'])).toBeUndefined();
    expect(confirmedOrder('en', ['24/12/2023'])).toBeUndefined();
  });
});
