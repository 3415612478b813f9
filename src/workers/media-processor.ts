// The worker side of find_media: one `media` job = one item's lookups (Wikipedia, pages' og:image,
// YouTube), every fetch through the guarded fetch, every search through the provider chain's queues.
import { UnrecoverableError, type Job } from 'bullmq';
import { lookupMediaItem } from '../media/lookup-item.ts';
import type { ItemLookup, MediaSearch } from '../media/media-types.ts';
import { mediaJobDataSchema } from '../queue/media-job.ts';
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

export async function processMediaJob(
  job: Job,
  system: QueueSystem,
  signal?: AbortSignal,
  options: MediaProcessorOptions = {},
): Promise<ItemLookup> {
  const parsed = mediaJobDataSchema.safeParse(job.data);
  if (!parsed.success) {
    // A malformed job will not get better on another attempt.
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'data'}: ${issue.message}`,
    );
    throw new UnrecoverableError(`The media job's data is not valid: ${problems.join('; ')}.`);
  }
  const { item, video, k, language } = parsed.data;
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
