// A run's citations, checked against what its tools returned. The answer's `[n]` marks and its
// `Sources:` list (`1. [Title](address)`) are matched to the pages the run's searches and reads gave
// (the session's citation numbers, which the run's tool events keep), and each source is marked:
// `read` (read_page read it), `seen` (a search returned it), or `not-seen` (no tool of this run returned
// it: a possible fabrication). A mark with no Sources line and a line cited nowhere are flagged too.

/** A run event as this file reads it (run-events.ts's RunEvent; kept apart so the run record may hold a check). */
export interface EventLike {
  type: string;
  data: Record<string, unknown>;
}

/** A page the run's tools returned, as its tool events keep it. */
export interface RunPage {
  /** The citation number the session gave it. */
  n?: number;
  url: string;
  title?: string;
  date?: string;
  /** The search provider that returned it first. */
  provider?: string;
  /** The page's picture (og:image), when read_page read it. */
  image?: string;
  read: boolean;
}

export type SourceMark = 'read' | 'seen' | 'not-seen';

export interface CheckedSource {
  /** The number the answer's Sources line gives it. */
  n: number;
  title: string;
  url: string;
  mark: SourceMark;
  /** The number the run's tools gave this page, when it differs from the line's (or undefined). */
  run_number?: number;
  /** Whether the answer's text cites it with `[n]`. */
  cited: boolean;
}

export type CitationFlag =
  | { kind: 'not-seen'; n: number; url: string; message: string }
  | { kind: 'cited-without-source'; n: number; message: string }
  | { kind: 'source-not-cited'; n: number; url: string; message: string }
  | { kind: 'number-mismatch'; n: number; run_number: number; url: string; message: string };

export interface CitationCheck {
  sources: CheckedSource[];
  /** The numbers the answer's text cites, in order of first appearance. */
  cited: number[];
  flags: CitationFlag[];
}

/**
 * The key two addresses are compared by. Rules: the scheme is ignored (http and https are one page),
 * the host is lower-cased and loses a leading `www.` and a default port, the fragment is dropped (a
 * part of a page is that page), and a trailing slash on the path is dropped (`/a/` and `/a` are one).
 * The query stays: it often picks the page (`?id=`). An address that does not parse is compared as
 * typed, trimmed.
 */
export function addressKey(address: string): string {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return address.trim();
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port && !['80', '443'].includes(url.port) ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${port}${path}${url.search}`;
}

/** A page's site as the report shows it: the host without `www.`. */
export function siteOf(address: string): string {
  try {
    return new URL(address).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
}

interface SearchResultData {
  n?: number;
  title?: string;
  url?: string;
  date?: string;
}

/** The pages a run's tools returned, from its tool events (first number and title kept). */
export function pagesFromEvents(events: readonly EventLike[]): Map<string, RunPage> {
  const pages = new Map<string, RunPage>();
  const note = (url: string | undefined, fields: Partial<RunPage>) => {
    if (!url) return;
    const key = addressKey(url);
    const existing = pages.get(key);
    if (!existing) {
      pages.set(key, { url, read: false, ...fields });
      return;
    }
    existing.n ??= fields.n;
    existing.title ??= fields.title;
    existing.date ??= fields.date;
    existing.provider ??= fields.provider;
    existing.image ??= fields.image;
    existing.read ||= fields.read ?? false;
  };
  for (const event of events) {
    if (event.type !== 'tool' || event.data.ok !== true) continue;
    const data = event.data;
    if (data.tool === 'web_search' && Array.isArray(data.results)) {
      const provider = typeof data.provider === 'string' ? data.provider : undefined;
      for (const result of data.results as SearchResultData[]) {
        note(result.url, {
          ...(typeof result.n === 'number' ? { n: result.n } : {}),
          ...(result.title ? { title: result.title } : {}),
          ...(result.date ? { date: result.date } : {}),
          ...(provider ? { provider } : {}),
        });
      }
    }
    if (data.tool === 'read_page' && data.page && typeof data.page === 'object') {
      const page = data.page as { n?: number; url?: string; title?: string; image?: string };
      note(page.url, {
        ...(typeof page.n === 'number' ? { n: page.n } : {}),
        ...(page.title ? { title: page.title } : {}),
        ...(page.image ? { image: page.image } : {}),
        read: true,
      });
    }
  }
  return pages;
}

// A Sources heading: `Sources:`, `**Sources**`, `## Sources`, `References:` (case aside).
const SOURCES_HEADING =
  /^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(?:sources|references)\s*:?\s*(?:\*\*|__)?\s*:?\s*$/i;
// `1. [Title](address)`, `[1] [Title](address)`, `1) [Title](address) — note`.
const LINKED_LINE =
  /^\s*(?:\[(\d{1,4})\]|(\d{1,4})[.)])\s*\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/;
// `1. Title — https://...` or `[1] https://...`.
const PLAIN_LINE = /^\s*(?:\[(\d{1,4})\]|(\d{1,4})[.)])\s*(.*?)\s*[-–—:]?\s*<?(https?:\/\/[^\s>]+)>?\s*$/;
// A `[n]` or `[1, 2]` mark that is not a link's text (`[1](...)`).
const CITATION_MARK = /\[(\d{1,4}(?:\s*[,;–-]\s*\d{1,4})*)\](?!\()/g;

export interface ParsedAnswer {
  /** The answer without its Sources list. */
  body: string;
  sources: Array<{ n: number; title: string; url: string }>;
  cited: number[];
}

/** Splits an answer into its text, its Sources list and the numbers its text cites. */
export function parseAnswer(answer: string): ParsedAnswer {
  const lines = answer.split('\n');
  let headingAt = -1;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    if (SOURCES_HEADING.test(lines[index]!)) {
      headingAt = index;
      break;
    }
  }
  const sources: ParsedAnswer['sources'] = [];
  const bodyLines = headingAt === -1 ? lines : lines.slice(0, headingAt);
  if (headingAt !== -1) {
    for (const line of lines.slice(headingAt + 1)) {
      const linked = LINKED_LINE.exec(line);
      const plain = linked ? undefined : PLAIN_LINE.exec(line);
      const match = linked ?? plain;
      if (!match) continue;
      sources.push({
        n: Number(match[1] ?? match[2]),
        title: (match[3] ?? '').trim(),
        url: match[4]!.replace(/[.,;]+$/, ''),
      });
    }
  }
  const body = bodyLines.join('\n').trimEnd();
  const cited: number[] = [];
  for (const match of body.matchAll(CITATION_MARK)) {
    for (const number of expandMark(match[1]!)) if (!cited.includes(number)) cited.push(number);
  }
  return { body, sources, cited };
}

/** `1, 3` → [1, 3]; `2-4` → [2, 3, 4] (a short range only). */
function expandMark(mark: string): number[] {
  const numbers: number[] = [];
  for (const part of mark.split(/[,;]/)) {
    const range = /^\s*(\d+)\s*[–-]\s*(\d+)\s*$/.exec(part);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (to >= from && to - from < 20) for (let n = from; n <= to; n += 1) numbers.push(n);
      continue;
    }
    const single = Number(part.trim());
    if (Number.isInteger(single)) numbers.push(single);
  }
  return numbers;
}

/** Checks an answer's citations against the pages its run's tools returned. */
export function checkCitations(answer: string, pages: ReadonlyMap<string, RunPage>): CitationCheck {
  const parsed = parseAnswer(answer);
  const flags: CitationFlag[] = [];
  const sources: CheckedSource[] = parsed.sources.map((line) => {
    const page = pages.get(addressKey(line.url));
    const mark: SourceMark = page ? (page.read ? 'read' : 'seen') : 'not-seen';
    const cited = parsed.cited.includes(line.n);
    const source: CheckedSource = {
      n: line.n,
      title: line.title || page?.title || line.url,
      url: line.url,
      mark,
      cited,
    };
    if (page?.n !== undefined && page.n !== line.n) source.run_number = page.n;
    return source;
  });
  for (const source of sources) {
    if (source.mark === 'not-seen')
      flags.push({
        kind: 'not-seen',
        n: source.n,
        url: source.url,
        message: `Source [${source.n}] (${source.url}) was not returned by any search or read of this run: it may be made up.`,
      });
    if (source.run_number !== undefined)
      flags.push({
        kind: 'number-mismatch',
        n: source.n,
        run_number: source.run_number,
        url: source.url,
        message: `Source [${source.n}] is the page this run's tools numbered [${source.run_number}].`,
      });
    if (!source.cited)
      flags.push({
        kind: 'source-not-cited',
        n: source.n,
        url: source.url,
        message: `Source [${source.n}] is listed but the answer's text never cites it.`,
      });
  }
  for (const n of parsed.cited) {
    if (!parsed.sources.some((source) => source.n === n))
      flags.push({
        kind: 'cited-without-source',
        n,
        message: `The answer cites [${n}] but its Sources list has no line ${n}.`,
      });
  }
  return { sources, cited: parsed.cited, flags };
}
