// MCP tasks (specification 2025-11-25; the SDK's experimental TaskStore) kept in Redis, so any Quarry
// process answers `tasks/get` and `tasks/result` for a task another one created, and a restart loses
// nothing. A task belongs to the token that created it (its hash), not to the HTTP session: a client
// whose session ended with a restart polls the same task from a new session, and another token finds
// no such task (so it can neither read nor cancel it). A task stays `working` until its tool says its
// work has ended (`settle`, asked when the task is read): the work itself (a research run) lives on in
// the queues, so nothing has to be running in this process for it. `tasks/cancel` (the SDK's handler
// moves the task to `cancelled` through `updateTaskStatus`) stops that work first (`cancel`).
import { randomUUID } from 'node:crypto';
import type {
  CreateTaskOptions,
  TaskStore,
} from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { Request, RequestId, Result, Task } from '@modelcontextprotocol/sdk/types.js';
import type { Redis } from 'ioredis';
import { stateKey } from '../queue/names.ts';

/** How a task's work ended: its status as a task, and what the tool call answers. */
export interface TaskEnd {
  status: 'completed' | 'failed' | 'cancelled';
  result: Result;
}

/** A task's work, as its tool sees it (tool name, and the key `link` tied the task to). */
export interface TaskWork {
  /** The end of a task's work, when it has ended; undefined while it goes on. */
  settle(tool: string, key: string): Promise<TaskEnd | undefined>;
  /** Stops the work (tasks/cancel); it ends on its own time, and `settle` then says how. */
  cancel(tool: string, key: string): Promise<void>;
}

/** A task is kept a day unless the client asks for less: a research run ends well within that. */
export const DEFAULT_TASK_TTL_MS = 24 * 3_600_000;
/** Clients are told to poll every 2 s: a run's state changes in seconds, not milliseconds. */
export const TASK_POLL_INTERVAL_MS = 2_000;
/**
 * `tasks/result` for a cancelled task waits this long for its work to end, so it answers with the
 * run as it ended (its agent is given 15 s to stop, run-processor.ts), not as it was stopping.
 */
export const CANCELLED_RESULT_WAIT_MS = 20_000;
const CANCELLED_RESULT_POLL_MS = 250;
const LIST_PAGE = 50;

export class RedisTaskStore implements TaskStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #owner: string;
  readonly #work: TaskWork;

  constructor(options: { redis: Redis; prefix: string; owner: string; work: TaskWork }) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#owner = options.owner;
    this.#work = options.work;
  }

  #key(taskId: string): string {
    return stateKey(this.#prefix, 'mcp-task', taskId);
  }

  #ownerKey(): string {
    return stateKey(this.#prefix, 'mcp-tasks', this.#owner);
  }

  async createTask(params: CreateTaskOptions, _requestId: RequestId, _request: Request): Promise<Task> {
    const now = new Date().toISOString();
    const ttl = Math.min(params.ttl ?? DEFAULT_TASK_TTL_MS, DEFAULT_TASK_TTL_MS);
    const task: Task = {
      taskId: randomUUID(),
      status: 'working',
      ttl,
      createdAt: now,
      lastUpdatedAt: now,
      pollInterval: params.pollInterval ?? TASK_POLL_INTERVAL_MS,
    };
    await this.#redis
      .multi()
      .hset(this.#key(task.taskId), 'task', JSON.stringify(task), 'owner', this.#owner)
      .pexpire(this.#key(task.taskId), ttl)
      .zadd(this.#ownerKey(), Date.now(), task.taskId)
      .pexpire(this.#ownerKey(), DEFAULT_TASK_TTL_MS)
      .exec();
    return task;
  }

  /** Ties a task to its tool's work (the research tool: the run id), so `settle` can find its end. */
  async link(taskId: string, tool: string, key: string): Promise<void> {
    await this.#redis.hset(this.#key(taskId), 'tool', tool, 'work', key);
  }

  async #read(taskId: string): Promise<Record<string, string> | undefined> {
    const hash = await this.#redis.hgetall(this.#key(taskId));
    return hash.task && hash.owner === this.#owner ? hash : undefined;
  }

  async getTask(taskId: string): Promise<Task | null> {
    const hash = await this.#read(taskId);
    if (!hash) return null;
    const task = JSON.parse(hash.task!) as Task;
    if (task.status === 'working' && hash.tool && hash.work) {
      const ended = await this.#work.settle(hash.tool, hash.work);
      if (ended) return this.#end(taskId, task, ended);
    }
    return task;
  }

  /** Writes a task's end (status and result) unless it ended meanwhile: a task that ended stays as it ended. */
  async #end(taskId: string, task: Task, ended: TaskEnd, statusMessage?: string): Promise<Task> {
    const finished: Task = {
      ...task,
      status: ended.status,
      ...(statusMessage ? { statusMessage } : {}),
      lastUpdatedAt: new Date().toISOString(),
    };
    const written = (await this.#redis.eval(
      END_TASK,
      1,
      this.#key(taskId),
      JSON.stringify(finished),
      JSON.stringify(ended.result),
    )) as string | null;
    return written ? (JSON.parse(written) as Task) : finished;
  }

  async storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result): Promise<void> {
    const hash = await this.#read(taskId);
    if (!hash) throw new Error(`Task ${taskId} is not known (or has lapsed).`);
    await this.#end(taskId, JSON.parse(hash.task!) as Task, { status, result });
  }

  async getTaskResult(taskId: string): Promise<Result> {
    const hash = await this.#read(taskId);
    if (!hash) throw new Error(`Task ${taskId} is not known (or has lapsed).`);
    const task = JSON.parse(hash.task!) as Task;
    if (task.status === 'cancelled' && hash.tool && hash.work && !hash.result)
      return this.#cancelledResult(taskId, hash.tool, hash.work);
    if (!hash.result) throw new Error(`Task ${taskId} has no result yet: poll tasks/get until it ends.`);
    return JSON.parse(hash.result) as Result;
  }

  /**
   * A cancelled task's result is what its tool call answers once the work has stopped (the run, ended
   * `cancelled`, or as it ended when it finished before the cancel took); while it is still stopping,
   * after CANCELLED_RESULT_WAIT_MS, the work's state then, not kept, so a later call gets the end.
   */
  async #cancelledResult(taskId: string, tool: string, key: string): Promise<Result> {
    const deadline = Date.now() + CANCELLED_RESULT_WAIT_MS;
    for (;;) {
      const ended = await this.#work.settle(tool, key);
      if (ended) {
        await this.#redis.hsetnx(this.#key(taskId), 'result', JSON.stringify(ended.result));
        return ended.result;
      }
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, CANCELLED_RESULT_POLL_MS));
    }
    return {
      content: [
        {
          type: 'text',
          text: `The task was cancelled and its work (${key}) is still stopping: call tasks/result again in a few seconds for how it ended.`,
        },
      ],
      isError: true,
    };
  }

  async updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string): Promise<void> {
    const hash = await this.#read(taskId);
    if (!hash) throw new Error(`Task ${taskId} is not known (or has lapsed).`);
    // tasks/cancel: the work is told to stop before the task says it is cancelled.
    if (status === 'cancelled' && hash.tool && hash.work) await this.#work.cancel(hash.tool, hash.work);
    const task: Task = {
      ...(JSON.parse(hash.task!) as Task),
      status,
      ...(statusMessage ? { statusMessage } : {}),
      lastUpdatedAt: new Date().toISOString(),
    };
    await this.#redis.eval(END_TASK, 1, this.#key(taskId), JSON.stringify(task), '');
  }

  async listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    const start = cursor ? Number(cursor) : 0;
    const ids = await this.#redis.zrange(this.#ownerKey(), start, start + LIST_PAGE - 1);
    const tasks: Task[] = [];
    for (const id of ids) {
      const task = await this.getTask(id);
      if (task) tasks.push(task);
    }
    return ids.length === LIST_PAGE ? { tasks, nextCursor: String(start + LIST_PAGE) } : { tasks };
  }
}

/**
 * Moves a task unless it has ended: KEYS[1] the task's hash, ARGV[1] the task as it is now, ARGV[2] its
 * result (empty: none yet). A task already in a terminal status keeps it (a cancelled task stays
 * cancelled, MCP 2025-11-25); the answer is then that task, else nil.
 */
const END_TASK = `
local current = redis.call('HGET', KEYS[1], 'task')
if not current then return nil end
local status = cjson.decode(current).status
if status == 'completed' or status == 'failed' or status == 'cancelled' then return current end
redis.call('HSET', KEYS[1], 'task', ARGV[1])
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'result', ARGV[2]) end
return nil
`;
