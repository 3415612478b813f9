// A small web on loopback for the media tests: one HTTP server that answers for many host names
// (routed on the Host header), reached through the real guarded fetch with a resolver that sends every
// name to 127.0.0.1. Recorded pages are read in place from ../shared/corpora and served as they are,
// except that their absolute addresses are pointed at this server (so nothing reaches the internet).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createGuardedFetch } from '../../src/web/safe-fetch.ts';

const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CORPORA = resolve(REPOSITORY_ROOT, '../shared/corpora');
export const MEDIA_FIXTURES = resolve(CORPORA, 'media-fixtures');

export function readFixture(relativePath: string): string {
  return readFileSync(resolve(MEDIA_FIXTURES, relativePath), 'utf8');
}

export function readCorpus(relativePath: string): string {
  return readFileSync(resolve(CORPORA, relativePath), 'utf8');
}

export interface Reply {
  status?: number;
  type?: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

/** Answers one request to one host; undefined → 404. */
export type SiteHandler = (
  path: string,
  query: URLSearchParams,
) => Reply | undefined | Promise<Reply | undefined>;

export interface FixtureWeb {
  port: number;
  /** `http://host:port/path` */
  url(host: string, path?: string): string;
  /** Every request, in order. */
  requests: Array<{ host: string; path: string }>;
  /** Requests to one host (optionally only those whose path starts with `pathPrefix`). */
  count(host: string, pathPrefix?: string): number;
  /** The real guarded fetch, allowed to reach this server and nothing else. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

export async function startFixtureWeb(sites: Record<string, SiteHandler>): Promise<FixtureWeb> {
  const requests: Array<{ host: string; path: string }> = [];
  const server: Server = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const address = new URL(request.url ?? '/', 'http://fixture.invalid');
    requests.push({ host, path: address.pathname + address.search });
    const handler = sites[host];
    Promise.resolve(handler ? handler(address.pathname, address.searchParams) : undefined)
      .then((reply) => {
        if (!reply) {
          response.writeHead(404, { 'content-type': 'text/plain' });
          response.end(`nothing at ${host}${address.pathname}`);
          return;
        }
        response.writeHead(reply.status ?? 200, {
          'content-type': reply.type ?? 'text/html; charset=utf-8',
          ...reply.headers,
        });
        response.end(reply.body);
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  const fetchFunction = createGuardedFetch({
    allow: ['127.0.0.1'],
    lookup: async () => [{ address: '127.0.0.1', family: 4 }],
  });
  return {
    port,
    url: (host, path = '/') => `http://${host}:${port}${path}`,
    requests,
    count: (host, pathPrefix = '') =>
      requests.filter((request) => request.host === host && request.path.startsWith(pathPrefix)).length,
    fetch: fetchFunction,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Points every absolute http(s) address in a recorded page at the fixture server (same host name, its port). */
export function pointAtFixtureWeb(html: string, port: number, renames: Record<string, string> = {}): string {
  return html.replace(
    /(?:\bhttps?:)?\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?=[/"'?#\s])/gi,
    (_, host: string) => `http://${renames[host.toLowerCase()] ?? host}:${port}`,
  );
}

export function htmlReply(body: string, status = 200): Reply {
  return { status, type: 'text/html; charset=utf-8', body };
}

export function jsonReply(value: unknown, status = 200): Reply {
  return {
    status,
    type: 'application/json',
    body: typeof value === 'string' ? value : JSON.stringify(value),
  };
}

/** A plain picture made at test time. */
export async function makePicture(
  width: number,
  height: number,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<Reply> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  const body = format === 'png' ? await image.png().toBuffer() : await image.jpeg().toBuffer();
  return { type: `image/${format}`, body };
}

/** Wraps a recorded ytInitialData object in a results page, as an object literal or as YouTube's escaped string. */
export function resultsPage(initialData: string, form: 'object' | 'escaped-string' = 'object'): string {
  const assignment =
    form === 'object'
      ? `var ytInitialData = ${initialData};`
      : `var ytInitialData = '${initialData
          .split('')
          .map((character) => {
            const code = character.charCodeAt(0);
            if (/[A-Za-z0-9 ]/.test(character)) return character;
            return code < 256
              ? `\\x${code.toString(16).padStart(2, '0')}`
              : `\\u${code.toString(16).padStart(4, '0')}`;
          })
          .join('')}';`;
  return `<!DOCTYPE html><html><head><title>YouTube</title></head><body><script>${assignment}</script></body></html>`;
}
