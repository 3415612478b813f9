// Operator authentication over real HTTP: one middleware for /api/* and the dashboard; a browser signs
// in with the token (form) or a one-time login link and then carries a signed session id, never the
// token; the session lives in Redis with an expiry and ends at sign-out.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import {
  createOperatorAuth,
  issueLoginLink,
  OPERATOR_COOKIE,
  OPERATOR_SESSION_SECONDS,
} from '../../src/server/operator-auth.ts';
import { runQuarry } from '../quarry-process.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';

const ADMIN_TOKEN = 'operator-token-for-auth-tests-0123456789';
let system: QueueSystem | undefined;
let server: RunningHttpServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  if (system) {
    await system.close();
    await removePrefix(system.prefix);
    system = undefined;
  }
});

async function serveApp(): Promise<string> {
  system = createQueueSystem(freshConfig());
  const app = await createApp(system, {
    adminToken: ADMIN_TOKEN,
    dashboardQueues: ['jobs'],
    routes: [(routes) => void routes.get('/api/who', (context) => context.json(context.get('operator')))],
  });
  server = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
  return server.url;
}

function cookieOf(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  const pair = header.split(';', 1)[0]!;
  expect(pair.startsWith(`${OPERATOR_COOKIE}=`)).toBe(true);
  return pair;
}

async function signIn(url: string, token: string, next = '/api/who'): Promise<Response> {
  return fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, next }).toString(),
    redirect: 'manual',
  });
}

describe('operator authentication', () => {
  it('signs a browser in with the token; the cookie holds a signed session id, not the token', async () => {
    const url = await serveApp();
    const page = await fetch(`${url}/login?next=/dashboard/queues`);
    expect(page.status).toBe(200);
    const form = await page.text();
    expect(form).toContain('<form method="post" action="/login">');
    expect(form).toContain('name="token"');

    const wrong = await signIn(url, 'not-the-operator-token');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('That is not the operator token.');

    const signedIn = await signIn(url, ADMIN_TOKEN);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/api/who');
    const setCookie = signedIn.headers.get('set-cookie')!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain(ADMIN_TOKEN);
    const cookie = cookieOf(signedIn);

    const who = await fetch(`${url}/api/who`, { headers: { cookie } });
    expect(who.status).toBe(200);
    expect(await who.json()).toMatchObject({ via: 'session', session: { signedInWith: 'token' } });
    expect((await fetch(`${url}/dashboard/queues/api/queues`, { headers: { cookie } })).status).toBe(200);

    // The session is in Redis, under the hash of its id, with an expiry.
    const id = decodeURIComponent(cookie.split('=').slice(1).join('=')).split('.')[0]!;
    const key = system!.key('operator-session', createHash('sha256').update(id).digest('hex'));
    const ttl = await system!.connection.ttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(OPERATOR_SESSION_SECONDS);
  });

  it('refuses a cookie whose signature does not match, or whose session has ended', async () => {
    const url = await serveApp();
    const cookie = cookieOf(await signIn(url, ADMIN_TOKEN));
    const [name, value] = [cookie.split('=')[0]!, decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))];
    const [id] = value.split('.');
    const forged = `${name}=${encodeURIComponent(`${id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`)}`;
    expect((await fetch(`${url}/api/who`, { headers: { cookie: forged } })).status).toBe(401);
    const unsigned = `${name}=${encodeURIComponent(id!)}`;
    expect((await fetch(`${url}/api/who`, { headers: { cookie: unsigned } })).status).toBe(401);

    // Signing out takes the session's form token, as the sign-out form on every console page sends it.
    const signOut = (body: string) =>
      fetch(`${url}/logout`, {
        method: 'POST',
        headers: { cookie, origin: url, 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
    const refused = await signOut('');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('You are still signed in');
    expect((await fetch(`${url}/api/who`, { headers: { cookie } })).status).toBe(200);
    const form = await (await fetch(`${url}/logout`, { headers: { cookie } })).text();
    const formToken = /name="csrf" value="([^"]+)"/.exec(form)?.[1];
    expect(formToken).toBeTruthy();
    const out = await signOut(`csrf=${encodeURIComponent(formToken!)}`);
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toContain(`${OPERATOR_COOKIE}=;`);
    // The old cookie, kept by someone, no longer works: the session is gone from Redis.
    expect((await fetch(`${url}/api/who`, { headers: { cookie } })).status).toBe(401);
  });

  it('lets a one-time login link in once', async () => {
    const url = await serveApp();
    const link = await issueLoginLink(system!, url, '/api/who');
    expect(link).toMatch(new RegExp(`^${url}/login\\?once=`));
    expect(link).not.toContain(ADMIN_TOKEN);
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/api/who');
    const who = await fetch(`${url}/api/who`, { headers: { cookie: cookieOf(first) } });
    expect(await who.json()).toMatchObject({ via: 'session', session: { signedInWith: 'login-link' } });

    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(401);
    expect(await again.text()).toContain('used already or has expired');
  });

  it('makes a one-time login link from the command line, honoured by the server on the same Redis', async () => {
    const url = await serveApp();
    const made = await runQuarry(['login-link', '--url', url], {
      QUARRY_PREFIX: system!.prefix,
      QUARRY_SETTINGS: 'none',
    });
    expect(made.code).toBe(0);
    const link = made.stdout.trim();
    expect(link).toMatch(new RegExp(`^${url}/login\\?once=[\\w-]+&next=%2Fdashboard%2Fqueues$`));
    const signIn = await fetch(link, { redirect: 'manual' });
    expect(signIn.headers.get('location')).toBe('/dashboard/queues');
    expect((await fetch(`${url}/dashboard/queues`, { headers: { cookie: cookieOf(signIn) } })).status).toBe(
      200,
    );
  }, 60_000);

  it('takes the bearer token for scripts, and answers JSON 401s that say how to get in', async () => {
    const url = await serveApp();
    const who = await fetch(`${url}/api/who`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(await who.json()).toEqual({ via: 'bearer' });
    const refused = await fetch(`${url}/api/who`, { headers: { authorization: 'Bearer wrong' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('Bearer');
    expect(((await refused.json()) as { error: string }).error).toMatch(/operator token.*\/login/);
  });

  it('sends only to paths on this server after signing in', async () => {
    const url = await serveApp();
    const signedIn = await signIn(url, ADMIN_TOKEN, '//evil.example/steal');
    expect(signedIn.headers.get('location')).toBe('/dashboard/queues');
  });

  it('answers / with the way in: sign-in first, the console once signed in', async () => {
    const url = await serveApp();
    const anonymous = await fetch(`${url}/`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?next=%2Fconsole%2Fruns');
    const cookie = cookieOf(await signIn(url, ADMIN_TOKEN));
    const signedIn = await fetch(`${url}/`, { headers: { cookie }, redirect: 'manual' });
    expect(signedIn.headers.get('location')).toBe('/console/runs');
  });

  it('is reusable on another Hono app: requireOperator guards any route', async () => {
    system = createQueueSystem(freshConfig());
    const auth = createOperatorAuth(system, { adminToken: ADMIN_TOKEN, hint: 'Ask the operator.' });
    const app = new Hono();
    app.get('/console', auth.requireOperator, (context) => context.text('console'));
    server = await startHttpServer(app, { host: '127.0.0.1', port: 0 });
    const page = await fetch(`${server.url}/console`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(page.headers.get('location')).toBe('/login?next=%2Fconsole');
    const allowed = await fetch(`${server.url}/console`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(await allowed.text()).toBe('console');
  });
});
