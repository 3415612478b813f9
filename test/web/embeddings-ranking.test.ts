// The embeddings rerank against a loopback fake of an OpenAI-compatible `/embeddings` server: it finds
// an answer asked in other words, says so in `method`, sends the model and key, and when the server
// fails the local ranking answers with a note that says what to check. Also through a real `read` job:
// a worker with `read.embeddings` set reranks read_page's passages.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { readThroughQueue } from '../../src/queue/read-queue.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { rankPassagesByEmbeddings } from '../../src/web/embeddings-ranking.ts';
import { readHtml, readHtmlWithEmbeddings } from '../../src/web/read-html.ts';
import { processReadJob } from '../../src/workers/read-processor.ts';
import { startWorkers, type RunningWorkers } from '../../src/workers/start-workers.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';
import { startPageServer, type PageServer } from './safe-fetch-page-server.ts';

/** The fake model's "meaning": which of a few concepts a text's words belong to. */
const CONCEPTS = [
  ['employees', 'staff', 'team', 'newcomers', 'forty-two', 'hired', 'workforce'],
  ['money', 'income', 'costs', 'reserve', 'budget', 'finances'],
  ['weather', 'winter', 'rain', 'snow'],
  ['training', 'courses', 'lessons'],
];

function fakeVector(text: string): number[] {
  const words = text.toLowerCase().match(/[\p{L}-]+/gu) ?? [];
  return [0.01, ...CONCEPTS.map((concept) => words.filter((word) => concept.includes(word)).length)];
}

interface Received {
  model: string;
  input: string[];
  authorization: string | undefined;
}

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

const paragraphs = [
  'The year began slowly, with a long winter and snow on the roads, and the new office in the old mill was still being painted when it was meant to open in the spring.',
  'We were forty-two at the end of the year, up from thirty, after the office opened; most newcomers joined the team that answers the telephone all day long.',
  'Income rose by a fifth while costs stayed flat, so the reserve grew for the first time in years, and the board kept half of it for the move planned for next autumn.',
  'Next year the focus moves to training, with two new courses planned for the spring and the autumn, and a third one if the rooms are ready in time for it.',
  'The garden behind the mill was planted by volunteers on two Saturdays in May, with apple trees, a bench and a small pond that the children now look after.',
];
const html = `<html lang="en"><head><title>Annual report</title></head><body><article>${paragraphs
  .map((paragraph) => `<p>${paragraph}</p>`)
  .join('')}</article></body></html>`;
// No word of it is on the page, nor does it ask for a kind of answer (a number would find "forty-two"
// locally): the local ranking can only give the page's beginning.
const question = 'How is the workforce doing now?';

describe('readHtmlWithEmbeddings', () => {
  let server: Server;
  let url: string;
  let failWith: number | undefined;
  const received: Received[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      void body(request).then((text) => {
        const parsed = JSON.parse(text) as { model: string; input: string[] };
        received.push({ ...parsed, authorization: request.headers.authorization });
        if (request.url !== '/v1/embeddings' || failWith) {
          response.writeHead(failWith ?? 404, { 'content-type': 'application/json' });
          response.end('{"error":"no"}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            object: 'list',
            data: parsed.input.map((input, index) => ({
              object: 'embedding',
              index,
              embedding: fakeVector(input),
            })),
            model: parsed.model,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('finds the answer asked in other words, and says so in method', async () => {
    const local = readHtml(html, { url: 'https://example.com/report', question });
    expect(local.method).toBe('local-bm25');
    expect(local.matches?.[0]?.text ?? '').not.toContain('forty-two');

    const settings = { url, model: 'fake-embedder', apiKey: 'sk-test-secret' };
    const result = await readHtmlWithEmbeddings(html, {
      url: 'https://example.com/report',
      question,
      embeddings: settings,
    });
    expect(result.method).toBe('local-bm25+embeddings');
    expect(result.matches![0]!.text).toContain('We were forty-two');
    expect(result.text.startsWith(`[part ${result.matches![0]!.part}]\nWe were forty-two`)).toBe(true);
    const last = received[received.length - 1]!;
    expect(last.model).toBe('fake-embedder');
    expect(last.input[0]).toBe(question);
    expect(last.input.slice(1).some((text) => text.includes('We were forty-two'))).toBe(true);
    expect(last.authorization).toBe('Bearer sk-test-secret');
    expect(JSON.stringify(result)).not.toContain('sk-test-secret');
  });

  it('keeps the local answer, with a note naming what to check, when the server fails', async () => {
    failWith = 500;
    try {
      const result = await readHtmlWithEmbeddings(html, {
        url: 'https://example.com/report',
        question,
        embeddings: { url, model: 'fake-embedder', apiKey: 'sk-test-secret' },
      });
      expect(result.method).toBe('local-bm25');
      expect(result.note).toMatch(
        /^Embeddings request to http:\/\/127\.0\.0\.1:\d+\/v1\/embeddings answered HTTP 500/,
      );
      expect(result.note).toContain('QUARRY_EMBEDDINGS_URL');
      expect(result.note).not.toContain('sk-test-secret');
      expect(result.matches).toEqual(readHtml(html, { url: 'https://example.com/report', question }).matches);
    } finally {
      failWith = undefined;
    }
  });

  describe('through a read job', () => {
    let pages: PageServer;
    let system: QueueSystem;
    let workers: RunningWorkers;

    beforeAll(async () => {
      pages = await startPageServer('127.0.0.1');
      pages.route('/report', (_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
      );
      system = createQueueSystem(
        freshConfig({
          fetch: { allow: ['127.0.0.1'] },
          read: { cacheSeconds: 120, embeddings: { url, model: 'fake-embedder', apiKey: 'sk-test-secret' } },
        }),
        { providers: [] },
      );
      workers = await startWorkers(system, { processors: { read: processReadJob }, concurrency: 1 });
    });
    afterAll(async () => {
      await workers?.close({ graceMs: 1_000 });
      const prefix = system?.prefix;
      await system?.close();
      if (prefix) await removePrefix(prefix);
      await pages?.close();
    });

    it('reranks read_page passages with the endpoint, and says so in method', async () => {
      const before = received.length;
      const reading = await readThroughQueue(system, { url: `${pages.origin()}/report`, question });
      expect(reading.method).toBe('local-bm25+embeddings');
      expect(reading.matches![0]!.text).toContain('We were forty-two');
      expect(received.length).toBeGreaterThan(before);
      expect(received.at(-1)!.input[0]).toBe(question);
      expect(JSON.stringify(reading)).not.toContain('sk-test-secret');
    });

    it('falls back to the local ranking with a note when the endpoint fails', async () => {
      failWith = 503;
      try {
        const reading = await readThroughQueue(system, { url: `${pages.origin()}/report`, question });
        expect(reading.method).toBe('local-bm25');
        expect(reading.cached).toBe(true);
        expect(reading.note).toMatch(/^Embeddings request to .* answered HTTP 503/);
        expect(reading.note).toContain('The local ranking answered.');
        expect(reading.note).not.toContain('sk-test-secret');
        expect(reading.matches?.[0]?.text ?? '').not.toContain('forty-two');
      } finally {
        failWith = undefined;
      }
    });

    it('reads without the endpoint when no question is asked', async () => {
      const before = received.length;
      const reading = await readThroughQueue(system, { url: `${pages.origin()}/report` });
      expect(reading.method).toBe('main-text');
      expect(received.length).toBe(before);
    });
  });

  it('is not asked without a question', async () => {
    const before = received.length;
    const result = await readHtmlWithEmbeddings(html, {
      url: 'https://example.com/report',
      embeddings: { url, model: 'fake-embedder' },
    });
    expect(result.method).toBe('main-text');
    expect(received.length).toBe(before);
  });
});

describe('embeddings settings', () => {
  it('come from QUARRY_EMBEDDINGS_URL, _MODEL and _API_KEY, and are unset by default', () => {
    expect(loadConfig({}).read.embeddings).toBeUndefined();
    const config = loadConfig({
      QUARRY_EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1',
      QUARRY_EMBEDDINGS_MODEL: 'nomic-embed-text',
      QUARRY_EMBEDDINGS_API_KEY: 'secret',
    });
    expect(config.read.embeddings).toEqual({
      url: 'http://127.0.0.1:11434/v1',
      model: 'nomic-embed-text',
      apiKey: 'secret',
    });
    expect(() => loadConfig({ QUARRY_EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1' })).toThrow(/model/i);
  });
});

describe('rankPassagesByEmbeddings', () => {
  it('lets a paragraph holding a sentence the local ranking chose win a tie', async () => {
    // Every text gets the same vector: only the agreement with the local ranking tells them apart.
    const sameVector: typeof fetch = async (_input, init) => {
      const { input } = JSON.parse(String(init?.body)) as { input: string[] };
      return new Response(JSON.stringify({ data: input.map((_, index) => ({ embedding: [1, 1], index })) }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const passages = [
      { text: 'The year began slowly. Snow fell on the roads for weeks.', part: 1 },
      { text: 'The office opened in spring. We were forty-two by the winter.', part: 1 },
      { text: 'Income rose by a fifth. Costs stayed flat.', part: 1 },
    ];
    // The local ranking returns sentences, not the paragraphs the embeddings rank.
    const local = [{ part: 1, text: 'We were forty-two by the winter.', score: 2 }];
    const matches = await rankPassagesByEmbeddings(
      'How many are we?',
      passages,
      local,
      1_000_000,
      { url: 'http://127.0.0.1:1/v1', model: 'fake' },
      sameVector,
    );
    expect(matches[0]!.text).toContain('We were forty-two');
  });
});
