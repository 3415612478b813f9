// Operator authentication for every operator route (`/api/*` except what agents use, the dashboard,
// and the console built on this later): one middleware, `requireOperator`. A script sends the operator
// token as "Authorization: Bearer <token>"; a browser signs in once (`/login`: a form taking the
// token, or a one-time login link printed by `npm start`) and then carries a session cookie. The
// cookie never holds the token: it holds a random session id, signed (HMAC-SHA256, Hono's signed
// cookies) with a secret derived from the operator token, and the session lives in Redis with an
// expiry, so signing out (or the expiry) ends it everywhere.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { bearerToken } from '../mcp/bearer-token.ts';
import type { QueueSystem } from '../queue/system.ts';
import { tokenMatches } from './admin-token.ts';

export const OPERATOR_COOKIE = 'quarry_operator';
export const LOGIN_PATH = '/login';
export const LOGOUT_PATH = '/logout';

/** A browser stays signed in for a working day; after that the operator signs in again. */
export const OPERATOR_SESSION_SECONDS = 12 * 60 * 60;
/** A one-time login link works once, within an hour: long enough to open it from the start banner. */
export const LOGIN_LINK_SECONDS = 60 * 60;

/** Who passed `requireOperator`, as `context.get('operator')`. */
export type OperatorIdentity = { via: 'bearer' } | { via: 'session'; session: OperatorSession };

export interface OperatorSession {
  id: string;
  /** How the browser signed in. */
  signedInWith: 'token' | 'login-link';
  createdAt: string;
  expiresAt: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    operator: OperatorIdentity;
  }
}

export interface OperatorAuthOptions {
  adminToken: string;
  /** Where an operator finds the token, for refusals and the login page. */
  hint: string;
  sessionSeconds?: number;
}

export interface OperatorAuth {
  /** Lets through the operator (bearer token or signed session cookie); sets `context.get('operator')`. */
  requireOperator: MiddlewareHandler;
  /** The browser's operator session, if its cookie is signed and the session is still in Redis. */
  readOperatorSession(context: Context): Promise<OperatorSession | undefined>;
  /** Starts a session and sets its cookie (after the caller checked the token or a login link). */
  startOperatorSession(
    context: Context,
    signedInWith: OperatorSession['signedInWith'],
  ): Promise<OperatorSession>;
  /** Ends the browser's session in Redis and clears its cookie. */
  endOperatorSession(context: Context): Promise<void>;
  /** Whether `given` is the operator token (constant time). */
  isOperatorToken(given: string | undefined): boolean;
  /** Takes a one-time login code (from `issueLoginLink`): true once, within its lifetime. */
  redeemLoginCode(code: string): Promise<boolean>;
  hint: string;
}

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function sessionKey(system: QueueSystem, id: string): string {
  return system.key('operator-session', digest(id));
}

function loginCodeKey(system: QueueSystem, code: string): string {
  return system.key('operator-login', digest(code));
}

/**
 * The cookie signing secret, derived from the operator token: nothing more to keep on disk, and a new
 * operator token signs every browser out.
 */
function cookieSecret(adminToken: string): string {
  return createHmac('sha256', adminToken).update('quarry operator session cookie').digest('base64url');
}

/** A one-time login address for `baseUrl` (the server's own), e.g. for the start banner. */
export async function issueLoginLink(
  system: QueueSystem,
  baseUrl: string,
  next = '/dashboard/queues',
): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await system.connection.set(loginCodeKey(system, code), '1', 'EX', LOGIN_LINK_SECONDS);
  const link = new URL(LOGIN_PATH, baseUrl);
  link.searchParams.set('once', code);
  link.searchParams.set('next', next);
  return link.toString();
}

/** Only a path on this server, never another site (`//evil.example`) or a scheme. */
export function safeNextPath(next: string | undefined, fallback = '/dashboard/queues'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return fallback;
  return next;
}

function wantsPage(context: Context): boolean {
  return context.req.method === 'GET' && (context.req.header('accept') ?? '').includes('text/html');
}

export function createOperatorAuth(system: QueueSystem, options: OperatorAuthOptions): OperatorAuth {
  const secret = cookieSecret(options.adminToken);
  const sessionSeconds = options.sessionSeconds ?? OPERATOR_SESSION_SECONDS;
  const isOperatorToken = (given: string | undefined) => tokenMatches(options.adminToken, given);

  async function readOperatorSession(context: Context): Promise<OperatorSession | undefined> {
    const id = await getSignedCookie(context, secret, OPERATOR_COOKIE);
    if (!id) return undefined;
    const stored = await system.connection.get(sessionKey(system, id));
    return stored ? ({ id, ...JSON.parse(stored) } as OperatorSession) : undefined;
  }

  const requireOperator: MiddlewareHandler = async (context, next) => {
    if (isOperatorToken(bearerToken(context.req.header('authorization')))) {
      context.set('operator', { via: 'bearer' });
      return next();
    }
    const session = await readOperatorSession(context);
    if (session) {
      context.set('operator', { via: 'session', session });
      return next();
    }
    if (wantsPage(context)) {
      const here = new URL(context.req.url);
      return context.redirect(`${LOGIN_PATH}?next=${encodeURIComponent(here.pathname + here.search)}`, 302);
    }
    context.header('www-authenticate', 'Bearer realm="quarry operator"');
    return context.json(
      { error: `This needs the operator token (or a signed-in browser). ${options.hint}` },
      401,
    );
  };

  return {
    requireOperator,
    readOperatorSession,
    isOperatorToken,
    hint: options.hint,
    async startOperatorSession(context, signedInWith) {
      const id = randomBytes(32).toString('base64url');
      const now = Date.now();
      const record = {
        signedInWith,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + sessionSeconds * 1_000).toISOString(),
      };
      await system.connection.set(sessionKey(system, id), JSON.stringify(record), 'EX', sessionSeconds);
      await setSignedCookie(context, OPERATOR_COOKIE, id, secret, {
        httpOnly: true,
        // Lax: a login link opened from a terminal or a chat still carries it on the redirect that
        // follows; cross-site POSTs (the state-changing calls) never carry it.
        sameSite: 'Lax',
        path: '/',
        maxAge: sessionSeconds,
        secure: new URL(context.req.url).protocol === 'https:',
      });
      return { id, ...record };
    },
    async endOperatorSession(context) {
      const id = await getSignedCookie(context, secret, OPERATOR_COOKIE);
      if (id) await system.connection.del(sessionKey(system, id));
      deleteCookie(context, OPERATOR_COOKIE, { path: '/' });
    },
    async redeemLoginCode(code) {
      if (!code) return false;
      // GETDEL: two browsers opening the same link at once cannot both get in.
      return (await system.connection.getdel(loginCodeKey(system, code))) !== null;
    },
  };
}
