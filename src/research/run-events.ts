// A run's steps, in its own Redis stream (capped with XADD MAXLEN ~): status changes, what the agent
// said and did, and every tool call the run made as Quarry saw it. Entries are `type` plus `data`
// (JSON, written in the API's snake_case so readers pass it on as it is).
import { Redis } from 'ioredis';
import { LuaScript } from '../queue/lua.ts';
import type { QueueSystem } from '../queue/system.ts';
import { getRun, runKeys } from './run-store.ts';
import { isFinished, isRunStatus } from './run-status.ts';

export const RUN_EVENT_TYPES = ['status', 'agent', 'tool'] as const;
export type RunEventType = (typeof RUN_EVENT_TYPES)[number];

export interface RunEvent {
  /** The stream id (`<ms>-<n>`): the SSE event id, and where a reader resumes. */
  id: string;
  type: RunEventType;
  data: Record<string, unknown>;
}

const STREAM_ID = /^\d{1,20}-\d{1,20}$/;

export function isEventId(value: string): boolean {
  return STREAM_ID.test(value);
}

// Only a run that exists gets events: a token whose run was removed must not leave a stream behind.
const APPEND_EVENT = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
return redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[1], '*', 'type', ARGV[2], 'data', ARGV[3])
`);

/** Appends an event to an existing run's stream; undefined when there is no such run. */
export async function appendRunEvent(
  system: QueueSystem,
  runId: string,
  type: RunEventType,
  data: Record<string, unknown>,
): Promise<string | undefined> {
  const keys = runKeys(system, runId);
  const id = await APPEND_EVENT.run(
    system.connection,
    [keys.record, keys.events],
    [system.config.runs.maxEvents, type, JSON.stringify({ ...data, at: new Date().toISOString() })],
  );
  return typeof id === 'string' ? id : undefined;
}

type StreamEntry = [id: string, fields: string[]];

function toEvent([id, fields]: StreamEntry): RunEvent | undefined {
  const values: Record<string, string> = {};
  for (let index = 0; index + 1 < fields.length; index += 2) values[fields[index]!] = fields[index + 1]!;
  const type = values.type as RunEventType | undefined;
  if (!type || !RUN_EVENT_TYPES.includes(type)) return undefined;
  try {
    return { id, type, data: JSON.parse(values.data ?? '{}') as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/** A run's events after `after` (a stream id; from the start when absent), oldest first. */
export async function readRunEvents(
  system: QueueSystem,
  runId: string,
  options: { after?: string; count?: number } = {},
): Promise<RunEvent[]> {
  const start = options.after ? `(${options.after}` : '-';
  const entries = (await system.connection.xrange(
    runKeys(system, runId).events,
    start,
    '+',
    'COUNT',
    options.count ?? 1_000,
  )) as StreamEntry[];
  return entries.map(toEvent).filter((event): event is RunEvent => event !== undefined);
}

/** Every event a run has (the stream is capped, so this is bounded), oldest first. */
export async function readAllRunEvents(system: QueueSystem, runId: string): Promise<RunEvent[]> {
  const all: RunEvent[] = [];
  for (;;) {
    const last = all.at(-1)?.id;
    const batch = await readRunEvents(system, runId, { ...(last ? { after: last } : {}), count: 1_000 });
    all.push(...batch);
    if (batch.length < 1_000) return all;
  }
}

/** A status event that ends the run: readers that follow it stop there. */
export function endsRun(event: RunEvent): boolean {
  const to = event.data.to;
  return event.type === 'status' && typeof to === 'string' && isRunStatus(to) && isFinished(to);
}

/** How long one blocking read waits before the follower checks it still should (the run, the reader). */
const FOLLOW_BLOCK_MS = 5_000;

/**
 * Yields a run's events after `after`, then each new one as it is written, and ends after the event
 * that finishes the run (or when `signal` aborts). One blocking connection per follower.
 */
export async function* followRunEvents(
  system: QueueSystem,
  runId: string,
  options: { after?: string; signal?: AbortSignal } = {},
): AsyncGenerator<RunEvent> {
  let after = options.after;
  let blocking: Redis | undefined;
  // Set once the run is seen finished: its stream is read once more before the follower stops.
  let runEnded = false;
  const stop = () => blocking?.disconnect();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      if (options.signal?.aborted) return;
      const events = await readRunEvents(system, runId, { ...(after ? { after } : {}) });
      for (const event of events) {
        after = event.id;
        yield event;
        if (endsRun(event)) return;
      }
      if (events.length > 0) continue;
      if (runEnded) return;
      const run = await getRun(system, runId);
      if (!run || isFinished(run.status)) {
        // The run may have ended between the read above and this look (its status and its last event
        // are written together): the loop reads once more, so the ending is never missed.
        runEnded = true;
        continue;
      }
      if (!blocking) {
        blocking = new Redis({ ...system.connectionOptions, maxRetriesPerRequest: null });
        blocking.on('error', () => undefined); // a follower that went away; the loop ends on its signal
      }
      await blocking
        .xread('COUNT', 1, 'BLOCK', FOLLOW_BLOCK_MS, 'STREAMS', runKeys(system, runId).events, after ?? '0-0')
        .catch((error: unknown) => {
          if (!options.signal?.aborted) throw error;
        });
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
    blocking?.disconnect();
  }
}
