// The worker side of find_media: one `media` job = one item's lookups (Wikipedia, pages' og:image,
// YouTube), every fetch through the guarded fetch, every search through the provider chain's queues.
import { lookupMediaItem } from '../media/lookup-item.ts';
import type { ItemLookup, MediaSearch } from '../media/media-types.ts';
import { mediaQueue, type MediaJobData } from '../queue/media-queue.ts';
import { handleJobs } from '../queue/queue-contract.ts';
import { searchThroughQueues } from '../queue/search.ts';
import type { QueueSystem } from '../queue/system.ts';
import { createGuardedFetch, type HostLookup } from '../web/safe-fetch.ts';

export interface MediaProcessorOptions {
  /** Resolver for the guarded fetch; tests make names resolve to their loopback servers. */
  lookup?: HostLookup;
  /** The search to use; default the provider chain through the queues. */
  search?: MediaSearch;
}

/** One guarded fetch (and so one connection pool) per queue system and resolver, not one per job. */
const guardedFetches = new WeakMap<QueueSystem, Map<HostLookup | undefined, typeof fetch>>();

export function mediaFetch(system: QueueSystem, lookup?: HostLookup): typeof fetch {
  let byLookup = guardedFetches.get(system);
  if (!byLookup) {
    byLookup = new Map();
    guardedFetches.set(system, byLookup);
  }
  let guarded = byLookup.get(lookup);
  if (!guarded) {
    guarded = createGuardedFetch({ ...system.config.fetch, ...(lookup ? { lookup } : {}) });
    byLookup.set(lookup, guarded);
  }
  return guarded;
}

/** The `media` queue's processor; options let tests resolve names and search their own way. */
export function mediaProcessor(options: MediaProcessorOptions = {}) {
  return handleJobs(mediaQueue, (data, { system, signal }) => lookUp(data, system, signal, options));
}

/** The `media` queue's processor with the system resolver and the search chain through the queues. */
export const processMediaJob = mediaProcessor();

async function lookUp(
  data: MediaJobData,
  system: QueueSystem,
  signal: AbortSignal | undefined,
  options: MediaProcessorOptions,
): Promise<ItemLookup> {
  const { item, video, k, language } = data;
  const search: MediaSearch =
    options.search ?? ((query, searchSignal) => searchThroughQueues(system, query, { signal: searchSignal }));
  return lookupMediaItem(
    item,
    { video, k, language },
    {
      fetch: mediaFetch(system, options.lookup),
      search,
      wikipediaUrl: system.config.media.wikipediaUrl,
      youtubeUrl: system.config.media.youtubeUrl,
      signal,
    },
  );
}
