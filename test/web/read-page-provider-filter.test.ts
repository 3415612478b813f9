// read_page with a provider's question filter, end to end: `read` jobs on real Redis with real workers,
// the page from a loopback server, Exa's /contents from a loopback fake. The provider's request is a
// job on `search.exa` (its limits and credits hold); without a key, or when it fails, the local BM25
// ranking answers and says why.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exa } from '../../src/providers/exa.ts';
import { readThroughQueue } from '../../src/queue/read-queue.ts';
import { restStateOf } from '../../src/queue/rest-state.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { readHtml } from '../../src/web/read-html.ts';
import { processReadJob, providerMayRead } from '../../src/workers/read-processor.ts';
import { processSearchJob } from '../../src/workers/search-processor.ts';
import { startWorkers, type RunningWorkers } from '../../src/workers/start-workers.ts';
import { CORPORA } from '../providers/fake-fetch.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';
import { startPageServer, type PageServer } from './safe-fetch-page-server.ts';

const ARTICLE = readFileSync(resolve(CORPORA, 'trafilatura/pages/miamitodaynews.com-Transitway.html'));
const QUESTION = 'Why was the response delayed, according to Mr. Cueto?';
const KEY = 'exa-test-key-5f1c9a';

let pages: PageServer;
let fakeExa: PageServer;
/** What the fake Exa answers next: highlights, or an error status. */
let exaAnswer: { status: number; body: unknown };
/** Two paragraphs of the page that the local ranking would not put first for QUESTION. */
let firstHighlighted: string;
let secondHighlighted: string;

const firstSentences = (paragraph: string) =>
  paragraph
    .split(/(?<=\.)\s+/)
    .slice(0, 2)
    .join(' ');

beforeAll(async () => {
  pages = await startPageServer('127.0.0.1');
  pages.route('/article', (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE),
  );
  fakeExa = await startPageServer('127.0.0.1');
  fakeExa.route('/contents', (_request, response) =>
    response
      .writeHead(exaAnswer.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(exaAnswer.body)),
  );
  const paragraphs = readHtml(ARTICLE.toString('utf8'), { url: 'http://x/' })
    .text.split('\n\n')
    .filter((paragraph) => paragraph.length > 200 && !paragraph.includes('Mr. Cueto'));
  firstHighlighted = paragraphs.at(-1)!;
  secondHighlighted = paragraphs[1]!;
  expect(firstHighlighted).not.toBe(secondHighlighted);
});

afterAll(async () => {
  await pages?.close();
  await fakeExa?.close();
});

/** A pipeline whose only provider is Exa, at the fake's address, with `exa` settings on top. */
function pipeline(exaSettings: Record<string, unknown>) {
  let system: QueueSystem;
  let workers: RunningWorkers;
  const handle = {
    get system() {
      return system;
    },
    async start() {
      const config = freshConfig({
        providerOrder: ['exa'],
        providers: { exa: { url: fakeExa.origin(), ...exaSettings } },
        fetch: { allow: ['127.0.0.1'] },
        read: { partSize: 1_500, cacheSeconds: 120 },
      });
      system = createQueueSystem(config, { providers: [exa] });
      workers = await startWorkers(system, {
        processors: { read: processReadJob, search: processSearchJob },
        concurrency: 2,
      });
    },
    async stop() {
      await workers?.close({ graceMs: 1_000 });
      const prefix = system?.prefix;
      await system?.close();
      if (prefix) await removePrefix(prefix);
    },
  };
  return handle;
}

describe('read_page with Exa on and keyed', () => {
  const run = pipeline({ key: KEY, creditsPerDay: 1 });
  beforeAll(() => run.start());
  afterAll(() => run.stop());

  it('does not send an address the safe fetch refuses to Exa', async () => {
    const before = fakeExa.requests.length;
    await expect(
      readThroughQueue(run.system, { url: `http://127.0.0.2:${pages.port}/article`, question: QUESTION }),
    ).rejects.toThrow(/^127\.0\.0\.2 is a loopback address; read_page reads public pages only/);
    expect(fakeExa.requests.length).toBe(before);
  });

  it("picks the page's passages that match Exa's highlights, with their parts, and names the method", async () => {
    exaAnswer = {
      status: 200,
      body: {
        results: [
          {
            id: `${pages.origin()}/article`,
            url: `${pages.origin()}/article`,
            highlights: [`${firstSentences(firstHighlighted)}\n...\n${firstSentences(secondHighlighted)}`],
          },
        ],
        statuses: [{ id: `${pages.origin()}/article`, status: 'success' }],
      },
    };
    const before = fakeExa.requests.length;
    const reading = await readThroughQueue(run.system, {
      url: `${pages.origin()}/article`,
      question: QUESTION,
    });
    expect(reading.method).toBe('exa-highlights');
    expect(reading.matches?.map((match) => match.text)).toEqual([
      expect.stringContaining(firstHighlighted),
      expect.stringContaining(secondHighlighted),
    ]);
    expect(reading.part).toBe(reading.matches?.[0]?.part);
    expect(reading.text.startsWith(`[part ${reading.matches?.[0]?.part}]\n`)).toBe(true);
    expect(reading.note).toBeUndefined();

    // One request to Exa's /contents with the key in its header and the page and question in its body.
    expect(fakeExa.requests.length).toBe(before + 1);
    const sent = fakeExa.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/contents');
    expect(sent.headers['x-api-key']).toBe(KEY);
    expect(JSON.parse(sent.body)).toMatchObject({
      urls: [`${pages.origin()}/article`],
      highlights: { query: QUESTION },
    });
    expect(JSON.stringify(reading)).not.toContain(KEY);
  });

  it("runs on Exa's queue under its credits: with the day's allowance spent, BM25 answers and says why", async () => {
    const before = fakeExa.requests.length;
    const reading = await readThroughQueue(run.system, {
      url: `${pages.origin()}/article`,
      question: QUESTION,
    });
    expect(fakeExa.requests.length).toBe(before);
    expect(reading.method).toBe('local-bm25');
    expect(reading.matches?.[0]?.text).toContain('Also delaying the response, Mr. Cueto said');
    expect(reading.note).toMatch(
      /^Ranked here with BM25 \(the provider's page filter was not used: exa has used its 1 /,
    );
    // Exa now rests until its allowance renews: the next read does not ask it and says so.
    const rested = await readThroughQueue(run.system, {
      url: `${pages.origin()}/article`,
      question: 'Who is Mr. Cueto?',
    });
    expect(rested.method).toBe('local-bm25');
    expect(rested.note).toMatch(/Exa rests until \d{4}-\d\d-\d\dT/);
    expect(fakeExa.requests.length).toBe(before);
  });

  it('reads a part without a question without asking Exa', async () => {
    const before = fakeExa.requests.length;
    const reading = await readThroughQueue(run.system, { url: `${pages.origin()}/article`, part: 2 });
    expect(reading.method).toBe('main-text');
    expect(fakeExa.requests.length).toBe(before);
  });
});

describe('read_page with Exa on but without a key', () => {
  const run = pipeline({});
  beforeAll(() => run.start());
  afterAll(() => run.stop());

  it('ranks locally with BM25 without asking Exa and without a note', async () => {
    const before = fakeExa.requests.length;
    const reading = await readThroughQueue(run.system, {
      url: `${pages.origin()}/article`,
      question: QUESTION,
    });
    expect(reading.method).toBe('local-bm25');
    expect(reading.matches?.[0]?.text).toContain('Also delaying the response, Mr. Cueto said');
    expect(reading.note).toBeUndefined();
    expect(fakeExa.requests.length).toBe(before);
  });
});

describe('read_page with Exa failing', () => {
  const run = pipeline({ key: KEY });
  beforeAll(() => run.start());
  afterAll(() => run.stop());

  it('falls back to BM25 with the reason, without the key, and rests Exa', async () => {
    exaAnswer = { status: 401, body: { error: `Invalid API key ${KEY}` } };
    const reading = await readThroughQueue(run.system, {
      url: `${pages.origin()}/article`,
      question: QUESTION,
    });
    expect(reading.method).toBe('local-bm25');
    expect(reading.matches?.[0]?.text).toContain('Also delaying the response, Mr. Cueto said');
    expect(reading.note).toMatch(
      /Ranked here with BM25 \(the provider's page filter was not used: Exa refused the API key \(HTTP 401/,
    );
    expect(reading.note).toMatch(/check EXA_API_KEY/);
    expect(JSON.stringify(reading)).not.toContain(KEY);
    const rest = await run.system.connection.hget(run.system.key('rest'), 'exa');
    expect(JSON.parse(rest ?? '{}')).toMatchObject({ kind: 'auth' });
  });

  it('a page Exa cannot read leaves Exa awake and says why', async () => {
    await restStateOf(run.system).clear('exa'); // as an operator would: the rest ends for every worker
    exaAnswer = {
      status: 200,
      body: {
        results: [],
        statuses: [{ id: `${pages.origin()}/article`, status: 'error', error: { tag: 'CRAWL_NOT_FOUND' } }],
      },
    };
    const reading = await readThroughQueue(run.system, {
      url: `${pages.origin()}/article`,
      question: QUESTION,
    });
    expect(reading.method).toBe('local-bm25');
    expect(reading.note).toMatch(/Exa could not read .* \(CRAWL_NOT_FOUND\)/);
    expect(await run.system.connection.hget(run.system.key('rest'), 'exa')).toBeNull();
  });
});

describe('providerMayRead', () => {
  it('lets web addresses by name and public or allowed IPs go to a provider, nothing else', () => {
    expect(providerMayRead('https://example.com/a?b=c', [])).toBe(true);
    expect(providerMayRead('http://93.184.215.14/', [])).toBe(true);
    expect(providerMayRead('http://127.0.0.1:8080/', ['127.0.0.1'])).toBe(true);
    expect(providerMayRead('http://127.0.0.1:8080/', [])).toBe(false);
    expect(providerMayRead('http://[::ffff:10.0.0.1]/', [])).toBe(false);
    expect(providerMayRead('http://192.168.1.1/', ['10.0.0.0/8'])).toBe(false);
    expect(providerMayRead('https://user:secret@example.com/', [])).toBe(false);
    expect(providerMayRead('ftp://example.com/file', [])).toBe(false);
    expect(providerMayRead('not an address', [])).toBe(false);
  });
});
