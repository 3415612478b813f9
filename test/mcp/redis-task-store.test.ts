// The Redis task store on its own, against real Redis under a fresh prefix, with a piece of work the
// test drives (the research tool's work is tested end to end in test/research/research-task.test.ts):
// a cancel stops the work before the task says `cancelled`; a task that ended keeps its status when
// its work ends otherwise later (MCP 2025-11-25: a cancelled task stays cancelled); a cancelled
// task's result is the work's end, waited for; another owner finds no task.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisTaskStore, type TaskEnd, type TaskWork } from '../../src/mcp/redis-task-store.ts';
import { freshConfig, REDIS_URL, removePrefix } from '../queue/helpers.ts';

const prefix = freshConfig().prefix;
let redis: Redis;

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  redis.disconnect();
  await removePrefix(prefix);
});

/** Work that ends when the test says, and records what it was asked. */
function work(): TaskWork & { ended?: TaskEnd; log: string[] } {
  const state: TaskWork & { ended?: TaskEnd; log: string[] } = {
    log: [],
    async settle(tool, key) {
      state.log.push(`settle ${tool} ${key}`);
      return state.ended;
    },
    async cancel(tool, key) {
      state.log.push(`cancel ${tool} ${key}`);
    },
  };
  return state;
}

const end = (status: TaskEnd['status'], text: string): TaskEnd => ({
  status,
  result: { content: [{ type: 'text', text }], ...(status === 'completed' ? {} : { isError: true }) },
});

async function newTask(store: RedisTaskStore, key: string): Promise<string> {
  const task = await store.createTask({ ttl: 60_000 }, 1, { method: 'tools/call', params: {} });
  await store.link(task.taskId, 'research', key);
  return task.taskId;
}

describe('the Redis task store', () => {
  it('stops the work before the task is cancelled, then answers the work as it ended', async () => {
    const running = work();
    const store = new RedisTaskStore({ redis, prefix, owner: 'token-a', work: running });
    const taskId = await newTask(store, 'run-1');
    expect((await store.getTask(taskId))?.status).toBe('working');

    await store.updateTaskStatus(taskId, 'cancelled', 'Client cancelled task execution.');
    expect(running.log).toContain('cancel research run-1');
    expect(await store.getTask(taskId)).toMatchObject({
      status: 'cancelled',
      statusMessage: 'Client cancelled task execution.',
    });
    // The work stops a moment later; tasks/result waits for it and answers its end.
    setTimeout(() => (running.ended = end('cancelled', 'Research run run-1 ended cancelled')), 300);
    expect(await store.getTaskResult(taskId)).toMatchObject({
      isError: true,
      content: [{ text: 'Research run run-1 ended cancelled' }],
    });
    // Once cancelled, always cancelled: the work's end does not move the task.
    running.ended = end('completed', 'It finished anyway');
    expect((await store.getTask(taskId))?.status).toBe('cancelled');
    await store.storeTaskResult(taskId, 'completed', end('completed', 'late').result);
    expect((await store.getTask(taskId))?.status).toBe('cancelled');
    expect(await store.getTaskResult(taskId)).toMatchObject({
      content: [{ text: 'Research run run-1 ended cancelled' }],
    });
  });

  it('settles a task when its work ended, cancelled work as a cancelled task', async () => {
    const running = work();
    const store = new RedisTaskStore({ redis, prefix, owner: 'token-a', work: running });
    const done = await newTask(store, 'run-2');
    running.ended = end('completed', 'the report');
    expect((await store.getTask(done))?.status).toBe('completed');
    expect(await store.getTaskResult(done)).toMatchObject({ content: [{ text: 'the report' }] });

    const stopped = await newTask(store, 'run-3');
    running.ended = end('cancelled', 'cancelled by an operator');
    expect((await store.getTask(stopped))?.status).toBe('cancelled');
    expect(running.log).not.toContain('cancel research run-3');
  });

  it("is another owner's: no such task, nothing to cancel", async () => {
    const running = work();
    const mine = new RedisTaskStore({ redis, prefix, owner: 'token-a', work: running });
    const theirs = new RedisTaskStore({ redis, prefix, owner: 'token-b', work: running });
    const taskId = await newTask(mine, 'run-4');
    expect(await theirs.getTask(taskId)).toBeNull();
    await expect(theirs.updateTaskStatus(taskId, 'cancelled')).rejects.toThrow(/not known/);
    expect(running.log).not.toContain('cancel research run-4');
    expect((await theirs.listTasks()).tasks).toEqual([]);
  });
});
