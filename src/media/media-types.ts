// What one item's lookup gives back (candidates, best first) and what find_media answers per item.
import type { SearchQuery, SearchResult } from '../providers/types.ts';

export interface PictureThumbnail {
  url: string;
  width?: number;
  height?: number;
}

export interface Picture {
  /** The picture at its original size. */
  url: string;
  /** The page it was taken from (the Wikipedia article, or the page whose `og:image` it is). */
  page: string;
  width?: number;
  height?: number;
  thumbnail?: PictureThumbnail;
  source: 'wikipedia' | 'og:image';
}

export interface Video {
  url: string;
  title: string;
  /** `youtube` when YouTube's own results page found it, `search` when the provider chain did. */
  source: 'youtube' | 'search';
}

/** A thing to find media for, after the input was read: a name plus the context that narrows it. */
export interface MediaItem {
  name: string;
  year?: number | string;
  /** Keep the page search to this site (a host name, maybe with a path). */
  site?: string;
  /** The thing's own page: its `og:image` is asked for before any search. */
  url?: string;
}

/** What one item's lookup found: candidates best first (more than `k`, so duplicates can be replaced). */
export interface ItemLookup {
  name: string;
  pictures: Picture[];
  videos: Video[];
  /** Why no picture (or no further picture) was found; empty when nothing was refused. */
  pictureNotes: string[];
  videoNotes: string[];
}

/** The search the media lookups use: the provider chain in production (through the queues), a fake in unit tests. */
export type MediaSearch = (query: SearchQuery, signal?: AbortSignal) => Promise<{ results: SearchResult[] }>;

/** Builds a full SearchQuery from the few fields media lookups set. */
export function mediaQuery(
  text: string,
  options: { k: number; sites?: string[]; languages?: string[] },
): SearchQuery {
  return {
    text,
    k: options.k,
    sites: options.sites ?? [],
    excludeSites: [],
    categories: [],
    languages: options.languages ?? [],
    fileTypes: [],
    homepagesOnly: false,
  };
}

/** The search text for an item: its name and, when given, its year. */
export function itemSearchText(item: MediaItem): string {
  return item.year === undefined ? item.name : `${item.name} ${item.year}`;
}
