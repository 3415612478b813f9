// A page in the read cache is given only to a reader the fetch rules would let fetch it: a loopback page
// cached while QUARRY_FETCH_ALLOW allowed it is refused once the allow-list no longer does, by literal
// address and by a name that resolves to loopback; a public page keeps coming from the cache.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../src/config.ts';
import { readPage, type ReadPageDeps } from '../../src/web/read-page.ts';
import { FetchRefusedError, type HostLookup } from '../../src/web/safe-fetch.ts';
import { removePrefix } from '../queue/helpers.ts';
import { startPageServer, type PageServer } from './safe-fetch-page-server.ts';

const PAGE = `<!doctype html><html><head><title>Internal notes</title></head><body><article>
<h1>Internal notes</h1><p>${'The staging database moved to the new rack on Tuesday, and the backups run nightly. '.repeat(8)}</p>
</article></body></html>`;

let server: PageServer;
let redis: Redis;
let prefix: string;

function config(allow: string[]): Config {
  return parseConfig({ prefix, fetch: { allow }, read: { partSize: 1_500, cacheSeconds: 120 } });
}

function deps(allow: string[], extra: Partial<ReadPageDeps> = {}): ReadPageDeps {
  return { config: config(allow), cache: { redis, keyPrefix: `${prefix}:state:page` }, ...extra };
}

beforeAll(async () => {
  server = await startPageServer('127.0.0.1');
  prefix = `{quarry-cache-rules-${randomUUID().slice(0, 8)}}`;
  redis = new Redis(parseConfig({}).redisUrl, { maxRetriesPerRequest: 1 });
  for (const path of ['/notes', '/named-notes'])
    server.route(path, (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
    );
});

afterAll(async () => {
  await server?.close();
  await removePrefix(prefix);
  redis?.disconnect();
});

describe('the read cache and the fetch rules', () => {
  it('refuses a cached loopback page once the allow-list no longer allows loopback', async () => {
    const url = `${server.origin()}/notes`;
    const first = await readPage(url, {}, deps(['127.0.0.1']));
    expect(first.cached).toBe(false);
    expect((await readPage(url, {}, deps(['127.0.0.1']))).cached).toBe(true);

    const refused = await readPage(url, {}, deps([])).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FetchRefusedError);
    expect((refused as FetchRefusedError).reason).toBe('address');
    expect((refused as FetchRefusedError).message).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect((refused as FetchRefusedError).message).toContain('QUARRY_FETCH_ALLOW');
  });

  it('refuses a cached page whose name resolves to loopback, unless the name or range is allowed', async () => {
    const lookup: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const url = `${server.origin('notes.intranet.example')}/named-notes`;
    const first = await readPage(url, {}, deps(['notes.intranet.example'], { lookup }));
    expect(first.cached).toBe(false);
    const fetches = server.requests.length;

    const refused = await readPage(url, {}, deps([], { lookup })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FetchRefusedError);
    expect((refused as FetchRefusedError).message).toMatch(
      /notes\.intranet\.example resolves to 127\.0\.0\.1, which is a loopback address/,
    );
    // The range allowed instead of the name: still served from the cache, no new fetch.
    expect((await readPage(url, {}, deps(['127.0.0.0/8'], { lookup }))).cached).toBe(true);
    expect(server.requests.length).toBe(fetches);
  });
});
