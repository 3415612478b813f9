// A run's end, end to end: a real worker process runs the reading test agent, which searches (the
// loopback fake provider) and reads recorded pages of ../shared/corpora served on loopback, each
// with its og:image pointed at a loopback picture host. When it answers, the run goes to
// `finalizing`, the finalize flow keeps the cited pages' pictures (one child job each, retried
// alone), checks the citations, and the run ends `succeeded`; then the report, the kept copies and
// the removal of runs that share a picture.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CitationCheck } from '../../src/research/citations.ts';
import type { RunReport } from '../../src/research/run-report.ts';
import { removeRun } from '../../src/research/run-retention.ts';
import type { RunView } from '../../src/research/run-view.ts';
import {
  bombHeaderPng,
  corpusPageWithPicture,
  photo,
  rotatedPhoto,
  startPictureHost,
  type PictureHost,
} from './picture-host.ts';
import { startResearchQuarry, statusMoves, type ResearchQuarry } from './run-harness.ts';

let quarry: ResearchQuarry;
let host: PictureHost;

const READING = 'command:"reading"';
const SCRIPT_TITLE = 'Cats <script>alert("title")</script> at rest';

beforeAll(async () => {
  host = await startPictureHost();
  quarry = await startResearchQuarry({ QUARRY_FETCH_ALLOW: '127.0.0.1' });
  await quarry.startWorker();
  host.serve('/photo.jpg', await photo(2000, 1000), 'image/jpeg');
  host.serve('/rotated.jpg', await rotatedPhoto(), 'image/jpeg');
  host.serve('/flaky.jpg', await photo(640, 480), 'image/jpeg');
  host.serve('/tiny.png', await photo(40, 30, 'png'), 'image/png');
  host.serve('/own.jpg', await photo(1200, 900), 'image/jpeg');
  host.serve('/bomb.png', await bombHeaderPng(), 'image/png');
  host.serve('/html.jpg', '<!doctype html><title>Moved</title><p>This is a page.</p>', 'image/jpeg');
  const pages: Array<[string, string, string]> = [
    ['/a.html', '001', '/photo.jpg'],
    ['/b.html', '002', '/rotated.jpg'],
    ['/c.html', '003-metadata-preferred', '/flaky.jpg'],
    ['/d.html', '004-metadata-space-separated-properties', '/gone.jpg'],
    ['/e.html', 'bbc-1', '/html.jpg'],
    ['/f.html', 'citylab-1', '/bomb.png'],
    ['/g.html', 'ebb-org', '/tiny.png'],
    // The standalone report's run: a picture no other run keeps.
    ['/h.html', '001', '/own.jpg'],
  ];
  for (const [path, folder, picture] of pages)
    host.serve(path, corpusPageWithPicture(folder, `${host.url}${picture}`), 'text/html; charset=utf-8');
  host.serve(
    '/script.html',
    `<!doctype html><html><head><title>${SCRIPT_TITLE.replace(/</g, '&lt;')}</title></head><body><article><h1>Resting cats</h1><p>${'Cats rest for most of the day, and they sleep in short bouts. '.repeat(20)}</p></article></body></html>`,
    'text/html; charset=utf-8',
  );
}, 60_000);

afterAll(async () => {
  await quarry?.close();
  await host?.close();
});

const page = (path: string) => `${host.url}${path}`;

async function startRun(options: Record<string, unknown>): Promise<RunView> {
  const answer = await quarry.api<RunView>('POST', '/api/runs', {
    agent: READING,
    question: 'How do cats rest?',
    budget: 5,
    options,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const SEARCH_HIT = 'https://example.com/alpha?q=cats';
const OTHER_HIT = 'https://example.com/alpha?q=dogs';
const READS = ['/a.html', '/b.html', '/c.html', '/d.html', '/e.html', '/f.html', '/g.html'];

function firstAnswer(): string {
  const all = [...READS, '/script.html'].map(page);
  const marks = all.map((url) => `[{n:${url}}]`).join(' ');
  return [
    `Cats rest most of the day ${marks}, which searches agree with [{n:${SEARCH_HIT}}].`,
    'A claim from nowhere [12], and one with no line [13].',
    '',
    'Sources:',
    ...all.map((url) => `{n:${url}}. [{title:${url}}](${url})`),
    // The same page as the search hit, written as agents do: http, www., a trailing slash is not there.
    `{n:${SEARCH_HIT}}. [Search hit](http://www.example.com/alpha?q=cats)`,
    `{n:${OTHER_HIT}}. [Listed, never cited](${OTHER_HIT})`,
    '12. [Invented](https://invented.example/cats-study)',
  ].join('\n');
}

let first: RunView;
let report: RunReport;

describe('a run that ends with pictures and citations', () => {
  it('goes through finalizing to succeeded, keeping each picture or saying why not', async () => {
    host.failFirst('/flaky.jpg', 2);
    const created = await startRun({
      searches: ['cats', 'dogs'],
      reads: READS.concat('/script.html').map(page),
      answer: firstAnswer(),
    });
    first = await quarry.finished(created.id);
    expect(first.status, first.reason ?? '').toBe('succeeded');
    expect(statusMoves(await quarry.events(created.id))).toEqual([
      'queued',
      'running',
      'finalizing',
      'succeeded',
    ]);
    const byUrl = new Map(first.pictures.map((picture) => [picture.url, picture]));
    expect(first.pictures.every((picture) => picture.source === 'page')).toBe(true);
    expect(byUrl.get(page('/photo.jpg'))).toMatchObject({ state: 'kept', page: page('/a.html') });
    expect(byUrl.get(page('/rotated.jpg'))).toMatchObject({ state: 'kept' });
    // The flaky host answered 503 twice: its child was tried again on its own and kept it the third time.
    expect(byUrl.get(page('/flaky.jpg'))).toMatchObject({ state: 'kept' });
    expect(host.hits.get('/flaky.jpg')).toBe(3);
    expect(byUrl.get(page('/gone.jpg'))).toMatchObject({ state: 'given-up', display: null });
    expect(byUrl.get(page('/gone.jpg'))!.reason).toMatch(/answered 404/);
    expect(byUrl.get(page('/html.jpg'))!.reason).toMatch(/did not give a picture/);
    expect(byUrl.get(page('/bomb.png'))!.reason).toMatch(/10000×5000 pixels/);
    expect(byUrl.get(page('/tiny.png'))!.reason).toMatch(/too small/);
    // Given-up pictures that cannot be fixed by a retry were asked once.
    expect(host.hits.get('/gone.jpg')).toBe(1);
  });

  it('serves kept copies with long cache headers, upright, for its own run only', async () => {
    const rotated = first.pictures.find((picture) => picture.url === page('/rotated.jpg'))!;
    expect(rotated.display).toMatch(new RegExp(`^/api/runs/${first.id}/pictures/[0-9a-f]{32}\\.webp$`));
    const response = await fetch(`${quarry.url}${rotated.display}`, {
      headers: { authorization: `Bearer ${quarry.adminToken}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000, immutable/);
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 800]);
    const name = rotated.display!.split('/').at(-1);
    const elsewhere = await quarry.api('GET', `/api/runs/run-0000000000000000/pictures/${name}`);
    expect(elsewhere.status).toBe(404);
    const unsigned = await fetch(`${quarry.url}${rotated.display}`);
    expect(unsigned.status).toBe(401);
  });

  it('marks each source read, seen or not seen, and flags missing and uncited lines', async () => {
    const check = first.citations as CitationCheck;
    const mark = (url: string) => check.sources.find((source) => source.url === url)?.mark;
    expect(mark(page('/a.html'))).toBe('read');
    expect(mark('http://www.example.com/alpha?q=cats')).toBe('seen');
    expect(mark(OTHER_HIT)).toBe('seen');
    expect(mark('https://invented.example/cats-study')).toBe('not-seen');
    const flags = check.flags.map((flag) => `${flag.kind} ${flag.n}`);
    expect(flags).toEqual(
      expect.arrayContaining(['not-seen 12', 'cited-without-source 13', `source-not-cited 2`]),
    );
    expect(flags.filter((flag) => flag.startsWith('number-mismatch'))).toEqual([]);
  });

  it('reports as JSON, Markdown and HTML, escaping what the agent and the pages wrote', async () => {
    const json = await quarry.api<RunReport>('GET', `/api/runs/${first.id}/report`);
    expect(json.status).toBe(200);
    report = json.body;
    expect(report).toMatchObject({ id: first.id, status: 'succeeded', agent: READING });
    const hit = report.sources.find((source) => source.url === 'http://www.example.com/alpha?q=cats')!;
    expect(hit).toMatchObject({ site: 'example.com', provider: 'alpha', icon: '/api/site-icon/example.com' });
    expect(report.budget.searches).toEqual({ used: 2, limit: 5 });
    expect(report.timings.finalizing_seconds).not.toBeNull();
    expect(report.pictures.filter((picture) => picture.display)).toHaveLength(3);

    const markdown = await fetch(`${quarry.url}/api/runs/${first.id}/report`, {
      headers: { authorization: `Bearer ${quarry.adminToken}`, accept: 'text/markdown' },
    });
    expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await markdown.text();
    expect(text).toContain(`](/api/runs/${first.id}/pictures/`);
    expect(text).toMatch(/\nSources:\n/);
    expect(text).toContain('12. [Invented](https://invented.example/cats-study) — **not seen by this run**');

    const page = await quarry.api<string>('GET', `/api/runs/${first.id}/report?format=html`);
    expect(page.status).toBe(200);
    const htmlText = page.body;
    expect(htmlText).toMatch(/^<!doctype html>/);
    expect(htmlText).not.toMatch(/<script/i);
    expect(htmlText).toContain('&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    expect(htmlText).toMatch(/<a class="chip flagged" href="#source-12"/);
    expect(htmlText).toMatch(/<li class="card flagged" id="source-12">/);
    expect(htmlText).toContain('class="gallery"');
    expect(htmlText).toContain('/api/site-icon/example.com');
    const bad = await quarry.api('GET', `/api/runs/${first.id}/report?format=pdf`);
    expect(bad.status).toBe(400);
  });

  it('as a page kept as a file (standalone): its pictures and icons inside it, no /api/ address', async () => {
    const created = await startRun({
      reads: [page('/h.html')],
      answer: [
        `Cats rest [{n:${page('/h.html')}}].`,
        '',
        `![A resting cat](${page('/own.jpg')})`,
        '',
        'Logs: [the run](/api/runs/run-0000000000000000/events).',
        '',
        'Sources:',
        `{n:${page('/h.html')}}. [A](${page('/h.html')})`,
      ].join('\n'),
    });
    const run = await quarry.finished(created.id);
    expect(run.status, run.reason ?? '').toBe('succeeded');
    const kept = run.pictures.find((picture) => picture.url === page('/own.jpg'))!;
    expect(kept.state).toBe('kept');

    // Served by Quarry, the page names the kept copies by their (relative) addresses.
    const served = (await quarry.api<string>('GET', `/api/runs/${run.id}/report?format=html`)).body;
    expect(served).toContain(`<img src="${kept.display!}" alt="A resting cat"`);
    expect(served).toContain(`src="${kept.thumbnail!}"`);

    const standalone = await quarry.api<string>(
      'GET',
      `/api/runs/${run.id}/report?format=html&standalone=true`,
    );
    expect(standalone.status).toBe(200);
    const file = standalone.body;
    // No relative address in any attribute: nothing in the file needs the server.
    expect(file).not.toMatch(/(?:src|href)="\/(?!\/)/);
    const displayBytes = readFileSync(join(quarry.dataDir, 'pictures', kept.display!.split('/').at(-1)!));
    const thumbnailBytes = readFileSync(join(quarry.dataDir, 'pictures', kept.thumbnail!.split('/').at(-1)!));
    // The picture the answer shows is its display copy, the gallery's its thumbnail, both inside the page.
    expect(file).toContain(
      `<img src="data:image/webp;base64,${displayBytes.toString('base64')}" alt="A resting cat"`,
    );
    expect(file).toContain(`src="data:image/webp;base64,${thumbnailBytes.toString('base64')}"`);
    // The site icons too, as the loopback icon site gave them.
    expect(file).toMatch(
      /<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="" width="12" height="12" \/>/,
    );
    expect(quarry.iconSite.hits.get('/favicon.ico')).toBeGreaterThanOrEqual(1);
    // An address of Quarry's the agent wrote means nothing in a file: it stays text.
    expect(file).toContain('Logs: [the run](/api/runs/run-0000000000000000/events).');
    expect(served).toContain('<a href="/api/runs/run-0000000000000000/events"');
    const bad = await quarry.api('GET', `/api/runs/${run.id}/report?format=html&standalone=maybe`);
    expect(bad.status).toBe(400);
  });

  it('keeps a picture two runs share once, and removes it with the last run that uses it', async () => {
    const created = await startRun({
      reads: [page('/a.html')],
      answer: `Rest [{n:${page('/a.html')}}].\n\nSources:\n{n:${page('/a.html')}}. [A](${page('/a.html')})`,
    });
    const second = await quarry.finished(created.id);
    expect(second.status).toBe('succeeded');
    const name = (view: RunView, url: string) =>
      view.pictures
        .find((picture) => picture.url === url)!
        .display!.split('/')
        .at(-1)!;
    const shared = name(second, page('/photo.jpg'));
    expect(shared).toBe(name(first, page('/photo.jpg')));
    const folder = join(quarry.dataDir, 'pictures');
    const onlyFirst = name(first, page('/rotated.jpg'));
    expect(existsSync(join(folder, shared))).toBe(true);

    await removeRun(quarry.system, first.id);
    expect(existsSync(join(folder, onlyFirst))).toBe(false);
    expect(existsSync(join(folder, shared))).toBe(true);
    const still = await fetch(`${quarry.url}${second.pictures[0]!.display}`, {
      headers: { authorization: `Bearer ${quarry.adminToken}` },
    });
    expect(still.status).toBe(200);
    await removeRun(quarry.system, second.id);
    expect(existsSync(join(folder, shared))).toBe(false);
  });
});
