// Bearer tokens for the MCP endpoint. A token is 32 random bytes; Redis keeps only its SHA-256 (a
// leaked Redis dump grants nothing) with the grant it carries: mode, run id, agent kind override.
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { stateKey } from '../queue/names.ts';
import { AGENT_KINDS } from './agent-kind.ts';
import { SESSION_MODES, type SessionGrant } from './session-grant.ts';

/** Every token starts with this, so one found in a log or a config file is recognisable. */
export const TOKEN_PREFIX = 'qry_';
const TOKEN_BYTES = 32;

const storedGrantSchema = z.object({
  mode: z.enum(SESSION_MODES),
  runId: z.string().optional(),
  agentKind: z.enum(AGENT_KINDS).optional(),
  /** The search budget the run was given when the token was made (for showing; the counter lives with the run). */
  budget: z.number().int().optional(),
  label: z.string().optional(),
  createdAt: z.string(),
});

export type StoredGrant = z.output<typeof storedGrantSchema>;

export interface TokenRecord extends SessionGrant {
  budget?: number;
  label?: string;
  createdAt: string;
}

/** What Redis keeps of a token, and what a session remembers of the token that started it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class TokenStore {
  readonly #redis: Redis;
  readonly #prefix: string;

  constructor(redis: Redis, prefix: string) {
    this.#redis = redis;
    this.#prefix = prefix;
  }

  #key(token: string): string {
    return stateKey(this.#prefix, 'mcp-token', tokenHash(token));
  }

  /** Makes a token, keeps its hash and grant, and returns the token (shown once, never stored). */
  async create(
    grant: SessionGrant & { budget?: number; label?: string },
    options: { ttlSeconds?: number } = {},
  ): Promise<{ token: string; record: TokenRecord }> {
    const token = `${TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
    const record: TokenRecord = { ...grant, createdAt: new Date().toISOString() };
    const value = JSON.stringify(storedGrantSchema.parse(record));
    if (options.ttlSeconds) await this.#redis.set(this.#key(token), value, 'EX', options.ttlSeconds);
    else await this.#redis.set(this.#key(token), value);
    return { token, record };
  }

  /** The grant a token carries, or undefined when it is not one of ours (unknown, revoked, expired). */
  async verify(token: string): Promise<TokenRecord | undefined> {
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return undefined;
    const value = await this.#redis.get(this.#key(token));
    if (!value) return undefined;
    const parsed = storedGrantSchema.safeParse(JSON.parse(value));
    return parsed.success ? stripUndefined(parsed.data) : undefined;
  }

  /** Revokes a token; true when it existed. */
  async revoke(token: string): Promise<boolean> {
    return (await this.#redis.del(this.#key(token))) === 1;
  }
}

function stripUndefined(grant: StoredGrant): TokenRecord {
  return Object.fromEntries(
    Object.entries(grant).filter(([, value]) => value !== undefined),
  ) as unknown as TokenRecord;
}
