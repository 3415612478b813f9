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
  research: z.boolean().optional(),
  researchAgent: z.string().optional(),
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

  /** Every live token's id and grant (never the token: only its hash is kept), oldest first. */
  async list(): Promise<ListedToken[]> {
    const hashes = await this.#hashes();
    if (hashes.length === 0) return [];
    const pipeline = this.#redis.pipeline();
    for (const hash of hashes) pipeline.get(this.#hashKey(hash)).pttl(this.#hashKey(hash));
    const answers = (await pipeline.exec()) ?? [];
    const now = Date.now();
    const listed: ListedToken[] = [];
    hashes.forEach((hash, index) => {
      const value = answers[index * 2]?.[1];
      const ttlMs = answers[index * 2 + 1]?.[1];
      if (typeof value !== 'string') return; // expired between the scan and the read
      const parsed = storedGrantSchema.safeParse(JSON.parse(value));
      if (!parsed.success) return;
      const token: ListedToken = { id: hash.slice(0, TOKEN_ID_LENGTH), ...stripUndefined(parsed.data) };
      if (typeof ttlMs === 'number' && ttlMs > 0) token.expiresAt = new Date(now + ttlMs).toISOString();
      listed.push(token);
    });
    return listed.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /**
   * Revokes the token with this id (as `list` shows it, or any unique start of at least
   * TOKEN_ID_MIN_LENGTH characters) or the token itself; returns what it carried.
   */
  async revokeById(idOrToken: string): Promise<ListedToken> {
    const wanted = idOrToken.trim();
    const hashes = wanted.startsWith(TOKEN_PREFIX)
      ? [tokenHash(wanted)]
      : await this.#hashesStartingWith(wanted);
    const hash = hashes[0]!;
    // GET and DEL in one transaction (GETDEL needs Redis 6.2).
    const answers = await this.#redis.multi().get(this.#hashKey(hash)).del(this.#hashKey(hash)).exec();
    const value = answers?.[0]?.[1];
    if (typeof value !== 'string') throw new TokenIdError(unknownToken(wanted));
    const parsed = storedGrantSchema.safeParse(JSON.parse(value));
    const id = hash.slice(0, TOKEN_ID_LENGTH);
    return parsed.success ? { id, ...stripUndefined(parsed.data) } : ({ id } as ListedToken);
  }

  async #hashesStartingWith(id: string): Promise<string[]> {
    const normalised = id.toLowerCase();
    if (!/^[0-9a-f]+$/.test(normalised) || normalised.length < TOKEN_ID_MIN_LENGTH) {
      throw new TokenIdError(
        `"${id.slice(0, 40)}" is not a token id: give the id \`npx quarry token list\` shows (${TOKEN_ID_LENGTH} hex characters, at least ${TOKEN_ID_MIN_LENGTH}) or the token itself (qry_...).`,
      );
    }
    const matching = (await this.#hashes()).filter((hash) => hash.startsWith(normalised));
    if (matching.length === 0) throw new TokenIdError(unknownToken(id));
    if (matching.length > 1) {
      throw new TokenIdError(
        `${matching.length} tokens have ids starting with ${normalised}: give more of the id (\`npx quarry token list\` shows them).`,
      );
    }
    return matching;
  }

  #hashKey(hash: string): string {
    return stateKey(this.#prefix, 'mcp-token', hash);
  }

  /** The hashes of every token kept, found by scanning (a handful of keys; SCAN never blocks Redis). */
  async #hashes(): Promise<string[]> {
    const pattern = `${stateKey(this.#prefix, 'mcp-token', '').replace(/[*?[\]\\]/g, '\\$&')}*`;
    const hashes: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.#redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      for (const key of keys) hashes.push(key.slice(key.lastIndexOf(':') + 1));
    } while (cursor !== '0');
    return [...new Set(hashes)];
  }
}

/** How many characters of a token's hash name it in `quarry token list` (48 bits: no two alike in practice). */
export const TOKEN_ID_LENGTH = 12;
/** The fewest characters of an id `revokeById` takes, so a typo cannot pick some other token. */
export const TOKEN_ID_MIN_LENGTH = 8;

/** A kept token as `quarry token list` shows it. */
export interface ListedToken extends TokenRecord {
  /** The start of the token's SHA-256: names it without revealing it. */
  id: string;
  /** When it stops working, for a token made with a time limit. */
  expiresAt?: string;
}

/** The id given names no token, or more than one; the message says what to give instead. */
export class TokenIdError extends Error {
  override readonly name = 'TokenIdError';
}

function unknownToken(id: string): string {
  return `No token has the id ${id.slice(0, 40)} (it may be revoked or expired already): \`npx quarry token list\` shows the tokens there are.`;
}

function stripUndefined(grant: StoredGrant): TokenRecord {
  return Object.fromEntries(
    Object.entries(grant).filter(([, value]) => value !== undefined),
  ) as unknown as TokenRecord;
}
