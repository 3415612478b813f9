// MCP tasks (specification 2025-11-25; the SDK's experimental TaskStore) kept in Redis, so any Quarry
// process answers `tasks/get` and `tasks/result` for a task another one created, and a restart loses
// nothing. A task belongs to the token that created it (its hash), not to the HTTP session: a client
// whose session ended with a restart polls the same task from a new session. A task stays `working`
// until its tool says its work has ended (`settle`, asked when the task is read): the work itself (a
// research run) lives on in the queues, so nothing has to be running in this process for it.
import { randomUUID } from 'node:crypto';
import type {
  CreateTaskOptions,
  TaskStore,
} from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { Request, RequestId, Result, Task } from '@modelcontextprotocol/sdk/types.js';
import type { Redis } from 'ioredis';
import { stateKey } from '../queue/names.ts';

/** The end of a task's work, when it has ended; undefined while it goes on. */
export type TaskSettler = (
  tool: string,
  key: string,
) => Promise<{ status: 'completed' | 'failed'; result: Result } | undefined>;

/** A task is kept a day unless the client asks for less: a research run ends well within that. */
export const DEFAULT_TASK_TTL_MS = 24 * 3_600_000;
/** Clients are told to poll every 2 s: a run's state changes in seconds, not milliseconds. */
export const TASK_POLL_INTERVAL_MS = 2_000;
const LIST_PAGE = 50;

export class RedisTaskStore implements TaskStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #owner: string;
  readonly #settle: TaskSettler;

  constructor(options: { redis: Redis; prefix: string; owner: string; settle: TaskSettler }) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#owner = options.owner;
    this.#settle = options.settle;
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
      const ended = await this.#settle(hash.tool, hash.work);
      if (ended) {
        await this.storeTaskResult(taskId, ended.status, ended.result);
        return { ...task, status: ended.status, lastUpdatedAt: new Date().toISOString() };
      }
    }
    return task;
  }

  async storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result): Promise<void> {
    const hash = await this.#read(taskId);
    if (!hash) throw new Error(`Task ${taskId} is not known (or has lapsed).`);
    const task = { ...(JSON.parse(hash.task!) as Task), status, lastUpdatedAt: new Date().toISOString() };
    await this.#redis.hset(this.#key(taskId), 'task', JSON.stringify(task), 'result', JSON.stringify(result));
  }

  async getTaskResult(taskId: string): Promise<Result> {
    const hash = await this.#read(taskId);
    if (!hash?.result) throw new Error(`Task ${taskId} has no result yet: poll tasks/get until it ends.`);
    return JSON.parse(hash.result) as Result;
  }

  async updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string): Promise<void> {
    const hash = await this.#read(taskId);
    if (!hash) throw new Error(`Task ${taskId} is not known (or has lapsed).`);
    const task: Task = {
      ...(JSON.parse(hash.task!) as Task),
      status,
      ...(statusMessage ? { statusMessage } : {}),
      lastUpdatedAt: new Date().toISOString(),
    };
    await this.#redis.hset(this.#key(taskId), 'task', JSON.stringify(task));
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
