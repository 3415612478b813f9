// The read pipeline against a loopback page server serving real pages from ../shared/corpora, with a real
// Redis cache, and end to end through the `read` queue with real workers. The server counts requests, so
// the cache is shown to spare the second fetch.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../src/config.ts';
import { readThroughQueue } from '../../src/queue/read-queue.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { NotReadableError } from '../../src/web/decode.ts';
import { PageStatusError, readPage, readPlainText, type ReadPageDeps } from '../../src/web/read-page.ts';
import { FetchRefusedError } from '../../src/web/safe-fetch.ts';
import { processReadJob } from '../../src/workers/read-processor.ts';
import { startWorkers, type RunningWorkers } from '../../src/workers/start-workers.ts';
import { makePdf } from './read-page-fixtures.ts';
import { startPageServer, type PageServer } from './safe-fetch-page-server.ts';

const corpora = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpora');
const ARTICLE = readFileSync(resolve(corpora, 'trafilatura/pages/miamitodaynews.com-Transitway.html'));
const READABILITY_DIR = resolve(corpora, 'readability');

const PLAIN_TEXT = [
  '# Field notes',
  'The first paragraph describes the river delta at dawn, when herons gather on the mud banks and the fog ' +
    'lifts slowly from the reeds, long before the fishermen arrive with their nets and their flasks of tea.',
  'The second paragraph is about the ferry timetable: boats leave every forty minutes from the north pier, ' +
    'the first at six in the morning and the last just before midnight, except on public holidays.',
  'The third paragraph records the water temperature, which was eleven degrees at the mouth of the river, ' +
    'two degrees colder than the week before, after three days of rain in the hills upstream.',
].join('\n\n');

let server: PageServer;
let redis: Redis;
let config: Config;
let prefix: string;

function deps(extra: Partial<ReadPageDeps> = {}): ReadPageDeps {
  return { config, cache: { redis, keyPrefix: `${prefix}:state:page` }, ...extra };
}

const hits = (path: string) => server.requests.filter((request) => request.path === path).length;

beforeAll(async () => {
  server = await startPageServer('127.0.0.1');
  prefix = `{quarry-test-${randomUUID().slice(0, 8)}}`;
  config = parseConfig({
    prefix,
    fetch: { allow: ['127.0.0.1'] },
    read: { partSize: 1_500, cacheSeconds: 120 },
    toolTimeoutMs: 20_000,
  });
  redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1 });
  const html = (body: Buffer | string) => (_request: unknown, response: import('node:http').ServerResponse) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  for (const path of ['/article', '/article-for-queue', '/article-question'])
    server.route(path, html(ARTICLE));
  server.route('/slow-article', (_request, response) => {
    // Answers late, so the three reads of the test below overlap.
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE), 300);
  });
  server.route('/readability', (request, response) => {
    const name = new URL(request.url ?? '/', 'http://x').searchParams.get('page') ?? '';
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(readFileSync(resolve(READABILITY_DIR, name, 'source.html')));
  });
  server.route('/notes.txt', (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(PLAIN_TEXT),
  );
  server.route('/report.pdf', (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/pdf' }).end(
      makePdf([
        ['Annual report 2025', 'Membership rose to 4,200 households.'],
        ['Finances', 'The reserve fund holds 38,000 euros.'],
      ]),
    ),
  );
  server.route(
    '/menu-only',
    html(
      '<html><head><title>Only a menu</title></head><body><nav><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul></nav><footer>© 2025</footer></body></html>',
    ),
  );
  server.route('/logo.png', (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'image/png' })
      .end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  );
  server.route('/gone', (_request, response) => response.writeHead(410).end());
  server.route('/to-private', (_request, response) =>
    response.writeHead(302, { location: 'http://192.168.0.1/admin' }).end(),
  );
});

afterAll(async () => {
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
  await server?.close();
});

describe('readPage', () => {
  it('reads a real article in parts and serves part 2 from the cache without fetching again', async () => {
    const url = `${server.origin()}/article`;
    const first = await readPage(url, {}, deps());
    expect(first.cached).toBe(false);
    expect(first.kind).toBe('html');
    expect(first.title).toBe('Transit tax trust rejects county’s South Dade Transitway data');
    expect(first.partCount).toBeGreaterThan(2);
    expect(first.part).toBe(1);
    expect(first.publishedDate).toMatch(/^2023-11-07/);
    const second = await readPage(url, { part: 2 }, deps());
    expect(second.cached).toBe(true);
    expect(second.part).toBe(2);
    expect(second.text).not.toBe(first.text);
    expect(hits('/article')).toBe(1);
    // Another question on the same page: still no fetch.
    const answer = await readPage(
      url,
      { question: 'Why was the response delayed, according to Mr. Cueto?' },
      deps(),
    );
    expect(answer.text).toContain('Also delaying the response, Mr. Cueto said');
    expect(answer.method).toBe('local-bm25');
    expect(hits('/article')).toBe(1);
  });

  it('shares one fetch between reads of the same page at the same moment', async () => {
    const url = `${server.origin()}/slow-article`;
    const readings = await Promise.all([1, 2, 3].map((part) => readPage(url, { part }, deps())));
    expect(readings.map((reading) => reading.part)).toEqual([1, 2, 3]);
    expect(readings.filter((reading) => !reading.cached)).toHaveLength(1);
    expect(hits('/slow-article')).toBe(1);
  });

  it('keeps the main text and leaves out the menus (a readability corpus page)', async () => {
    const page = 'wikipedia';
    const expected = JSON.parse(
      readFileSync(resolve(READABILITY_DIR, page, 'expected-metadata.json'), 'utf8'),
    ) as { title: string };
    const reading = await readPage(`${server.origin()}/readability?page=${page}`, {}, deps());
    expect(expected.title).toContain(reading.title);
    expect(reading.text).toContain(
      'Mozilla is a free-software community, created in 1998 by members of Netscape.',
    );
    expect(reading.text).not.toContain('Privacy policy');
  });

  it('reads plain text in parts and answers a question from it', async () => {
    const reading = await readPage(`${server.origin()}/notes.txt`, {}, deps());
    expect(reading).toMatchObject({ kind: 'text', title: 'Field notes', method: 'text', partCount: 1 });
    expect(reading.text).toContain('ferry timetable');
    const answer = await readPage(
      `${server.origin()}/notes.txt`,
      { question: 'How often does the ferry leave?' },
      deps(),
    );
    expect(answer.text).toContain('boats leave every forty minutes');
    expect(answer.text).not.toContain('herons');
  });

  it('reads a PDF', async () => {
    const reading = await readPage(`${server.origin()}/report.pdf`, {}, deps());
    expect(reading.kind).toBe('pdf');
    expect(reading.method).toBe('pdf-text');
    expect(reading.text).toContain('Membership rose to 4,200 households.');
    expect(reading.text).toContain('The reserve fund holds 38,000 euros.');
  });

  it('says so when a page has no main text', async () => {
    const reading = await readPage(`${server.origin()}/menu-only`, {}, deps());
    expect(reading.title).toBe('Only a menu');
    expect(reading.text).toBe('');
    expect(reading.note).toMatch(/no readable main text/);
  });

  it('refuses what it cannot read, error statuses, and private addresses', async () => {
    await expect(readPage(`${server.origin()}/logo.png`, {}, deps())).rejects.toThrow(NotReadableError);
    const gone = await readPage(`${server.origin()}/gone`, {}, deps()).catch((caught: unknown) => caught);
    expect(gone).toBeInstanceOf(PageStatusError);
    expect((gone as Error).message).toMatch(/answered HTTP 410: the page does not exist/);
    const refused = await readPage(`${server.origin()}/to-private`, {}, deps()).catch(
      (caught: unknown) => caught,
    );
    expect(refused).toBeInstanceOf(FetchRefusedError);
    expect((refused as Error).message).toMatch(
      /^192\.168\.0\.1 is a private address; read_page reads public pages only/,
    );
    await expect(readPage(`${server.origin()}/notes.txt`, { part: 0 }, deps())).rejects.toThrow(
      /part must be a whole number of 1 or more/,
    );
  });

  it('reads without a cache when none is given', async () => {
    const before = hits('/notes.txt');
    await readPage(`${server.origin()}/notes.txt`, {}, { config });
    await readPage(`${server.origin()}/notes.txt`, {}, { config });
    expect(hits('/notes.txt')).toBe(before + 2);
  });
});

describe('read_page through the read queue', () => {
  let system: QueueSystem;
  let workers: RunningWorkers;

  beforeAll(async () => {
    system = createQueueSystem(config);
    workers = await startWorkers(system, { processors: { read: processReadJob }, concurrency: 2 });
  });

  afterAll(async () => {
    await workers?.close({ graceMs: 1_000 });
    await system?.close();
  });

  it('reads part 1 and part 2 with one fetch, and reports progress', async () => {
    const url = `${server.origin()}/article-for-queue`;
    const stages: unknown[] = [];
    const first = await readThroughQueue(
      system,
      { url },
      { onProgress: (progress) => stages.push(progress) },
    );
    expect(first.part).toBe(1);
    expect(first.cached).toBe(false);
    expect(first.title).toBe('Transit tax trust rejects county’s South Dade Transitway data');
    const second = await readThroughQueue(system, { url, part: 2 });
    expect(second.part).toBe(2);
    expect(second.cached).toBe(true);
    expect(second.partCount).toBe(first.partCount);
    expect(hits('/article-for-queue')).toBe(1);
    expect(stages).toContainEqual({ stage: 'fetch' });
  });

  it('answers a question through the queue', async () => {
    const answer = await readThroughQueue(system, {
      url: `${server.origin()}/article-question`,
      question: 'Why was the response delayed, according to Mr. Cueto?',
    });
    expect(answer.matches?.[0]?.text).toContain('Also delaying the response, Mr. Cueto said');
  });

  it('fails the job with the refusal in words', async () => {
    await expect(readThroughQueue(system, { url: `http://127.0.0.2:${server.port}/` })).rejects.toThrow(
      /^127\.0\.0\.2 is a loopback address; read_page reads public pages only/,
    );
  });

  it('refuses a malformed request before it reaches the queue', async () => {
    await expect(readThroughQueue(system, { url: '', part: 1 })).rejects.toThrow(
      /url: give the address of the page to read/,
    );
    await expect(readThroughQueue(system, { url: 'https://example.com', part: -1 })).rejects.toThrow(
      /The read request is not valid: part/,
    );
  });
});

describe('readPlainText', () => {
  it('leaves soft hyphens and word joiners out of plain text and PDF text, so a word split by one is found whole', async () => {
    const text =
      'Die neue Halte\u00adstelle liegt vor dem Kranken\u00adhaus.\n\nDer Verkehrs\u2060verbund hat die Linie am Montag eröffnet.';
    const read = await readPlainText(text, { title: 'Linie', partSize: 6_000, method: 'text' });
    expect(read.text).toBe(
      'Die neue Haltestelle liegt vor dem Krankenhaus.\n\nDer Verkehrsverbund hat die Linie am Montag eröffnet.',
    );
    const asked = await readPlainText(text, {
      title: 'Linie',
      partSize: 6_000,
      method: 'text',
      question: 'Wo ist die Haltestelle?',
    });
    expect(asked.text).toContain('Haltestelle liegt vor dem Krankenhaus');
  });
});
