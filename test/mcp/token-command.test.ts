// `quarry token list` and `quarry token revoke` as an operator runs them (a separate process against the
// real Redis under a fresh prefix), and the TokenStore calls behind them.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuarry, type QuarryRun } from '../quarry-process.ts';
import { TokenIdError, TokenStore, tokenHash } from '../../src/mcp/tokens.ts';

/** Six command-line processes in a row: each starts tsx, which takes seconds on a busy machine. */
const PROCESSES_MS = 120_000;

const prefix = `{quarry-tokens-${randomUUID().slice(0, 8)}}`;
let redis: Redis;
let store: TokenStore;

function quarry(...args: string[]): Promise<QuarryRun> {
  return runQuarry(args, {
    QUARRY_SETTINGS: 'none',
    QUARRY_PREFIX: prefix,
    LOG_LEVEL: 'silent',
  });
}

beforeAll(() => {
  redis = new Redis({ maxRetriesPerRequest: 1 });
  store = new TokenStore(redis, prefix);
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe('TokenStore.list and revokeById', () => {
  it('lists ids and grants, never tokens, and revokes by id, by a start of it, or by the token', async () => {
    const first = await store.create({ mode: 'normal', label: 'first' });
    const second = await store.create({ mode: 'deep', runId: 'run-7', budget: 12 }, { ttlSeconds: 600 });
    const third = await store.create({ mode: 'normal' });
    const listed = await store.list();
    const ids = [first, second, third].map(({ token }) => tokenHash(token).slice(0, 12));
    expect(listed.map((entry) => entry.id).sort()).toEqual([...ids].sort());
    const deep = listed.find((entry) => entry.id === ids[1]);
    expect(deep).toMatchObject({ mode: 'deep', runId: 'run-7', budget: 12 });
    expect(Date.parse(deep!.expiresAt!)).toBeGreaterThan(Date.now());
    expect(listed.find((entry) => entry.id === ids[0])?.expiresAt).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain(first.token);

    expect(await store.revokeById(ids[0]!)).toMatchObject({ id: ids[0], label: 'first' });
    expect(await store.verify(first.token)).toBeUndefined();
    expect(await store.revokeById(ids[1]!.slice(0, 8).toUpperCase())).toMatchObject({ mode: 'deep' });
    expect(await store.revokeById(third.token)).toMatchObject({ id: ids[2] });
    expect(await store.list()).toEqual([]);
  });

  it('says what to give when the id is unknown, too short or not an id', async () => {
    await expect(store.revokeById('0123456789ab')).rejects.toThrow(TokenIdError);
    await expect(store.revokeById('0123456789ab')).rejects.toThrow(/^No token has the id 0123456789ab/);
    await expect(store.revokeById('abc')).rejects.toThrow(/^"abc" is not a token id: .*at least 8/);
    await expect(store.revokeById('run-42')).rejects.toThrow(/is not a token id/);
    await expect(store.revokeById('qry_not-a-token')).rejects.toThrow(/^No token has the id qry_not-a-token/);
  });
});

describe('quarry token list / revoke', () => {
  it(
    'lists the tokens made, revokes one by its id, and refuses an id it does not know',
    async () => {
      const made = await quarry('token', 'create', '--label', 'ci runner', '--json');
      expect(made.code).toBe(0);
      const { token } = JSON.parse(made.stdout) as { token: string };
      const id = tokenHash(token).slice(0, 12);

      const listed = await quarry('token', 'list');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(new RegExp(`^${id}  normal  made \\d{4}-.*  "ci runner"\\n$`));
      expect(listed.stdout).not.toContain(token);
      const asJson = await quarry('token', 'list', '--json');
      expect(JSON.parse(asJson.stdout)).toEqual([
        expect.objectContaining({ id, mode: 'normal', label: 'ci runner', expires_at: null }),
      ]);

      const revoked = await quarry('token', 'revoke', id);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toMatch(new RegExp(`^Revoked ${id}  normal`));
      expect(await store.verify(token)).toBeUndefined();

      const again = await quarry('token', 'revoke', id);
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(new RegExp(`^No token has the id ${id} .*\`npx quarry token list\``));
      const empty = await quarry('token', 'list');
      expect(empty.stdout).toBe('');
      expect(empty.stderr).toMatch(/^No tokens work now: make one with `npx quarry token create`/);
    },
    PROCESSES_MS,
  );
});
