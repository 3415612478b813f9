// The lead picture of a thing's own Wikipedia article: the REST page summary first, MediaWiki's
// action API (pageimages) when the summary endpoint is not there (mirrors, proxies). Only an article
// whose title is the thing's name counts, and never a disambiguation page.
import { z } from 'zod';
import { fetchJson, MediaFetchError } from './media-fetch.ts';
import type { Picture } from './media-types.ts';
import { titleIsName } from './names.ts';

/** The thumbnail width asked of the action API: wide enough for a card, small enough to load fast. */
export const WIKIPEDIA_THUMBNAIL_WIDTH = 640;

export interface WikipediaOptions {
  fetch: typeof fetch;
  /** The edition's site root, such as https://en.wikipedia.org (see `wikipediaRoot`). */
  root: string;
  signal?: AbortSignal;
}

export interface WikipediaAnswer {
  picture?: Picture;
  /** Why there is no picture, for the agent. */
  reason?: string;
}

/**
 * The edition for a language: `https://en.wikipedia.org` with `de` becomes `https://de.wikipedia.org`.
 * A root whose first label is not a language code (a proxy, a test server) is kept as it is.
 */
export function wikipediaRoot(baseUrl: string, language?: string): string {
  const root = new URL(baseUrl);
  const code = language?.toLowerCase().split(/[-_]/)[0];
  const labels = root.hostname.split('.');
  if (code && /^[a-z]{2,3}$/.test(code) && labels.length >= 3 && /^[a-z]{2,3}$/.test(labels[0]!)) {
    labels[0] = code;
    root.hostname = labels.join('.');
  }
  return root.origin + root.pathname.replace(/\/+$/, '');
}

const imageSchema = z.object({
  source: z.string(),
  width: z.number().nullish(),
  height: z.number().nullish(),
});

const summarySchema = z.object({
  type: z.string().nullish(),
  title: z.string(),
  titles: z.object({ normalized: z.string().nullish(), canonical: z.string().nullish() }).nullish(),
  thumbnail: imageSchema.nullish(),
  originalimage: imageSchema.nullish(),
  content_urls: z.object({ desktop: z.object({ page: z.string().nullish() }).nullish() }).nullish(),
});

const actionPageSchema = z.object({
  title: z.string(),
  missing: z.union([z.boolean(), z.string()]).nullish(),
  invalid: z.union([z.boolean(), z.string()]).nullish(),
  thumbnail: imageSchema.nullish(),
  original: imageSchema.nullish(),
  pageprops: z.record(z.string(), z.unknown()).nullish(),
});

const actionAnswerSchema = z.object({
  query: z
    .object({
      normalized: z.array(z.object({ from: z.string(), to: z.string() })).nullish(),
      redirects: z.array(z.object({ from: z.string(), to: z.string() })).nullish(),
      pages: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).nullish(),
    })
    .nullish(),
});

function articleUrl(root: string, title: string): string {
  return `${root}/wiki/${encodeURIComponent(title.replace(/ /g, '_'))}`;
}

function thumbnailOf(image: z.infer<typeof imageSchema> | null | undefined) {
  if (!image) return undefined;
  return { url: image.source, width: image.width ?? undefined, height: image.height ?? undefined };
}

/** `…/commons/thumb/a/ab/File.jpg/320px-File.jpg` → `…/commons/a/ab/File.jpg` (Wikimedia's thumbnail path rule). */
export function originalFromThumbnail(url: string): string | undefined {
  const match = /^(https?:\/\/[^/]+\/.+?)\/thumb\/(.+)\/[^/]+$/.exec(url);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** Finds the lead picture of the article titled `name`. Never throws for "no picture"; throws when Wikipedia cannot be asked. */
export async function findWikipediaPicture(
  name: string,
  options: WikipediaOptions,
): Promise<WikipediaAnswer> {
  const summary = await readSummary(name, options);
  if (summary !== 'unavailable') return summary;
  return readActionApi(name, options);
}

async function readSummary(
  name: string,
  options: WikipediaOptions,
): Promise<WikipediaAnswer | 'unavailable'> {
  const url = `${options.root}/api/rest_v1/page/summary/${encodeURIComponent(name.trim().replace(/ /g, '_'))}`;
  let answer: { status: number; json: unknown };
  try {
    answer = await fetchJson(options.fetch, url, { signal: options.signal });
  } catch (error) {
    if (error instanceof MediaFetchError) return 'unavailable';
    throw error;
  }
  if (answer.status === 404 && isNotFoundProblem(answer.json)) {
    return { reason: `Wikipedia has no article titled "${name}".` };
  }
  if (answer.status !== 200) return 'unavailable';
  const parsed = summarySchema.safeParse(answer.json);
  if (!parsed.success) return 'unavailable';
  const summary = parsed.data;
  const title = summary.titles?.normalized ?? summary.title;
  if (summary.type === 'disambiguation') {
    return { reason: `Wikipedia's "${title}" is a disambiguation page: give more context (a year, a kind).` };
  }
  if (!titleIsName(title, name)) {
    return { reason: `Wikipedia's article for "${name}" is titled "${title}", not the thing's name.` };
  }
  const page = summary.content_urls?.desktop?.page ?? articleUrl(options.root, title);
  const original = thumbnailOf(summary.originalimage);
  const thumbnail = thumbnailOf(summary.thumbnail);
  const full = original ?? thumbnail;
  if (!full) return { reason: `Wikipedia's article "${title}" has no lead picture.` };
  return {
    picture: { url: full.url, page, width: full.width, height: full.height, thumbnail, source: 'wikipedia' },
  };
}

function isNotFoundProblem(json: unknown): boolean {
  const type = (json as { type?: unknown } | null)?.type;
  return typeof type === 'string' && type.includes('not_found');
}

async function readActionApi(name: string, options: WikipediaOptions): Promise<WikipediaAnswer> {
  const parameters = new URLSearchParams({
    action: 'query',
    format: 'json',
    formatversion: '2',
    redirects: '1',
    prop: 'pageimages|pageprops',
    piprop: 'original|thumbnail',
    pithumbsize: String(WIKIPEDIA_THUMBNAIL_WIDTH),
    ppprop: 'disambiguation',
    titles: name.trim(),
  });
  const url = `${options.root}/w/api.php?${parameters}`;
  const answer = await fetchJson(options.fetch, url, { signal: options.signal });
  if (answer.status !== 200) {
    throw new MediaFetchError(
      `Wikipedia (${options.root}) answered ${answer.status}; check QUARRY_WIKIPEDIA_URL.`,
      {
        status: answer.status,
      },
    );
  }
  const parsed = actionAnswerSchema.safeParse(answer.json);
  const query = parsed.success ? parsed.data.query : undefined;
  const pagesInput = query?.pages ?? [];
  const pages = (Array.isArray(pagesInput) ? pagesInput : Object.values(pagesInput)).flatMap((page) => {
    const one = actionPageSchema.safeParse(page);
    return one.success ? [one.data] : [];
  });
  // Follow what MediaWiki did to the title: normalised (case, underscores), then redirected.
  let title = name.trim();
  for (const step of [...(query?.normalized ?? []), ...(query?.redirects ?? [])]) {
    if (normalizedTitle(step.from) === normalizedTitle(title)) title = step.to;
  }
  const page =
    pages.find((candidate) => normalizedTitle(candidate.title) === normalizedTitle(title)) ??
    pages.find((candidate) => titleIsName(candidate.title, name));
  if (!page || (page.missing !== undefined && page.missing !== null && page.missing !== false)) {
    return { reason: `Wikipedia has no article titled "${name}".` };
  }
  if (page.pageprops && 'disambiguation' in page.pageprops) {
    return {
      reason: `Wikipedia's "${page.title}" is a disambiguation page: give more context (a year, a kind).`,
    };
  }
  if (!titleIsName(page.title, name)) {
    return { reason: `Wikipedia's article for "${name}" is titled "${page.title}", not the thing's name.` };
  }
  const thumbnail = thumbnailOf(page.thumbnail);
  const original = thumbnailOf(page.original) ?? originalGuess(thumbnail?.url);
  const full = original ?? thumbnail;
  if (!full) return { reason: `Wikipedia's article "${page.title}" has no lead picture.` };
  return {
    picture: {
      url: full.url,
      page: articleUrl(options.root, page.title),
      width: full.width,
      height: full.height,
      thumbnail,
      source: 'wikipedia',
    },
  };
}

function originalGuess(thumbnailUrl: string | undefined) {
  const url = thumbnailUrl ? originalFromThumbnail(thumbnailUrl) : undefined;
  return url ? { url, width: undefined, height: undefined } : undefined;
}

function normalizedTitle(title: string): string {
  const spaced = title.replace(/_/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
