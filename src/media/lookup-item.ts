// One item's lookups (the work of one `media` job): the Wikipedia lead picture, else `og:image`
// pictures of its pages, and YouTube videos when asked. Every source that fails becomes a note; only
// an abort fails the item.
import { firstLine } from './media-fetch.ts';
import type { ItemLookup, MediaItem, MediaSearch, Picture } from './media-types.ts';
import { findPagePictures } from './page-pictures.ts';
import { findWikipediaPicture, wikipediaRoot } from './wikipedia.ts';
import { findVideos } from './youtube.ts';

export interface LookupOptions {
  /** Look for videos too. */
  video: boolean;
  /** Pictures (and videos) wanted for this item. */
  k: number;
  /** ISO 639-1 code of the request's language: picks the Wikipedia edition. */
  language?: string;
}

export interface LookupDependencies {
  /** Safe fetch in production: every address is checked before it is asked. */
  fetch: typeof fetch;
  search: MediaSearch;
  /** QUARRY_WIKIPEDIA_URL; default MEDIA_DEFAULTS.wikipediaUrl (media-defaults.ts). */
  wikipediaUrl: string;
  /** QUARRY_YOUTUBE_URL; default MEDIA_DEFAULTS.youtubeUrl (media-defaults.ts). */
  youtubeUrl: string;
  signal?: AbortSignal;
}

export async function lookupMediaItem(
  item: MediaItem,
  options: LookupOptions,
  dependencies: LookupDependencies,
): Promise<ItemLookup> {
  const languages = options.language ? [options.language] : undefined;
  const { signal } = dependencies;
  const videos = options.video
    ? findVideos(item, {
        fetch: dependencies.fetch,
        search: dependencies.search,
        root: dependencies.youtubeUrl,
        signal,
        languages,
      })
    : undefined;
  // Awaited below; marked handled now so an abort during the picture lookups is not reported twice.
  videos?.catch(() => undefined);

  const pictures: Picture[] = [];
  const pictureNotes: string[] = [];
  try {
    const wikipedia = await findWikipediaPicture(item.name, {
      fetch: dependencies.fetch,
      root: wikipediaRoot(dependencies.wikipediaUrl, options.language),
      signal,
    });
    if (wikipedia.picture) pictures.push(wikipedia.picture);
    if (wikipedia.reason) pictureNotes.push(wikipedia.reason);
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    pictureNotes.push(`Wikipedia could not be asked: ${firstLine(error)}`);
  }
  // The web is asked only for what Wikipedia could not give: a search costs credits.
  if (pictures.length < options.k) {
    const fromPages = await findPagePictures(item, {
      fetch: dependencies.fetch,
      search: dependencies.search,
      signal,
      languages,
    });
    pictures.push(...fromPages.pictures);
    pictureNotes.push(...fromPages.notes);
  }
  const videoAnswer = videos ? await videos : { videos: [], notes: [] };
  return {
    name: item.name,
    pictures,
    videos: videoAnswer.videos,
    pictureNotes,
    videoNotes: videoAnswer.notes,
  };
}
