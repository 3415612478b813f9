// find_media: a picture (and a video when asked) for each of a list of things. Each item's lookups
// run on their own (as a `media` job in production), at most `concurrency` at once; this module then
// hands out the candidates so no picture goes to two things, and a picture that two items found on
// different pages of one site is recognised as the site's and given to neither.
import pLimit from 'p-limit';
import { z } from 'zod';
import { firstLine } from './media-fetch.ts';
import type { ItemLookup, MediaItem, Picture, Video } from './media-types.ts';
import type { LookupOptions } from './lookup-item.ts';

/** More items than this in one call is a table, not a list: split it. */
export const MAX_ITEMS = 50;
/** Pictures (and videos) per item at most. */
export const MAX_K = 5;

const itemRowSchema = z
  .object({
    name: z.string().trim().min(1, 'each row needs a non-empty "name"'),
    year: z.union([z.number().int(), z.string().trim().min(1)]).optional(),
    site: z.string().trim().min(1).optional(),
    url: z.string().url().optional(),
  })
  .catchall(z.unknown());

/** find_media's arguments, as the MCP tool declares them. */
export const findMediaInputShape = {
  items: z
    .array(z.union([z.string().trim().min(1, 'an item name cannot be empty'), itemRowSchema]))
    .min(1, 'give at least one item')
    .max(MAX_ITEMS, `at most ${MAX_ITEMS} items per call: split the list`)
    .describe(
      'The things to find media for: names, or rows of a table with a "name" and optional context ("year", "site" to keep the page search to, "url" of the thing\'s own page).',
    ),
  video: z
    .boolean()
    .default(false)
    .describe('Also find a YouTube video (a trailer, a performance) per item.'),
  k: z.number().int().min(1).max(MAX_K).default(1).describe('Pictures (and videos) per item.'),
  language: z
    .string()
    .regex(/^[a-z]{2,3}$/i, 'an ISO 639-1 code such as "en" or "de"')
    .optional()
    .describe("The answer's language: picks the Wikipedia edition."),
};

export const findMediaInputSchema = z.object(findMediaInputShape).strict();
export type FindMediaInput = z.input<typeof findMediaInputSchema>;
export type FindMediaArguments = z.output<typeof findMediaInputSchema>;

const pictureSchema = z.object({
  url: z.string(),
  page: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  thumbnail: z
    .object({ url: z.string(), width: z.number().optional(), height: z.number().optional() })
    .optional(),
  source: z.enum(['wikipedia', 'og:image']),
});

const videoSchema = z.object({ url: z.string(), title: z.string(), source: z.enum(['youtube', 'search']) });

export const mediaItemAnswerSchema = z.object({
  name: z.string(),
  pictures: z.array(pictureSchema),
  videos: z.array(videoSchema).optional(),
  /** Why no picture, or no video, was found (or fewer than k). */
  notFound: z.object({ picture: z.string().optional(), video: z.string().optional() }).optional(),
  /** The item's lookup failed as a whole; the other items are unaffected. */
  error: z.string().optional(),
});

export const findMediaOutputShape = { items: z.array(mediaItemAnswerSchema) };
export const findMediaOutputSchema = z.object(findMediaOutputShape);
export type MediaItemAnswer = z.infer<typeof mediaItemAnswerSchema>;
export type FindMediaAnswer = z.infer<typeof findMediaOutputSchema>;

/** Reads the items: a bare name or a row with a name and context; the row's other columns are kept out. */
export function normalizeItems(items: FindMediaArguments['items']): MediaItem[] {
  return items.map((item) =>
    typeof item === 'string'
      ? { name: item }
      : {
          name: item.name,
          ...(item.year !== undefined ? { year: item.year } : {}),
          ...(item.site ? { site: item.site } : {}),
          ...(item.url ? { url: item.url } : {}),
        },
  );
}

export interface FindMediaProgress {
  /** Items finished so far. */
  done: number;
  total: number;
  /** The item just finished. */
  name: string;
}

export interface FindMediaOptions {
  /** One item's lookups: a `media` job in production, `lookupMediaItem` directly in unit tests. */
  lookup: (item: MediaItem, options: LookupOptions, signal?: AbortSignal) => Promise<ItemLookup>;
  /** Items looked up at once (config.media.concurrency; default MEDIA_DEFAULTS.concurrency, media-defaults.ts). */
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (progress: FindMediaProgress) => void;
}

/** find_media's arguments are not valid; the message names each field and what it takes. */
export class FindMediaInputError extends Error {
  override readonly name = 'FindMediaInputError';
}

/** Validates the arguments (a FindMediaInputError names each bad field) and finds media for every item. */
export async function findMedia(input: FindMediaInput, options: FindMediaOptions): Promise<FindMediaAnswer> {
  const result = findMediaInputSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `- ${issue.path.join('.') || '(arguments)'}: ${issue.message}`,
    );
    throw new FindMediaInputError(`find_media's arguments are not valid:\n${problems.join('\n')}`);
  }
  const parsed = result.data;
  const items = normalizeItems(parsed.items);
  const lookupOptions: LookupOptions = { video: parsed.video, k: parsed.k, language: parsed.language };
  const limit = pLimit(options.concurrency);
  let done = 0;
  const settled = await Promise.all(
    items.map((item) =>
      limit(async (): Promise<ItemLookup | Error> => {
        options.signal?.throwIfAborted();
        let result: ItemLookup | Error;
        try {
          result = await options.lookup(item, lookupOptions, options.signal);
        } catch (error) {
          if (options.signal?.aborted) throw options.signal.reason ?? error;
          result = error instanceof Error ? error : new Error(String(error));
        }
        done += 1;
        options.onProgress?.({ done, total: items.length, name: item.name });
        return result;
      }),
    ),
  );
  return { items: assign(items, settled, lookupOptions) };
}

/** Hands out candidates in item order: each picture and video to one thing at most. */
export function assign(
  items: MediaItem[],
  lookups: Array<ItemLookup | Error>,
  options: LookupOptions,
): MediaItemAnswer[] {
  const siteWide = siteWidePictures(lookups);
  const picturesGiven = new Map<string, string>();
  const videosGiven = new Map<string, string>();
  return items.map((item, index) => {
    const lookup = lookups[index]!;
    if (lookup instanceof Error) {
      return {
        name: item.name,
        pictures: [],
        ...(options.video ? { videos: [] } : {}),
        error: `Looking up "${item.name}" failed: ${firstLine(lookup)}`,
      };
    }
    const pictureNotes = [...lookup.pictureNotes];
    const pictures: Picture[] = [];
    for (const picture of lookup.pictures) {
      if (pictures.length >= options.k) break;
      if (siteWide.has(picture.url)) {
        pictureNotes.push(
          `refused ${picture.url}: other items found it on other pages of the same site (a site-wide picture)`,
        );
        continue;
      }
      const owner = picturesGiven.get(picture.url);
      if (owner !== undefined) {
        pictureNotes.push(`refused ${picture.url}: it is already the picture of "${owner}" in this answer`);
        continue;
      }
      picturesGiven.set(picture.url, item.name);
      pictures.push(picture);
    }
    const videoNotes = [...lookup.videoNotes];
    const videos: Video[] = [];
    for (const video of lookup.videos) {
      if (videos.length >= options.k) break;
      const owner = videosGiven.get(video.url);
      if (owner !== undefined) {
        videoNotes.push(`passed over ${video.url}: it is already the video of "${owner}" in this answer`);
        continue;
      }
      videosGiven.set(video.url, item.name);
      videos.push(video);
    }
    const notFound: { picture?: string; video?: string } = {};
    if (pictures.length < options.k)
      notFound.picture = describeMissing('picture', pictures.length, options.k, pictureNotes);
    if (options.video && videos.length < options.k) {
      notFound.video = describeMissing('video', videos.length, options.k, videoNotes);
    }
    return {
      name: item.name,
      pictures,
      ...(options.video ? { videos } : {}),
      ...(Object.keys(notFound).length > 0 ? { notFound } : {}),
    };
  });
}

function describeMissing(kind: string, found: number, wanted: number, notes: string[]): string {
  const head = found === 0 ? `No ${kind} found` : `Only ${found} of ${wanted} ${kind}s found`;
  return notes.length > 0 ? `${head}: ${notes.join('; ')}.` : `${head}.`;
}

/** `og:image` pictures that two items found on different pages of one site: the site's, not either thing's. */
function siteWidePictures(lookups: Array<ItemLookup | Error>): Set<string> {
  const pagesByPicture = new Map<string, Array<{ item: number; page: string }>>();
  lookups.forEach((lookup, item) => {
    if (lookup instanceof Error) return;
    for (const picture of lookup.pictures) {
      if (picture.source !== 'og:image') continue;
      const list = pagesByPicture.get(picture.url) ?? [];
      list.push({ item, page: picture.page });
      pagesByPicture.set(picture.url, list);
    }
  });
  const siteWide = new Set<string>();
  for (const [url, found] of pagesByPicture) {
    const sameSite = found.some((first) =>
      found.some(
        (second) =>
          second.item !== first.item &&
          second.page !== first.page &&
          hostOf(second.page) === hostOf(first.page),
      ),
    );
    if (sameSite) siteWide.add(url);
  }
  return siteWide;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}
