// A picture from the web when Wikipedia has none: the `og:image` of the thing's own page, else of the
// first pages a search finds whose titles name it. Logos, icons, site-wide share pictures and images
// far too small are refused, each with its reason.
import pLimit from 'p-limit';
import { fetchBody, firstLine } from './media-fetch.ts';
import { genericImageReason, tooSmallReason } from './generic-image.ts';
import { ImageProbeError, probeImage } from './image-probe.ts';
import { itemSearchText, mediaQuery, type MediaItem, type MediaSearch, type Picture } from './media-types.ts';
import { titleNamesThing } from './names.ts';
import { readOpenGraph } from './open-graph.ts';

/** Search results read per item: the first pages are the ones that are about the thing. */
export const MAX_SEARCH_PAGES = 3;
/** How many results to ask for, so a few whose titles do not name the thing can be passed over. */
export const SEARCH_RESULTS_ASKED = 10;
/** Pages fetched at once for one item. */
const PAGE_CONCURRENCY = 4;

export interface PagePicturesOptions {
  fetch: typeof fetch;
  search: MediaSearch;
  signal?: AbortSignal;
  languages?: string[];
}

export interface PagePicturesAnswer {
  pictures: Picture[];
  notes: string[];
}

interface PageRead {
  url: string;
  /** Where the page was read from, after redirects. */
  finalUrl: string;
  image?: string;
  imageWidth?: number;
  imageHeight?: number;
}

const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be)$/i;

function hostOf(url: string): string {
  return new URL(url).host.toLowerCase();
}

function isHomePage(url: string): boolean {
  const address = new URL(url);
  return (address.pathname === '/' || address.pathname === '') && !address.search;
}

export async function findPagePictures(
  item: MediaItem,
  options: PagePicturesOptions,
): Promise<PagePicturesAnswer> {
  const notes: string[] = [];
  const pageUrls: string[] = item.url ? [item.url] : [];
  try {
    const answer = await options.search(
      mediaQuery(itemSearchText(item), {
        k: SEARCH_RESULTS_ASKED,
        sites: item.site ? [item.site] : [],
        languages: options.languages,
      }),
      options.signal,
    );
    const named = answer.results.filter(
      (result) =>
        titleNamesThing(result.title, item.name) &&
        !VIDEO_HOSTS.test(safeHost(result.url)) &&
        !pageUrls.includes(result.url),
    );
    if (named.length === 0) notes.push(`no search result's title names "${item.name}"`);
    pageUrls.push(...named.slice(0, MAX_SEARCH_PAGES).map((result) => result.url));
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    notes.push(`the page search failed: ${firstLine(error)}`);
  }

  const limit = pLimit(PAGE_CONCURRENCY);
  const pages = await Promise.all(pageUrls.map((url) => limit(() => readPage(url, options, notes))));
  // One page reached by two addresses (own page and a search result, a redirect) counts once.
  const seenPages = new Set<string>();
  const candidates = pages.filter((page): page is PageRead & { image: string } => {
    if (page?.image === undefined || seenPages.has(pageKey(page.finalUrl))) return false;
    seenPages.add(pageKey(page.finalUrl));
    return true;
  });

  // The same picture on two pages of one site is the site's, not the thing's.
  const siteWide = new Set<string>();
  for (const candidate of candidates) {
    const twin = candidates.find(
      (other) =>
        other !== candidate && other.image === candidate.image && hostOf(other.url) === hostOf(candidate.url),
    );
    if (twin) siteWide.add(candidate.image);
  }

  const homeImages = new Map<string, Promise<string | undefined>>();
  const pictures: Picture[] = [];
  for (const candidate of candidates) {
    const refused = await refusal(candidate, siteWide, homeImages, options);
    if (refused) {
      notes.push(`refused the og:image of ${candidate.url}: ${refused}`);
      continue;
    }
    pictures.push({
      url: candidate.image,
      page: candidate.url,
      width: candidate.imageWidth,
      height: candidate.imageHeight,
      source: 'og:image',
    });
  }
  return { pictures, notes };
}

async function readPage(
  url: string,
  options: PagePicturesOptions,
  notes: string[],
): Promise<PageRead | undefined> {
  try {
    const fetched = await fetchBody(options.fetch, url, {
      signal: options.signal,
      headers: { accept: 'text/html,*/*;q=0.5' },
    });
    if (fetched.status !== 200) {
      notes.push(`${url} answered ${fetched.status}`);
      return undefined;
    }
    const openGraph = readOpenGraph(fetched.body.toString('utf8'), fetched.url);
    if (!openGraph.image) notes.push(`${url} has no og:image`);
    return {
      url,
      finalUrl: fetched.url,
      image: openGraph.image,
      imageWidth: openGraph.imageWidth,
      imageHeight: openGraph.imageHeight,
    };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    notes.push(`${url} could not be read: ${firstLine(error)}`);
    return undefined;
  }
}

/** Why the candidate is not a picture of the thing, or undefined when it is (its size filled in). */
async function refusal(
  candidate: PageRead & { image: string },
  siteWide: Set<string>,
  homeImages: Map<string, Promise<string | undefined>>,
  options: PagePicturesOptions,
): Promise<string | undefined> {
  if (siteWide.has(candidate.image))
    return 'the same picture is on other pages of the site (a site-wide picture)';
  const named = genericImageReason(candidate.image);
  if (named) return named;
  const stated = tooSmallReason(candidate.imageWidth, candidate.imageHeight);
  if (stated) return stated;
  if (!isHomePage(candidate.url)) {
    const origin = new URL(candidate.url).origin;
    if (!homeImages.has(origin)) homeImages.set(origin, homePageImage(origin, options));
    if ((await homeImages.get(origin)) === candidate.image) {
      return "it is the site's home page picture too (a site-wide picture)";
    }
  }
  try {
    const probe = await probeImage(options.fetch, candidate.image, { signal: options.signal });
    if (probe.format === 'svg') return 'it is a vector drawing (SVG), as logos are';
    const small = tooSmallReason(probe.width, probe.height);
    if (small) return small;
    candidate.imageWidth = probe.width ?? candidate.imageWidth;
    candidate.imageHeight = probe.height ?? candidate.imageHeight;
    return undefined;
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    if (error instanceof ImageProbeError) return error.message;
    return `it could not be loaded: ${firstLine(error)}`;
  }
}

async function homePageImage(origin: string, options: PagePicturesOptions): Promise<string | undefined> {
  try {
    const fetched = await fetchBody(options.fetch, `${origin}/`, { signal: options.signal });
    if (fetched.status !== 200) return undefined;
    return readOpenGraph(fetched.body.toString('utf8'), fetched.url).image;
  } catch {
    return undefined;
  }
}

/** A page's address without its fragment, scheme and trailing slash: the same page under two spellings. */
function pageKey(url: string): string {
  try {
    const address = new URL(url);
    return `${address.host.toLowerCase()}${address.pathname.replace(/\/+$/, '')}${address.search}`;
  } catch {
    return url;
  }
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
