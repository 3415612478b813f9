// Found by the reliability suite: a provider answer was read whole (`response.text()`), so a body that
// never ends grew the worker's memory until the provider timeout, once per call in flight. Now a
// provider request reads at most MAX_ANSWER_BYTES and fails with a reason that says what to check.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startMisbehavingServer, type MisbehavingServer } from '../../bench/misbehaving-provider-server.ts';
import { MAX_ANSWER_BYTES } from '../../src/providers/request.ts';
import { searxng } from '../../src/providers/searxng.ts';
import { SearchError } from '../../src/providers/types.ts';
import { plainQuery } from '../queue/fake-provider.ts';

const MEGABYTE = 1024 * 1024;

describe('a provider answer larger than the limit', () => {
  let server: MisbehavingServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('stops reading an endless body at the limit and says so', async () => {
    server = await startMisbehavingServer('endless', 0);
    const error = await searxng
      .search(plainQuery('endless'), { url: server.url, fetch, timeoutMs: 60_000 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SearchError);
    expect((error as SearchError).kind).toBe('unavailable');
    expect((error as SearchError).message).toMatch(/SearXNG sent an answer larger than 8 MB.*SEARXNG_URL/);
    // What was sent beyond the limit is what sat in socket buffers when reading stopped.
    expect(server.bytesSent).toBeLessThan(MAX_ANSWER_BYTES + 8 * MEGABYTE);
  });

  it('refuses a declared length over the limit without reading it', async () => {
    let written = 0;
    const declared = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(MAX_ANSWER_BYTES + 1),
      });
      response.write('{"results":[');
      written += 12;
    });
    await new Promise<void>((resolve) => declared.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(declared.address() as AddressInfo).port}`;
      const error = await searxng
        .search(plainQuery('declared'), { url, fetch, timeoutMs: 60_000 })
        .catch((caught: unknown) => caught);
      expect((error as SearchError).message).toMatch(/larger than 8 MB/);
      expect(written).toBe(12);
    } finally {
      declared.closeAllConnections();
      await new Promise((resolve) => declared.close(resolve));
    }
  });

  it('still reads an answer under the limit as before, byte order mark and all', async () => {
    const body = JSON.stringify({
      results: [{ url: 'https://example.com/é', title: 'Café', content: 'ok' }],
    });
    const plain = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(`\uFEFF${body}`);
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
      const answer = await searxng.search(plainQuery('plain'), { url, fetch, timeoutMs: 10_000 });
      expect(answer.results[0]?.title).toBe('Café');
    } finally {
      plain.closeAllConnections();
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});
