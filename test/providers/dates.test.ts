import { describe, expect, it } from 'vitest';
import { dayOf, isoDate } from '../../src/providers/dates.ts';

/** The clock for these cases: dates after it (beyond a small tolerance) are mistakes, not publication dates. */
const NOW = Date.parse('2026-11-30T12:00:00Z');

// Every example the date rules give (../shared/corpora/README.md), then more of the same kinds.
const RULE_EXAMPLES: Array<[string, unknown, string | undefined]> = [
  ['a calendar day', '2026-09-20', '2026-09-20'],
  ['a date-time in UTC', '2026-09-20T08:15:00Z', '2026-09-20T08:15:00Z'],
  ['a date-time with an offset, no seconds', '2026-09-20T10:15+02:00', '2026-09-20T10:15+02:00'],
  ['a date-time with seconds and a fraction', '2026-09-20T10:15:30.250Z', '2026-09-20T10:15:30.250Z'],
  ['a month name, day and year', 'Sep 20, 2026', '2026-09-20'],
  ['a slashed year-first day', '2026/09/20', '2026-09-20'],
  ['a US-style day is ambiguous', '09/20/2026', undefined],
  ['a bare year', '2026', undefined],
  ['a date-time without a zone', '2026-09-20T10:15:00', undefined],
];

const MORE: Array<[string, unknown, string | undefined]> = [
  // ISO forms
  ['a space instead of T', '2026-09-20 08:15:00Z', '2026-09-20T08:15:00Z'],
  ['an offset without a colon', '2026-09-20T10:15:00+0200', '2026-09-20T10:15:00+02:00'],
  ['an hour-only offset', '2026-09-20T10:15:00-05', '2026-09-20T10:15:00-05:00'],
  ['a lowercase z', '2026-09-20t08:15:00z', '2026-09-20T08:15:00Z'],
  ['microseconds with an offset', '2026-09-20T08:15:00.123456+05:30', '2026-09-20T08:15:00.123456+05:30'],
  ['surrounding white space', '  2026-09-20  ', '2026-09-20'],
  ['a zone-less time with a fraction', '2025-06-23T00:00:00.0000000', undefined],
  ['a zone-less time with a space', '2026-09-20 10:15', undefined],
  ['hour 24', '2026-09-20T24:00:00Z', undefined],
  ['minute 60', '2026-09-20T10:60:00Z', undefined],
  ['an offset beyond 14 hours', '2026-09-20T10:15:00+15:00', undefined],
  ['30 February', '2026-02-30', undefined],
  ['29 February in a leap year', '2024-02-29', '2024-02-29'],
  ['29 February in a common year', '2025-02-29', undefined],
  ['month 13', '2026-13-01', undefined],
  ['a month without a day', '2026-09', undefined],
  ['a compact day', '20260920', '2026-09-20'],
  // written-out dates
  ['a full month name', 'September 20, 2026', '2026-09-20'],
  ['a weekday first', 'Sunday, September 20, 2026', '2026-09-20'],
  ['day before month', '20 September 2026', '2026-09-20'],
  ['an ordinal day', 'September 20th, 2026', '2026-09-20'],
  ['an abbreviation with a dot', 'Sept. 20, 2026', '2026-09-20'],
  ['an RFC 1123 date with GMT', 'Sun, 20 Sep 2026 08:15:00 GMT', '2026-09-20T08:15:00Z'],
  ['an RFC 2822 date with an offset', 'Sun, 20 Sep 2026 10:15:00 +0200', '2026-09-20T10:15:00+02:00'],
  ['a 12-hour time with a zone', 'Sep 20, 2026 10:15 AM UTC', '2026-09-20T10:15Z'],
  ['a pm time', 'Sep 20, 2026 3:05 pm GMT', '2026-09-20T15:05Z'],
  ['a written time without a zone', 'Sep 20, 2026 10:15', undefined],
  ['a written time with an unknown zone', 'Sep 20, 2026 10:15 PST', undefined],
  ['an unknown month name', 'Foo 20, 2026', undefined],
  ['a month and year only', 'September 2026', undefined],
  ['day.month.year', '20.09.2026', undefined],
  ['a day-first slashed day', '20/09/2026', undefined],
  ['a slashed day with short year', '09/20/26', undefined],
  // relative and other non-dates
  ['a relative age', '3 days ago', undefined],
  ['a relative month', '1 month ago', undefined],
  ['yesterday', 'yesterday', undefined],
  ['an empty string', '', undefined],
  ['a number', 20260920, undefined],
  ['null', null, undefined],
  ['undefined', undefined, undefined],
  ['a Date object (not a string)', new Date('2026-09-20T00:00:00Z'), undefined],
  // plausibility
  ['a year before 1990 (usually a parsing accident)', '1985-01-01', undefined],
  ['1990 itself', '1990-01-01', '1990-01-01'],
  ['next year (in the future)', '2027-01-01', undefined],
  ['tomorrow (within the tolerance for time zones)', '2026-12-01', '2026-12-01'],
  ['a week ahead', '2026-12-07', undefined],
];

describe('isoDate', () => {
  it.each(RULE_EXAMPLES)('the rules: %s (%j → %s)', (_name, value, expected) => {
    expect(isoDate(value, NOW)).toBe(expected);
  });

  it.each(MORE)('%s (%j → %s)', (_name, value, expected) => {
    expect(isoDate(value, NOW)).toBe(expected);
  });

  it('every result is one of the two forms of the rules', () => {
    const forms = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
    for (const [, value] of [...RULE_EXAMPLES, ...MORE]) {
      const result = isoDate(value, NOW);
      if (result !== undefined) expect(result).toMatch(forms);
    }
  });
});

describe('dayOf', () => {
  it.each([
    ['2026-09-20', '2026-09-20'],
    ['2026-09-20T23:30:00-05:00', '2026-09-20'],
    ['2026-09-20T08:15:00Z', '2026-09-20'],
  ])('%s is on %s as the source states it', (date, day) => {
    expect(dayOf(date)).toBe(day);
  });
});
