// The HTTP app (Hono): /healthz, the operators' dashboard, and the routes other modules add
// (/mcp, /api/site-icon/:host, ...). A route module exports a RouteRegistrar; the start command
// passes the registrars in, so this file never imports the modules that add routes.
import { Hono } from 'hono';
import type { QueueSystem } from '../queue/system.ts';
import { mountDashboard, quarryQueueNames } from './dashboard.ts';
import { mountLogin } from './login-route.ts';
import { createOperatorAuth, LOGIN_PATH, type OperatorAuth } from './operator-auth.ts';
import { redactedRedisUrl } from './redacted-redis-url.ts';
import type { SettingsStore } from '../settings/settings-store.ts';

export interface AppContext {
  system: QueueSystem;
  /** The operator token (dashboard, admin API). */
  adminToken: string;
  /** Operator authentication: `/api/*` already passes through `requireOperator`; pages use it too. */
  operatorAuth: OperatorAuth;
  /** The live settings store, when this process follows it (the console's Settings page writes to it). */
  settings?: SettingsStore;
}

/**
 * Adds routes to the app: `(app, { system, operatorAuth }) => { app.route('/mcp', mcpApp) }`. Routes
 * under `/api/` are for the operator (see PUBLIC_API_PREFIXES for the exceptions).
 */
export type RouteRegistrar = (app: Hono, context: AppContext) => void | Promise<void>;

export interface CreateAppOptions {
  adminToken: string;
  /** Route modules, registered in order after /healthz and the dashboard. */
  routes?: readonly RouteRegistrar[];
  /** Queues shown on the dashboard; default every queue Quarry has (quarryQueueNames). */
  dashboardQueues?: readonly string[];
  /** Where an operator finds the token, for the 401 message. */
  adminTokenHint?: string;
  /** The live settings store, passed on to the routes (the console's Settings page). */
  settings?: SettingsStore;
}

/**
 * `/api/` paths anyone may ask: site icons are public pictures of public sites, shown by pages that
 * may not be the operator's. Every other `/api/` route needs the operator.
 */
export const PUBLIC_API_PREFIXES: readonly string[] = ['/api/site-icon/'];

/** How long /healthz waits for Redis's PONG before it says Redis does not answer. */
const HEALTH_PING_MS = 1_000;

export async function pingRedis(
  system: QueueSystem,
  limitMs = HEALTH_PING_MS,
): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
  });
  try {
    const answer = await Promise.race([system.connection.ping(), timeout]);
    return answer === 'PONG' ? { ok: true } : { ok: false, error: `unexpected answer ${answer}` };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

export async function createApp(system: QueueSystem, options: CreateAppOptions): Promise<Hono> {
  const app = new Hono();

  app.get('/healthz', async (context) => {
    const redis = await pingRedis(system);
    return context.json(
      redis.ok
        ? { ok: true, redis: 'answers' }
        : {
            ok: false,
            redis: 'does not answer',
            error: `Redis at ${redactedRedisUrl(system.config.redisUrl)}: ${redis.error}`,
          },
      redis.ok ? 200 : 503,
    );
  });

  const queues = options.dashboardQueues ?? quarryQueueNames(system);
  const tokenSource = `the token is QUARRY_ADMIN_TOKEN, or the one kept in ${system.config.dataDir}/admin-token`;
  const operatorAuth = createOperatorAuth(system, {
    adminToken: options.adminToken,
    hint:
      options.adminTokenHint ??
      `Sign in at ${LOGIN_PATH} with the operator token, or send "Authorization: Bearer <token>"; ${tokenSource}.`,
  });
  app.use('/api/*', async (context, next) =>
    PUBLIC_API_PREFIXES.some((prefix) => context.req.path.startsWith(prefix))
      ? next()
      : operatorAuth.requireOperator(context, next),
  );
  // The sign-in page says where the token is, not to sign in where the operator already is.
  mountLogin(app, operatorAuth, {
    adminToken: options.adminToken,
    pageHint: options.adminTokenHint ?? `Where to find it: ${tokenSource}.`,
  });
  mountDashboard(app, system, { queues, requireOperator: operatorAuth.requireOperator });

  for (const register of options.routes ?? [])
    await register(app, {
      system,
      adminToken: options.adminToken,
      operatorAuth,
      ...(options.settings ? { settings: options.settings } : {}),
    });
  // An /api/ address no route answers (a mistyped path, a run id with a slash) gets a JSON error too,
  // as every other /api/ answer, instead of the framework's plain-text 404.
  app.all('/api/*', (context) =>
    context.json(
      {
        error: `Quarry's API has no ${context.req.method} ${context.req.path}: check the path (run ids take letters, digits and . _ : -).`,
      },
      404,
    ),
  );
  return app;
}
