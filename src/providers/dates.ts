// The product's date rules: a date is either a calendar day (`2026-09-20`) or a date-time that states
// its zone (`2026-09-20T08:15:00Z`, `2026-09-20T10:15+02:00`). Anything else is converted only when
// its day is unambiguous and, for a time, its zone is given; otherwise there is no date. Never guess.

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10,
  november: 11, december: 12,
}; // prettier-ignore

/** Earliest year taken as a real publication date: older ones are far more often parsing accidents. */
const EARLIEST_YEAR = 1990;
/** A date more than this far in the future is a mistake, not a publication date. */
const FUTURE_TOLERANCE_MS = 2 * 24 * 3_600_000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function validDay(year: number, month: number, day: number): boolean {
  if (year < EARLIEST_YEAR || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= last;
}

function dayString(year: number, month: number, day: number): string | undefined {
  return validDay(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : undefined;
}

/** `Z`, `+02:00`, `+0200`, `+02`, `GMT`, `UTC` → `Z` or `±hh:mm`; anything else → undefined. */
function zoneString(zone: string): string | undefined {
  const upper = zone.trim().toUpperCase();
  if (upper === 'Z' || upper === 'GMT' || upper === 'UTC' || upper === 'UT') return 'Z';
  const match = /^(?:GMT|UTC)?([+-])(\d{2}):?(\d{2})?$/.exec(upper);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? '0');
  if (hours > 14 || minutes > 59) return undefined;
  return `${match[1]}${pad(hours)}:${pad(minutes)}`;
}

function timeString(hours: string, minutes: string, seconds?: string, fraction?: string): string | undefined {
  if (Number(hours) > 23 || Number(minutes) > 59 || (seconds !== undefined && Number(seconds) > 60)) {
    return undefined;
  }
  let time = `${pad(Number(hours))}:${minutes}`;
  if (seconds !== undefined) time += `:${seconds}`;
  if (seconds !== undefined && fraction) time += `.${fraction}`;
  return time;
}

function notInFuture(iso: string, now: number): string | undefined {
  const instant = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(instant) || instant > now + FUTURE_TOLERANCE_MS) return undefined;
  return iso;
}

const ISO_FORM =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const SLASHED_YEAR_FIRST = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const COMPACT_DAY = /^(\d{4})(\d{2})(\d{2})$/;
const MONTH_NAME_FIRST = /^(?:[a-z]{3,9},?\s+)?([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(.*)$/i;
const DAY_FIRST = /^(?:[a-z]{3,9},?\s+)?(\d{1,2})(?:st|nd|rd|th)?\.?\s+([a-z]{3,9})\.?,?\s+(\d{4})(.*)$/i;
const TRAILING_TIME = /^[\s,T]*(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:(am|pm)\b)?\s*(.*)$/i;

/** Reads a time and zone after a written-out date (`08:15:00 GMT`, `10:15 +0200`). */
function writtenTime(day: string, rest: string): string | undefined {
  const trimmed = rest.trim();
  if (!trimmed) return day;
  const match = TRAILING_TIME.exec(trimmed);
  if (!match) return undefined; // something we do not understand follows the day: not a clean date
  let hours = Number(match[1]);
  const meridiem = match[4]?.toLowerCase();
  if (meridiem) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  const zone = zoneString(match[5] ?? '');
  if (!zone) return undefined; // a time without its zone is not an instant
  const time = timeString(String(hours), match[2]!, match[3]);
  return time ? `${day}T${time}${zone}` : undefined;
}

/**
 * Applies the date rules to a string from an engine or a page. Returns `YYYY-MM-DD` or a date-time
 * with its zone, or `undefined` when the value is not a real, unambiguous date.
 */
export function isoDate(value: unknown, now: number = Date.now()): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/\s+/g, ' ');
  if (text.length < 8 || text.length > 64) return undefined;

  const iso = ISO_FORM.exec(text);
  if (iso) {
    const day = dayString(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (!day) return undefined;
    if (iso[4] === undefined) return notInFuture(day, now);
    const zone = iso[8] ? zoneString(iso[8]) : undefined;
    if (!zone) return undefined;
    const time = timeString(iso[4], iso[5]!, iso[6], iso[7]);
    return time ? notInFuture(`${day}T${time}${zone}`, now) : undefined;
  }

  const slashed = SLASHED_YEAR_FIRST.exec(text) ?? COMPACT_DAY.exec(text);
  if (slashed) {
    const day = dayString(Number(slashed[1]), Number(slashed[2]), Number(slashed[3]));
    return day ? notInFuture(day, now) : undefined;
  }

  const monthFirst = MONTH_NAME_FIRST.exec(text);
  if (monthFirst) {
    const month = MONTHS[monthFirst[1]!.toLowerCase()];
    const day = month ? dayString(Number(monthFirst[3]), month, Number(monthFirst[2])) : undefined;
    const result = day ? writtenTime(day, monthFirst[4]!) : undefined;
    return result ? notInFuture(result, now) : undefined;
  }

  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const month = MONTHS[dayFirst[2]!.toLowerCase()];
    const day = month ? dayString(Number(dayFirst[3]), month, Number(dayFirst[1])) : undefined;
    const result = day ? writtenTime(day, dayFirst[4]!) : undefined;
    return result ? notInFuture(result, now) : undefined;
  }

  return undefined;
}

/** The day part of a date from `isoDate`, as its source stated it, for comparing with `from`/`to`. */
export function dayOf(date: string): string {
  return date.slice(0, 10);
}

/** The date rules' meta tags, in the rules' order: the first that holds a date wins. */
export const DATE_META_TAGS = [
  'article:published_time',
  'datepublished',
  'og:published_time',
  'pubdate',
  'date',
  'dc.date',
  'article:modified_time',
  'og:updated_time',
] as const;
