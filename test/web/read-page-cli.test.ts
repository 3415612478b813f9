// `quarry read` as a user runs it: a separate process, reading a local file without fetching, a loopback
// page (allowed with QUARRY_FETCH_ALLOW) with the Redis cache between two runs, and refusing a private one.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runQuarry, type QuarryRun } from '../quarry-process.ts';
import { makePdf } from './read-page-fixtures.ts';
import { startPageServer, type PageServer } from './safe-fetch-page-server.ts';

const articlePath = resolve(
  REPO_ROOT,
  '../shared/corpora/trafilatura/pages/miamitodaynews.com-Transitway.html',
);
const prefix = `{quarry-cli-${randomUUID().slice(0, 8)}}`;

let server: PageServer;
let folder: string;

function quarry(...args: string[]): Promise<QuarryRun> {
  return runQuarry(args, {
    QUARRY_SETTINGS: 'none',
    QUARRY_PREFIX: prefix,
    QUARRY_FETCH_ALLOW: '127.0.0.1',
    QUARRY_READ_PART_SIZE: '1500',
    LOG_LEVEL: 'silent',
  });
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'quarry-read-cli-'));
  server = await startPageServer('127.0.0.1');
  server.route('/notes.txt', (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      .end(
        `# Harbour log\n\n${'The tide came in at noon and the boats went out. '.repeat(60)}\n\nLast paragraph.`,
      ),
  );
});

afterAll(async () => {
  await server?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  const redis = new Redis({ maxRetriesPerRequest: 1 });
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

// Each run starts a process that loads the whole command line: give it room on a busy machine.
describe('quarry read', { timeout: 120_000 }, () => {
  it('reads a local HTML file by part, as JSON, without fetching', async () => {
    const run = await quarry('read', articlePath, '--part', '2', '--json');
    expect(run.stderr).toBe('');
    const reading = JSON.parse(run.stdout) as { part: number; partCount: number; url: string; title: string };
    expect(reading.part).toBe(2);
    expect(reading.partCount).toBeGreaterThan(2);
    expect(reading.url).toMatch(/^file:\/\//);
    expect(reading.title).toBe('Transit tax trust rejects county’s South Dade Transitway data');
  });

  it('answers a question from a local PDF', async () => {
    const pdfPath = join(folder, 'minutes.pdf');
    writeFileSync(
      pdfPath,
      makePdf([['Minutes of the meeting'], ['The budget was approved by nine votes to two.']]),
    );
    const run = await quarry('read', pdfPath, '--question', 'How many votes approved the budget?');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('The budget was approved by nine votes to two.');
  });

  it('reads a page, then its second part from the cache in a second run', async () => {
    const url = `${server.origin()}/notes.txt`;
    const first = await quarry('read', url);
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n')[0]).toBe('Harbour log');
    expect(first.stdout).toContain('part 1 of 2');
    expect(first.stdout).toContain(`Next: npx quarry read "${url}" --part 2`);
    const second = await quarry('read', url, '--part', '2');
    expect(second.stdout).toContain('part 2 of 2 · from cache');
    expect(server.requests.filter((request) => request.path === '/notes.txt')).toHaveLength(1);
  });

  it('refuses a private address with the reason, and exits 2 (an address to change)', async () => {
    const run = await quarry('read', `http://0x7f000002:${server.port}/`);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^quarry read: 127\.0\.0\.2 is a loopback address; read_page reads public pages only/,
    );
    expect(run.stdout).toBe('');
  });
});
