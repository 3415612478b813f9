// Starting a run's end: which pictures to keep (each picture find_media gave the run, and the picture
// of each page the answer cites that read_page read), and the flow that keeps them: a parent job on
// `finalize` with one child per picture on `keep-picture`.
import { FlowProducer } from 'bullmq';
import {
  FINALIZE_QUEUE,
  KEEP_PICTURE_ATTEMPTS,
  KEEP_PICTURE_BACKOFF,
  KEEP_PICTURE_QUEUE,
  keepPictureQueue,
  finalizeQueue,
  type KeepPictureJobData,
} from '../queue/finalize-queue.ts';
import type { QueueSystem } from '../queue/system.ts';
import { addressKey, type CitationCheck, type EventLike, type RunPage } from './citations.ts';
import type { RunPicture } from './run-store.ts';

/** At most this many pictures are kept per run: a gallery past that is noise, and each costs a fetch. */
export const MAX_RUN_PICTURES = 40;

type PictureWanted = Omit<KeepPictureJobData, 'runId'>;

function isWebAddress(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}

/** The pictures to keep, in the order the run found them, each address once. */
export function picturesToKeep(
  events: readonly EventLike[],
  pages: ReadonlyMap<string, RunPage>,
  citations: CitationCheck,
): PictureWanted[] {
  const wanted: PictureWanted[] = [];
  const seen = new Set<string>();
  const add = (picture: PictureWanted) => {
    if (seen.has(picture.url) || wanted.length >= MAX_RUN_PICTURES) return;
    seen.add(picture.url);
    wanted.push(picture);
  };
  for (const event of events) {
    if (event.type !== 'tool' || event.data.tool !== 'find_media' || event.data.ok !== true) continue;
    const items = Array.isArray(event.data.items) ? (event.data.items as Array<Record<string, unknown>>) : [];
    for (const item of items) {
      const pictures = Array.isArray(item.pictures) ? (item.pictures as Array<Record<string, unknown>>) : [];
      for (const picture of pictures) {
        if (!isWebAddress(picture.url)) continue;
        add({
          url: picture.url,
          source: 'find_media',
          ...(isWebAddress(picture.page) ? { page: picture.page } : {}),
          ...(typeof item.name === 'string' ? { item: item.name.slice(0, 500) } : {}),
        });
      }
    }
  }
  for (const source of citations.sources) {
    const page = pages.get(addressKey(source.url));
    if (page && isWebAddress(page.image)) add({ url: page.image, source: 'page', page: page.url });
  }
  return wanted;
}

/** The child job of picture `index`: a stable id, so adding the flow again adds nothing twice. */
export function pictureJobId(runId: string, index: number): string {
  return `${runId}-picture-${index}`;
}

/** The picture index of a child's key (`<prefix>:keep-picture:<run>-picture-<n>`), or undefined. */
export function pictureIndexOfKey(key: string): number | undefined {
  const match = /-picture-(\d+)$/.exec(key);
  return match ? Number(match[1]) : undefined;
}

export function pendingPictures(wanted: readonly PictureWanted[]): RunPicture[] {
  return wanted.map((picture) => ({ ...picture, state: 'pending' }));
}

/** The pictures a `finalizing` run's record wants kept, as its flow's children take them. */
export function picturesWanted(pictures: readonly RunPicture[]): PictureWanted[] {
  return pictures.map(({ url, source, page, item }) => ({
    url,
    source,
    ...(page !== undefined ? { page } : {}),
    ...(item !== undefined ? { item } : {}),
  }));
}

/**
 * Adds the run's finalize flow: the parent's job id is the run id, so a run never has two at once.
 * A parent left over from an earlier attempt that has already ended (it found the run in another
 * state and left it alone) is removed first, or the new flow would be ignored and the run would
 * stay `finalizing` for good.
 */
export async function startFinalizeFlow(
  system: QueueSystem,
  runId: string,
  pictures: readonly PictureWanted[],
): Promise<void> {
  const earlier = await system.queue(FINALIZE_QUEUE).getJob(runId);
  if (earlier) {
    const state = await earlier.getState();
    if (state === 'completed' || state === 'failed') await earlier.remove({ removeChildren: true });
  }
  const producer = new FlowProducer({ connection: system.connection, prefix: system.prefix });
  try {
    await producer.add({
      name: 'finalize',
      queueName: FINALIZE_QUEUE,
      data: finalizeQueue.parseRequest({ runId }),
      opts: { jobId: runId, attempts: 1 },
      children: pictures.map((picture, index) => ({
        name: 'keep-picture',
        queueName: KEEP_PICTURE_QUEUE,
        data: keepPictureQueue.parseRequest({ runId, ...picture }),
        opts: {
          jobId: pictureJobId(runId, index),
          attempts: KEEP_PICTURE_ATTEMPTS,
          backoff: KEEP_PICTURE_BACKOFF,
          // A child that gave up does not hold the run: its parent runs and reads why.
          ignoreDependencyOnFailure: true,
        },
      })),
    });
  } finally {
    await producer.close().catch(() => undefined);
  }
}
