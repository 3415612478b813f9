// The first YouTube video whose title names the thing. Two sources, merged in this order: YouTube's
// own results page (its embedded `ytInitialData`, when the page is reachable), then a provider-chain
// search kept to youtube.com. The results list comes in two layouts: `videoRenderer` items (long
// used) and `lockupViewModel` items (the newer one); both are read, playlists and channels skipped.
import { fetchBody, firstLine } from './media-fetch.ts';
import { itemSearchText, mediaQuery, type MediaItem, type MediaSearch, type Video } from './media-types.ts';
import { titleNamesThing } from './names.ts';

/** Results asked of the provider chain: YouTube's own ranking puts the right one near the top. */
export const VIDEO_RESULTS_ASKED = 10;

export interface FoundVideo {
  id: string;
  title: string;
}

/** A results page is mostly script; its data sits in the first megabytes. */
const RESULTS_PAGE_BYTES = 6 * 1024 * 1024;

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** The address agents get: always YouTube's own, whatever root the lookup was pointed at. */
export function watchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/** The video id in a YouTube address (`watch?v=`, `youtu.be/`, `/shorts/`, `/embed/`, `/live/`), else undefined. */
export function youtubeVideoId(url: string): string | undefined {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return undefined;
  }
  const host = address.hostname.toLowerCase();
  let id: string | undefined;
  if (host === 'youtu.be') id = address.pathname.split('/')[1];
  else if (/(^|\.)youtube(-nocookie)?\.com$/.test(host)) {
    id = address.pathname === '/watch' ? (address.searchParams.get('v') ?? undefined) : undefined;
    const match = /^\/(?:shorts|embed|live|v)\/([^/?#]+)/.exec(address.pathname);
    if (match) id = match[1];
  }
  return id && VIDEO_ID.test(id) ? id : undefined;
}

/**
 * Cuts `ytInitialData` out of a results page. It is written either as an object literal
 * (`var ytInitialData = {...};`) or as an escaped string (`var ytInitialData = '\x7b...';`).
 */
export function extractInitialData(html: string): unknown {
  const marker =
    /(?:var\s+ytInitialData|window\s*\[\s*["']ytInitialData["']\s*\]|window\.ytInitialData)\s*=\s*/g;
  for (let match = marker.exec(html); match; match = marker.exec(html)) {
    const start = match.index + match[0].length;
    const first = html[start];
    if (first === '{') {
      const end = objectEnd(html, start);
      if (end > start) {
        try {
          return JSON.parse(html.slice(start, end));
        } catch {
          continue;
        }
      }
    } else if (first === "'" || first === '"') {
      const text = quotedString(html, start);
      if (text !== undefined) {
        try {
          return JSON.parse(text);
        } catch {
          continue;
        }
      }
    }
  }
  return undefined;
}

/** Index just past the `}` that closes the object opened at `start`, minding strings; -1 when unbalanced. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (quote) {
      if (character === '\\') index++;
      else if (character === quote) quote = undefined;
      continue;
    }
    if (character === '"') quote = character;
    else if (character === '{') depth++;
    else if (character === '}' && --depth === 0) return index + 1;
  }
  return -1;
}

/** Reads a JavaScript string literal starting at `start` (its quote), decoding `\xNN`, `\uNNNN` and simple escapes. */
function quotedString(text: string, start: number): string | undefined {
  const quote = text[start];
  let result = '';
  for (let index = start + 1; index < text.length; index++) {
    const character = text[index]!;
    if (character === quote) return result;
    if (character !== '\\') {
      result += character;
      continue;
    }
    const next = text[++index];
    if (next === 'x') {
      result += String.fromCharCode(parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else if (next === 'u') {
      result += String.fromCharCode(parseInt(text.slice(index + 1, index + 5), 16));
      index += 4;
    } else if (next === 'n') result += '\n';
    else if (next === 't') result += '\t';
    else if (next === 'r') result += '\r';
    else if (next !== undefined) result += next;
  }
  return undefined;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const record = value as { simpleText?: unknown; runs?: unknown; content?: unknown };
  if (typeof record.simpleText === 'string') return record.simpleText;
  if (typeof record.content === 'string') return record.content;
  if (Array.isArray(record.runs)) {
    return record.runs.map((run) => (typeof run?.text === 'string' ? run.text : '')).join('');
  }
  return undefined;
}

/** The videos in a results tree, in page order: `videoRenderer` items and video `lockupViewModel` items. */
export function listVideos(data: unknown): FoundVideo[] {
  const videos: FoundVideo[] = [];
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const found =
        key === 'videoRenderer'
          ? fromVideoRenderer(value)
          : key === 'lockupViewModel'
            ? fromLockup(value)
            : undefined;
      if (key === 'videoRenderer' || key === 'lockupViewModel') {
        if (found && !seen.has(found.id)) {
          seen.add(found.id);
          videos.push(found);
        }
        continue;
      }
      visit(value);
    }
  };
  visit(data);
  return videos;
}

function fromVideoRenderer(value: unknown): FoundVideo | undefined {
  const renderer = value as { videoId?: unknown; title?: unknown } | null;
  const title = textOf(renderer?.title);
  return typeof renderer?.videoId === 'string' && VIDEO_ID.test(renderer.videoId) && title
    ? { id: renderer.videoId, title }
    : undefined;
}

function fromLockup(value: unknown): FoundVideo | undefined {
  const lockup = value as {
    contentId?: unknown;
    contentType?: unknown;
    metadata?: { lockupMetadataViewModel?: { title?: unknown } };
  } | null;
  if (lockup?.contentType !== 'LOCKUP_CONTENT_TYPE_VIDEO') return undefined;
  const title = textOf(lockup.metadata?.lockupMetadataViewModel?.title);
  return typeof lockup.contentId === 'string' && VIDEO_ID.test(lockup.contentId) && title
    ? { id: lockup.contentId, title }
    : undefined;
}

export interface YoutubeOptions {
  fetch: typeof fetch;
  search: MediaSearch;
  /** YouTube's site root (QUARRY_YOUTUBE_URL). */
  root: string;
  signal?: AbortSignal;
  languages?: string[];
}

export interface VideosAnswer {
  videos: Video[];
  notes: string[];
}

/** Videos whose titles name the item, best first: YouTube's own results, then the provider chain's. */
export async function findVideos(item: MediaItem, options: YoutubeOptions): Promise<VideosAnswer> {
  const text = itemSearchText(item);
  const notes: string[] = [];
  const [fromPage, fromSearch] = await Promise.all([
    resultsPageVideos(text, options).catch((error: unknown) => {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      notes.push(`YouTube's results page could not be read: ${firstLine(error)}`);
      return [] as FoundVideo[];
    }),
    options
      .search(
        mediaQuery(text, { k: VIDEO_RESULTS_ASKED, sites: ['youtube.com'], languages: options.languages }),
        options.signal,
      )
      .then((answer) =>
        answer.results.flatMap((result) => {
          const id = youtubeVideoId(result.url);
          return id ? [{ id, title: cleanSearchTitle(result.title) }] : [];
        }),
      )
      .catch((error: unknown) => {
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        notes.push(`the search of youtube.com failed: ${firstLine(error)}`);
        return [] as FoundVideo[];
      }),
  ]);
  const videos: Video[] = [];
  const seen = new Set<string>();
  for (const [found, source] of [
    [fromPage, 'youtube'],
    [fromSearch, 'search'],
  ] as const) {
    for (const video of found) {
      if (seen.has(video.id) || !titleNamesThing(video.title, item.name)) continue;
      seen.add(video.id);
      videos.push({ url: watchUrl(video.id), title: video.title, source });
    }
  }
  if (videos.length === 0) {
    const looked = fromPage.length + fromSearch.length;
    notes.push(
      looked === 0
        ? `no YouTube video was found for "${text}"`
        : `none of the ${looked} YouTube videos found has a title that names "${item.name}"`,
    );
  }
  return { videos, notes };
}

/** Search engines append " - YouTube" to video titles. */
function cleanSearchTitle(title: string): string {
  return title.replace(/\s+[-–|]\s+YouTube\s*$/i, '').trim();
}

async function resultsPageVideos(text: string, options: YoutubeOptions): Promise<FoundVideo[]> {
  const language = options.languages?.[0];
  // ucbcb=1 skips the cookie-consent interstitial YouTube shows some regions instead of the results.
  const url =
    `${options.root.replace(/\/+$/, '')}/results?search_query=${encodeURIComponent(text)}&ucbcb=1` +
    (language ? `&hl=${encodeURIComponent(language)}` : '');
  const fetched = await fetchBody(options.fetch, url, {
    signal: options.signal,
    maxBytes: RESULTS_PAGE_BYTES,
    headers: { accept: 'text/html', ...(language ? { 'accept-language': language } : {}) },
  });
  if (fetched.status !== 200) throw new Error(`${url} answered ${fetched.status}`);
  const data = extractInitialData(fetched.body.toString('utf8'));
  if (data === undefined) throw new Error(`${url} has no ytInitialData (YouTube may have changed its page)`);
  return listVideos(data);
}
