// bull-board at /dashboard/queues, behind the operator token. The token is accepted as a bearer
// header, or as a cookie that `?token=` sets once, so a browser can open the dashboard from a link.
// Job data is passed through a redactor before it is shown: no job should carry a key, and if one
// ever did, the dashboard still would not show it.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { QueueSystem } from '../queue/system.ts';
import { tokenMatches } from './admin-token.ts';

export const DASHBOARD_PATH = '/dashboard/queues';
export const ADMIN_COOKIE = 'quarry_admin';

/** Field names whose values never reach the dashboard. */
const SECRET_FIELD = /^(key|keyid|apikey|api_key|token|secret|password|authorization|cookie)$/i;

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, field]) => [
        name,
        SECRET_FIELD.test(name) ? '[redacted]' : redactSecrets(field),
      ]),
    );
  }
  return value;
}

/** Lets through requests that carry the operator token (bearer header or cookie); `?token=` logs in. */
export function requireAdminToken(adminToken: string, hint: string): MiddlewareHandler {
  return async (context, next) => {
    const queryToken = context.req.query('token');
    if (queryToken !== undefined) {
      if (!tokenMatches(adminToken, queryToken))
        return context.text(`The operator token is wrong. ${hint}`, 401);
      setCookie(context, ADMIN_COOKIE, adminToken, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/dashboard',
        secure: new URL(context.req.url).protocol === 'https:',
      });
      const url = new URL(context.req.url);
      url.searchParams.delete('token');
      return context.redirect(`${url.pathname}${url.search}`, 302);
    }
    const header = context.req.header('authorization');
    const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    if (tokenMatches(adminToken, bearer) || tokenMatches(adminToken, getCookie(context, ADMIN_COOKIE)))
      return next();
    return context.text(`The dashboard needs the operator token. ${hint}`, 401);
  };
}

export function mountDashboard(
  app: Hono,
  system: QueueSystem,
  settings: { adminToken: string; queues: readonly string[]; hint: string },
): void {
  const serverAdapter = new HonoAdapter(serveStatic);
  serverAdapter.setBasePath(DASHBOARD_PATH);
  const adapters = settings.queues.map((name) => {
    const adapter = new BullMQAdapter(system.queue(name));
    adapter.setFormatter('data', redactSecrets);
    adapter.setFormatter('returnValue', redactSecrets);
    return adapter;
  });
  createBullBoard({
    queues: adapters,
    // @bull-board/hono ships its own copy of @bull-board/api's types (a patch version apart); the
    // shapes are the same, the private fields make TypeScript see two classes.
    serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    options: { uiConfig: { boardTitle: 'Quarry' } },
  });
  const guard = requireAdminToken(settings.adminToken, settings.hint);
  app.use(DASHBOARD_PATH, guard);
  app.use(`${DASHBOARD_PATH}/*`, guard);
  app.route(DASHBOARD_PATH, serverAdapter.registerPlugin());
}
