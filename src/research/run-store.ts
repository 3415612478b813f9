// Run records in Redis: one hash per run, an index by start time (a sorted set), and each status change
// written together with its event in one Lua script, so a record and its stream never disagree and a
// move the status table forbids (a finished run running again) changes nothing.
import { randomBytes } from 'node:crypto';
import { LuaScript } from '../queue/lua.ts';
import type { QueueSystem } from '../queue/system.ts';
import type { KeptCopyValue } from '../queue/finalize-queue.ts';
import type { CitationCheck } from './citations.ts';
import { isRunStatus, statusesThatMayMoveTo, type RunStatus } from './run-status.ts';

export interface RunBudgets {
  searches: number;
  reads?: number;
  media?: number;
}

export interface RunUsed {
  searches: number;
  reads: number;
  media: number;
}

/** A picture of the run: where it came from, and its kept copies (or why it was not kept). */
export interface RunPicture {
  /** The original address. */
  url: string;
  source: 'find_media' | 'page';
  page?: string;
  item?: string;
  /** `pending` while the finalize flow works on it. */
  state: 'pending' | 'kept' | 'given-up';
  display?: KeptCopyValue;
  thumbnail?: KeptCopyValue;
  original?: { format: string; width: number; height: number };
  /** Why it was given up. */
  reason?: string;
}

export interface RunRecord {
  id: string;
  question: string;
  /** The agent spec as given: `claude-code`, `codex`, `openai`, `acp:"..."`, `command:"..."`. */
  agent: string;
  options: Record<string, unknown>;
  model?: string;
  budgets: RunBudgets;
  timeLimitSeconds: number;
  status: RunStatus;
  createdAt: string;
  startedAt?: string;
  endedAt?: string;
  updatedAt: string;
  answer?: string;
  /** Tokens, turns and the like, as the agent reported them. */
  usage?: Record<string, unknown>;
  costUsd?: number;
  /** Why the run did not succeed (or why it was interrupted), first line first. */
  reason?: string;
  /** How many times a worker started the run. */
  attempts: number;
  /** What the run had used when it ended; while it runs, the live counters say (see budgets.ts). */
  used?: RunUsed;
  /** The hash of the MCP token the run's agent holds now, so it can be revoked. */
  tokenHash?: string;
  /** The process groups of the agent the run's current attempt started, and on which host: a dead worker's are killed before the next attempt. */
  agentProcesses?: { host: string; groups: number[] };
  /** An operator asked to cancel it: a worker that stops it, or takes it up, ends it `cancelled`. */
  cancelRequested?: boolean;
  /** Who asked for the cancel, in words, for the run's reason (an operator, or the MCP client of its task). */
  cancelReason?: string;
  /** The run's pictures and their kept copies (issue 11's finalize flow). */
  pictures?: RunPicture[];
  /** The answer's citations checked against what the run's tools returned. */
  citations?: CitationCheck;
  /** When the run went to `finalizing` (the agent had answered). */
  answeredAt?: string;
}

/** The reason a cancelled run gives when nobody said who cancelled it. */
export const OPERATOR_CANCEL_REASON = 'Cancelled by an operator.';

export interface NewRun {
  question: string;
  agent: string;
  options?: Record<string, unknown>;
  model?: string;
  budgets: RunBudgets;
  timeLimitSeconds: number;
}

/** A run id: short, safe in a key, a job id, a path and an address. */
export function newResearchRunId(): string {
  return `run-${randomBytes(8).toString('hex')}`;
}

const RUN_ID = /^run-[0-9a-f]{16}$/;

export function isRunId(value: string): boolean {
  return RUN_ID.test(value);
}

/** Every key a run owns. */
export function runKeys(system: QueueSystem, runId: string) {
  return {
    record: system.key('run', runId),
    events: system.key('run', runId, 'events'),
    /** The budget counters of src/queue/budgets.ts. */
    budget: system.key('run', runId, 'budget'),
    /** The kept pictures this run uses (src/research/picture-store.ts). */
    pictures: system.key('run', runId, 'pictures'),
  };
}

export function runIndexKey(system: QueueSystem): string {
  return system.key('runs', 'by-time');
}

// Fields kept as JSON in the hash; the others are plain strings (numbers written as text).
const JSON_FIELDS = new Set([
  'options',
  'budgets',
  'usage',
  'used',
  'pictures',
  'citations',
  'agentProcesses',
]);
const NUMBER_FIELDS = new Set(['timeLimitSeconds', 'costUsd', 'attempts']);
const BOOLEAN_FIELDS = new Set(['cancelRequested']);

type RecordFields = Partial<Omit<RunRecord, 'id' | 'status'>>;

function toHashFields(fields: RecordFields): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    // An empty string removes the field (the Lua scripts HDEL it): a retried run loses its old reason.
    if (value === undefined) flat.push(name, '');
    else flat.push(name, JSON_FIELDS.has(name) ? JSON.stringify(value) : String(value));
  }
  return flat;
}

function fromHash(hash: Record<string, string>): RunRecord | undefined {
  if (!hash.id || !hash.status || !isRunStatus(hash.status)) return undefined;
  const record: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(hash)) {
    if (value === '') continue;
    if (JSON_FIELDS.has(name)) record[name] = JSON.parse(value);
    else if (NUMBER_FIELDS.has(name)) record[name] = Number(value);
    else if (BOOLEAN_FIELDS.has(name)) record[name] = value === 'true';
    else record[name] = value;
  }
  record.options ??= {};
  record.attempts ??= 0;
  return record as unknown as RunRecord;
}

const MOVE_RUN = new LuaScript(`
local current = redis.call('HGET', KEYS[1], 'status')
if not current then return {0, ''} end
if not string.find(ARGV[2], ' ' .. current .. ' ', 1, true) then return {0, current} end
if ARGV[6] ~= '' and redis.call('HGET', KEYS[1], 'attempts') ~= ARGV[6] then return {0, current} end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'updatedAt', ARGV[3])
for index = 7, #ARGV, 2 do
  if ARGV[index + 1] == '' then redis.call('HDEL', KEYS[1], ARGV[index])
  else redis.call('HSET', KEYS[1], ARGV[index], ARGV[index + 1]) end
end
local event = {from = current, to = ARGV[1], at = ARGV[3]}
if ARGV[5] ~= '' then event.reason = ARGV[5] end
local id = redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], '*', 'type', 'status', 'data', cjson.encode(event))
return {1, current, id}
`);

const UPDATE_RUN = new LuaScript(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for index = 1, #ARGV, 2 do
  if ARGV[index + 1] == '' then redis.call('HDEL', KEYS[1], ARGV[index])
  else redis.call('HSET', KEYS[1], ARGV[index], ARGV[index + 1]) end
end
return 1
`);

/** Keeps a run's record, indexes it by time and writes its first event (`queued`). */
export async function createRun(system: QueueSystem, run: NewRun, now = new Date()): Promise<RunRecord> {
  const id = newResearchRunId();
  const at = now.toISOString();
  const record: RunRecord = {
    id,
    question: run.question,
    agent: run.agent,
    options: run.options ?? {},
    ...(run.model ? { model: run.model } : {}),
    budgets: run.budgets,
    timeLimitSeconds: run.timeLimitSeconds,
    status: 'queued',
    createdAt: at,
    updatedAt: at,
    attempts: 0,
  };
  const keys = runKeys(system, id);
  const { id: _id, status: _status, ...fields } = record;
  await system.connection
    .multi()
    .hset(keys.record, 'id', id, 'status', 'queued', ...toHashFields(fields))
    .zadd(runIndexKey(system), now.getTime(), id)
    .xadd(
      keys.events,
      'MAXLEN',
      '~',
      system.config.runs.maxEvents,
      '*',
      'type',
      'status',
      'data',
      JSON.stringify({ to: 'queued', at }),
    )
    .exec();
  return record;
}

export async function getRun(system: QueueSystem, runId: string): Promise<RunRecord | undefined> {
  if (!isRunId(runId)) return undefined;
  return fromHash(await system.connection.hgetall(runKeys(system, runId).record));
}

export interface MoveResult {
  moved: boolean;
  /** The status the run had (undefined when there is no such run). */
  from?: RunStatus;
  /** The status event's stream id, when it moved. */
  eventId?: string;
}

/**
 * Moves a run to `to` when the status table allows it from where it is, setting `fields` and writing
 * the status event in the same step. A forbidden move changes nothing and says where the run was.
 */
export async function moveRun(
  system: QueueSystem,
  runId: string,
  to: RunStatus,
  options: {
    reason?: string;
    fields?: RecordFields;
    now?: Date;
    /**
     * Move only while the run is on this attempt: a worker that lost the run (its lock lapsed and
     * another worker started it again) can no longer end or interrupt the newer attempt.
     */
    attempt?: number;
  } = {},
): Promise<MoveResult> {
  const keys = runKeys(system, runId);
  const at = (options.now ?? new Date()).toISOString();
  const fields: RecordFields = { ...options.fields };
  if (options.reason !== undefined) fields.reason = options.reason;
  const [moved, from, eventId] = (await MOVE_RUN.run(
    system.connection,
    [keys.record, keys.events],
    [
      to,
      ` ${statusesThatMayMoveTo(to).join(' ')} `,
      at,
      system.config.runs.maxEvents,
      options.reason ?? '',
      options.attempt !== undefined ? String(options.attempt) : '',
      ...toHashFields(fields),
    ],
  )) as [number, string, string | undefined];
  return {
    moved: moved === 1,
    ...(from && isRunStatus(from) ? { from } : {}),
    ...(eventId ? { eventId } : {}),
  };
}

/** Sets fields of an existing run without changing its status; false when there is no such run. */
export async function updateRun(system: QueueSystem, runId: string, fields: RecordFields): Promise<boolean> {
  const flat = toHashFields({ ...fields, updatedAt: new Date().toISOString() });
  return (await UPDATE_RUN.run(system.connection, [runKeys(system, runId).record], flat)) === 1;
}

export interface RunPage {
  runs: RunRecord[];
  /** Give as `before` for the next page; absent on the last page. */
  next?: string;
}

/** How many index entries one step of a filtered listing reads. */
const LIST_BATCH = 200;

/** Runs, newest first; with `status`, only those in it; `before` continues after a run id. */
export async function listRuns(
  system: QueueSystem,
  options: { status?: readonly RunStatus[]; limit: number; before?: string },
): Promise<RunPage> {
  const index = runIndexKey(system);
  let start = 0;
  if (options.before) {
    const rank = await system.connection.zrevrank(index, options.before);
    if (rank === null) return { runs: [] };
    start = rank + 1;
  }
  const runs: RunRecord[] = [];
  for (;;) {
    const ids = await system.connection.zrevrange(index, start, start + LIST_BATCH - 1);
    if (ids.length === 0) return { runs };
    const pipeline = system.connection.pipeline();
    for (const id of ids) pipeline.hgetall(runKeys(system, id).record);
    const answers = (await pipeline.exec()) ?? [];
    for (const [position, [, hash]] of answers.entries()) {
      const record = fromHash((hash ?? {}) as Record<string, string>);
      if (!record || (options.status && !options.status.includes(record.status))) continue;
      runs.push(record);
      if (runs.length === options.limit) {
        const more = start + position + 1 < (await system.connection.zcard(index));
        return more ? { runs, next: record.id } : { runs };
      }
    }
    start += ids.length;
  }
}
