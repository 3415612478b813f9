// Search operators and filters. A search arrives as words that may hold `site:`, `-site:` and
// `filetype:`, plus filters from the tool's arguments; providers see one SearchQuery with the
// operators read out. Engines that take operators in their query text get them written back.
import { dayOf } from './dates.ts';
import {
  SearchError,
  type FileType,
  type ProviderCaps,
  type QueryFilter,
  type Recency,
  type SearchQuery,
} from './types.ts';

/** The number of results when the caller does not say: one screen, as engines default to. */
export const DEFAULT_K = 10;
export const MAX_K = 100;
const RECENCIES: readonly Recency[] = ['day', 'week', 'month', 'year'];
const FILE_TYPES: Record<string, FileType> = { pdf: 'pdf', html: 'html', htm: 'html' };
/** Days each recency window reaches back, for turning a window into a first day and back. */
const RECENCY_DAYS: Record<Recency, number> = { day: 1, week: 7, month: 31, year: 366 };
const DAY_MS = 86_400_000;

/** Filters from the tool's arguments, next to the words. */
export interface QueryExtras {
  k?: number;
  sites?: readonly string[];
  excludeSites?: readonly string[];
  categories?: readonly string[];
  from?: string;
  to?: string;
  recency?: string;
  languages?: readonly string[];
  fileTypes?: readonly string[];
  homepagesOnly?: boolean;
  question?: string;
}

function invalid(message: string): SearchError {
  return new SearchError('invalid', message);
}

/** Splits words on white space, keeping "quoted phrases" (with their quotes) as one token. */
function tokens(words: string): string[] {
  return words.match(/-?[^\s"]*"[^"]*"?[^\s]*|\S+/g) ?? [];
}

/** `site:x`, `-site:x`, `filetype:pdf`, `ext:pdf`; a group as withOperators writes it may wrap them in parentheses. */
const OPERATOR = /^\(?(-?)(site|filetype|ext):([^()]*)\)?$/i;

/** `https://Example.com/docs/` → `example.com/docs`; undefined when it is not a host name. */
export function normaliseSite(site: string): string | undefined {
  const trimmed = site
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/+$/, '');
  const slash = trimmed.indexOf('/');
  const host = (slash === -1 ? trimmed : trimmed.slice(0, slash)).toLowerCase();
  const path = slash === -1 ? '' : trimmed.slice(slash);
  if (!/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(host))
    return undefined;
  if (!host.includes('.') && host !== 'localhost') return undefined;
  if (/\s/.test(path)) return undefined;
  return host + path;
}

function sitesFrom(values: readonly string[], argument: string): string[] {
  return values.map((value) => {
    const site = normaliseSite(value);
    if (!site)
      throw invalid(
        `${argument} holds "${value}", which is not a site: give a host name such as example.com or example.com/docs.`,
      );
    return site;
  });
}

function fileTypeOf(value: string, argument: string): FileType {
  const type = FILE_TYPES[value.trim().toLowerCase().replace(/^\./, '')];
  if (!type) throw invalid(`${argument} "${value}" is not a file type Quarry can keep to: use pdf or html.`);
  return type;
}

function checkDay(value: string | undefined, argument: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const parsed = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : undefined;
  if (!parsed || parsed.toISOString().slice(0, 10) !== value.trim()) {
    throw invalid(`${argument} "${value}" is not a day: write it as YYYY-MM-DD, such as 2026-09-20.`);
  }
  return value.trim();
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/**
 * Reads `site:`, `-site:` and `filetype:` (or `ext:`) out of the words and joins them with the
 * filters from arguments into one SearchQuery. Throws an `invalid` SearchError naming the argument
 * to fix: `k` outside 1 to 100, a bad day, an unknown recency, file type or language code.
 */
export function parseQuery(words: string, extras: QueryExtras = {}): SearchQuery {
  const sites: string[] = [];
  const excludeSites: string[] = [];
  const fileTypes: FileType[] = [];
  const kept: string[] = [];
  const all = tokens(words ?? '');
  const isOperator = all.map((token) => OPERATOR.test(token) && !token.includes('"'));

  all.forEach((token, index) => {
    if (isOperator[index]) {
      const [, minus, name, value] = OPERATOR.exec(token)!;
      if (!value)
        throw invalid(`"${token}" has no value: write ${name}:example.com or remove it from the words.`);
      if (name!.toLowerCase() === 'site') {
        const site = normaliseSite(value);
        if (!site) throw invalid(`"${token}" does not name a site: write ${minus}site:example.com.`);
        (minus ? excludeSites : sites).push(site);
      } else {
        if (minus)
          throw invalid(`"${token}": Quarry cannot leave out a file type; keep to one with filetype:pdf.`);
        fileTypes.push(fileTypeOf(value, `"${token}"`));
      }
      return;
    }
    // "site:a OR site:b": the OR only joined operators, and goes with them.
    if (/^(?:OR|\|)$/.test(token) && (isOperator[index - 1] || isOperator[index + 1])) return;
    kept.push(token);
  });

  const text = kept.join(' ').trim();
  if (!text) {
    throw invalid(
      words.trim()
        ? 'The search has only operators and no words: add words to search for.'
        : 'The search has no words: give some words to search for.',
    );
  }

  const k = extras.k ?? DEFAULT_K;
  if (!Number.isInteger(k) || k < 1 || k > MAX_K) throw invalid(`k is ${k}: ask for 1 to ${MAX_K} results.`);

  const from = checkDay(extras.from, 'from');
  const to = checkDay(extras.to, 'to');
  if (from && to && from > to)
    throw invalid(`from (${from}) is after to (${to}): swap them or widen the range.`);

  let recency: Recency | undefined;
  if (extras.recency !== undefined && extras.recency !== '' && extras.recency !== 'any') {
    if (!RECENCIES.includes(extras.recency as Recency)) {
      throw invalid(
        `recency "${extras.recency}" is not a window Quarry knows: use day, week, month, year or any.`,
      );
    }
    recency = extras.recency as Recency;
  }

  const languages = (extras.languages ?? []).map((language) => {
    const code = language.trim().toLowerCase();
    if (!/^[a-z]{2}$/.test(code))
      throw invalid(`language "${language}" is not an ISO 639-1 code: use two letters, such as en or de.`);
    return code;
  });

  const categories = (extras.categories ?? []).map((category) => {
    const id = category.trim().toLowerCase();
    if (!/^[a-z][a-z0-9 _-]{0,39}$/.test(id))
      throw invalid(`category "${category}" is not a category id: use names such as news or science.`);
    return id;
  });

  const question = extras.question?.trim() || undefined;
  return {
    text,
    k,
    sites: unique([...sites, ...sitesFrom(extras.sites ?? [], 'sites')]),
    excludeSites: unique([...excludeSites, ...sitesFrom(extras.excludeSites ?? [], 'exclude_sites')]),
    categories: unique(categories),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(recency ? { recency } : {}),
    languages: unique(languages),
    fileTypes: unique([
      ...fileTypes,
      ...(extras.fileTypes ?? []).map((type) => fileTypeOf(type, 'file_types')),
    ]),
    homepagesOnly: extras.homepagesOnly ?? false,
    ...(question ? { question } : {}),
  };
}

/**
 * The words with sites and PDFs written back as operators, for engines that take them in the text:
 * `words site:a.org`, `words (site:a.org OR site:b.org) -site:c.org filetype:pdf`.
 */
export function withOperators(query: SearchQuery): string {
  const parts = [query.text];
  if (query.sites.length === 1) parts.push(`site:${query.sites[0]}`);
  else if (query.sites.length > 1) parts.push(`(${query.sites.map((site) => `site:${site}`).join(' OR ')})`);
  for (const site of query.excludeSites) parts.push(`-site:${site}`);
  // HTML is what a web engine returns anyway; only PDF is worth an operator.
  if (query.fileTypes.length === 1 && query.fileTypes[0] === 'pdf') parts.push('filetype:pdf');
  return parts.join(' ');
}

function today(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The first day a recency window covers: `week` on 2026-09-20 → 2026-09-13. */
export function recencyStart(recency: Recency, now: number = Date.now()): string {
  return today(now - RECENCY_DAYS[recency] * DAY_MS);
}

/**
 * The recency window to send an engine that only takes windows: the query's own, or else the
 * smallest window that still reaches back to `from` (so nothing asked for is cut off). Undefined
 * when neither applies or `from` lies further back than a year.
 */
export function recencyFor(
  query: Pick<SearchQuery, 'recency' | 'from'>,
  now: number = Date.now(),
): Recency | undefined {
  if (query.recency) return query.recency;
  if (!query.from) return undefined;
  const daysBack = Math.ceil((now - Date.parse(`${query.from}T00:00:00Z`)) / DAY_MS);
  return RECENCIES.find((recency) => RECENCY_DAYS[recency] >= daysBack);
}

/** The first day to send an engine that takes ranges: `from`, or the start of the recency window. */
export function rangeStart(
  query: Pick<SearchQuery, 'recency' | 'from'>,
  now: number = Date.now(),
): string | undefined {
  if (query.from && query.recency) {
    const windowStart = recencyStart(query.recency, now);
    return query.from > windowStart ? query.from : windowStart;
  }
  return query.from ?? (query.recency ? recencyStart(query.recency, now) : undefined);
}

/**
 * The filters a provider with these capabilities could not keep for this search, named as the
 * tool's arguments. Reported to the agent, never thrown.
 */
export function unsupported(query: SearchQuery, caps: ProviderCaps, now: number = Date.now()): QueryFilter[] {
  const ignored: QueryFilter[] = [];
  if (query.k > caps.maxK) ignored.push('k');
  if (query.sites.length && !caps.sites) ignored.push('sites');
  if (query.excludeSites.length && !caps.excludeSites) ignored.push('exclude_sites');
  if (query.categories.some((category) => !caps.categories.includes(category))) ignored.push('categories');
  if (caps.dates === false) {
    if (query.from) ignored.push('from');
    if (query.to) ignored.push('to');
    if (query.recency) ignored.push('recency');
  } else if (caps.dates === 'recency') {
    // `from` becomes the smallest window reaching back to it; `to` has no window unless it is today or later.
    if (query.from && !recencyFor({ from: query.from }, now)) ignored.push('from');
    if (query.to && query.to < today(now)) ignored.push('to');
  }
  if (query.languages.length && !caps.languages) ignored.push('languages');
  if (query.fileTypes.some((type) => !caps.fileTypes.includes(type))) ignored.push('file_types');
  if (query.homepagesOnly && !caps.homepagesOnly) ignored.push('homepages_only');
  if (query.question && !caps.filteredSnippets) ignored.push('question');
  return ignored;
}

/** Results dated before `from` or after `to` are dropped; undated ones stay (their date is unknown, not wrong). */
export function withinDates<T extends { date?: string }>(
  results: T[],
  query: Pick<SearchQuery, 'from' | 'to'>,
): T[] {
  if (!query.from && !query.to) return results;
  return results.filter((result) => {
    if (!result.date) return true;
    const day = dayOf(result.date);
    return (!query.from || day >= query.from) && (!query.to || day <= query.to);
  });
}

/** Google's `tbs` time filter (Serper, SerpApi and other Google SERP vendors pass it on): a window (`qdr:w`) or a custom range in US day order, as Google wants it. */
export function googleTimeFilter(query: SearchQuery): string | undefined {
  if (query.recency && !query.from && !query.to) return `qdr:${query.recency.charAt(0)}`;
  if (!query.from && !query.to) return undefined;
  const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
  const parts = ['cdr:1'];
  if (query.from) parts.push(`cd_min:${usDay(query.from)}`);
  if (query.to) parts.push(`cd_max:${usDay(query.to)}`);
  return parts.join(',');
}
