// find_media's pictures through a whole run: Quarry's researcher (the real `openai` runner in a real
// worker process, against the loopback Chat Completions fake) searches once, then calls find_media
// for two things. find_media's `media` jobs ask a loopback Wikipedia (recorded page summaries from
// ../shared/corpora, their pictures pointed at a loopback picture host serving real pictures made
// with sharp). When the researcher answers, the run's finalize flow keeps those pictures (a display
// copy and a thumbnail in WebP, named by their content's hash), and the report's pictures point at
// the kept copies with the original addresses beside them. Loopback fetches are allowed the way an
// operator allows a private host: QUARRY_FETCH_ALLOW.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/research/run-report.ts';
import { getRun } from '../../src/research/run-store.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { runQuarry } from '../quarry-process.ts';
import { photo, startPictureHost, type PictureHost } from './picture-host.ts';
import { researcherSuite } from './researcher-suite.ts';
import { statusMoves, toolEvents } from './run-harness.ts';

const WIKIPEDIA_FIXTURES = fileURLToPath(
  new URL('../../../shared/corpora/media-fixtures/wikipedia/', import.meta.url),
);

let host: PictureHost;

/**
 * Serves a recorded page summary (read from ../shared, never copied) as the loopback Wikipedia's
 * summary of `title`, its pictures pointed at the loopback host's `original` and `thumbnail`.
 */
function serveSummary(title: string, file: string, original: string, thumbnail: string): void {
  const summary = JSON.parse(readFileSync(join(WIKIPEDIA_FIXTURES, file), 'utf8')) as {
    originalimage: { source: string };
    thumbnail: { source: string };
  };
  summary.originalimage.source = `${host.url}${original}`;
  summary.thumbnail.source = `${host.url}${thumbnail}`;
  host.serve(`/api/rest_v1/page/summary/${title}`, JSON.stringify(summary), 'application/json');
}

beforeAll(async () => {
  host = await startPictureHost();
  host.serve('/tokyo.jpg', await photo(2560, 1364), 'image/jpeg');
  host.serve('/tokyo-320.jpg', await photo(320, 170), 'image/jpeg');
  host.serve('/canis.png', await photo(685, 702, 'png'), 'image/png');
  host.serve('/canis-330.png', await photo(330, 338, 'png'), 'image/png');
  serveSummary('Tokyo', 'summary_standard_image_Tokyo_2018.json', '/tokyo.jpg', '/tokyo-320.jpg');
  serveSummary(
    'Canis_lepophagus',
    'summary_standard_image_CanisLepophagus_2025.json',
    '/canis.png',
    '/canis-330.png',
  );
}, 60_000);

afterAll(async () => {
  await host?.close();
});

// Started after the loopback Wikipedia above, and stopped before it.
const suite = researcherSuite(
  { searches: 1, query: 'tokyo and its wildlife', findMedia: ['Tokyo', 'Canis lepophagus'] },
  {
    settings: () => ({ QUARRY_FETCH_ALLOW: '127.0.0.1', QUARRY_WIKIPEDIA_URL: host.url }),
    workerKey: 'sk-media-test-key',
  },
);

describe("find_media's pictures through a run's end", { timeout: 90_000 }, () => {
  it('are kept (display and thumbnail WebP, content-hash names) and the report points at the copies', async () => {
    const created = await suite.quarry.api<RunView>('POST', '/api/runs', {
      question: 'What does Tokyo look like, and which canid lived before wolves?',
      agent: 'openai',
      budget: 2,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const runId = created.body.id;
    const run = await suite.quarry.finished(runId);
    expect(run.reason).toBeNull();
    expect(run.status).toBe('succeeded');

    const events = await suite.quarry.events(runId);
    expect(statusMoves(events)).toEqual(['queued', 'running', 'finalizing', 'succeeded']);
    expect(toolEvents(events).map((tool) => [tool.tool, tool.ok])).toEqual([
      ['web_search', true],
      ['find_media', true],
    ]);
    // The researcher was given find_media and passed its answer on to the model.
    const mediaResult = suite.models
      .mainRequests()
      .flatMap((request) => (request.body.messages as Array<{ role: string; content: unknown }>) ?? [])
      .filter((message) => message.role === 'tool')
      .map((message) => String(message.content))
      .find((content) => content.includes(`${host.url}/tokyo.jpg`));
    expect(mediaResult).toBeDefined();

    // Each picture find_media gave the run is kept, from its original address.
    expect(run.pictures).toHaveLength(2);
    expect(run.pictures.map((picture) => picture.display)).toEqual(
      run.pictures.map(() =>
        expect.stringMatching(new RegExp(`^/api/runs/${runId}/pictures/[0-9a-f]{32}\\.webp$`)),
      ),
    );
    // The record keeps each copy's name and size.
    const record = (await getRun(suite.quarry.system, runId))!;
    const byItem = new Map(record.pictures!.map((picture) => [picture.item, picture]));
    const tokyo = byItem.get('Tokyo')!;
    const canis = byItem.get('Canis lepophagus')!;
    expect(tokyo).toMatchObject({ url: `${host.url}/tokyo.jpg`, source: 'find_media', state: 'kept' });
    expect(canis).toMatchObject({ url: `${host.url}/canis.png`, source: 'find_media', state: 'kept' });
    expect(tokyo.page).toBe('https://en.wikipedia.org/wiki/Tokyo');
    expect(host.hits.get('/tokyo.jpg')).toBeGreaterThanOrEqual(1);
    expect(host.hits.get('/canis.png')).toBeGreaterThanOrEqual(1);

    for (const [picture, original] of [
      [tokyo, { width: 2560, height: 1364 }],
      [canis, { width: 685, height: 702 }],
    ] as const) {
      expect(picture.original).toMatchObject({ ...original });
      for (const [copy, longest] of [
        [picture.display!, 1600],
        [picture.thumbnail!, 400],
      ] as const) {
        expect(copy.name).toMatch(/^[0-9a-f]{32}\.webp$/);
        // The copy is in the picture store under its name, and Quarry serves it.
        expect(existsSync(join(suite.quarry.dataDir, 'pictures', copy.name))).toBe(true);
        const served = await fetch(`${suite.quarry.url}/api/runs/${runId}/pictures/${copy.name}`, {
          headers: { authorization: `Bearer ${suite.quarry.adminToken}` },
        });
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        const bytes = Buffer.from(await served.arrayBuffer());
        const metadata = await sharp(bytes).metadata();
        expect(metadata.format).toBe('webp');
        expect(Math.max(metadata.width!, metadata.height!)).toBe(
          Math.min(longest, Math.max(original.width, original.height)),
        );
        expect({ width: metadata.width, height: metadata.height }).toEqual({
          width: copy.width,
          height: copy.height,
        });
      }
    }
    // The names are the content's hash: two different pictures, four different copies.
    const names = [tokyo, canis].flatMap((picture) => [picture.display!.name, picture.thumbnail!.name]);
    expect(new Set(names).size).toBe(4);

    // The report's pictures point at the kept copies, with the original addresses beside them.
    const report = (await suite.quarry.api<RunReport>('GET', `/api/runs/${runId}/report?format=json`)).body;
    const reported = new Map(report.pictures.map((picture) => [picture.url, picture]));
    expect(reported.get(`${host.url}/tokyo.jpg`)).toMatchObject({
      source: 'find_media',
      item: 'Tokyo',
      state: 'kept',
      display: { url: `/api/runs/${runId}/pictures/${tokyo.display!.name}` },
      thumbnail: { url: `/api/runs/${runId}/pictures/${tokyo.thumbnail!.name}` },
    });
    expect(reported.get(`${host.url}/canis.png`)).toMatchObject({
      display: { url: `/api/runs/${runId}/pictures/${canis.display!.name}` },
    });
    const markdown = (await suite.quarry.api<string>('GET', `/api/runs/${runId}/report?format=md`)).body;
    expect(markdown).toContain('## Pictures');
    expect(markdown).toContain(
      `[![Tokyo](/api/runs/${runId}/pictures/${tokyo.thumbnail!.name})](/api/runs/${runId}/pictures/${tokyo.display!.name})`,
    );
    expect(markdown).toContain(`<${host.url}/tokyo.jpg>`);

    /** `npx quarry runs report ID --format FORMAT --output FILE`, as an operator types it: the file. */
    const keptReport = async (format: 'md' | 'html'): Promise<string> => {
      const file = join(suite.quarry.dataDir, `kept-report.${format}`);
      const written = await runQuarry(['runs', 'report', runId, '--format', format, '--output', file], {
        QUARRY_URL: suite.quarry.url,
        QUARRY_ADMIN_TOKEN: suite.quarry.adminToken,
        QUARRY_SETTINGS: 'none',
        QUARRY_DATA_DIR: suite.quarry.dataDir,
        LOG_LEVEL: 'silent',
      });
      expect(written.code, written.stderr).toBe(0);
      return readFileSync(file, 'utf8');
    };

    // The Markdown report kept as a file (`npx quarry runs report ID --format md --output FILE`) names
    // its pictures by the server the command talked to: no relative /api/ address is left in it.
    const keptMarkdown = await keptReport('md');
    const picturesAt = `${suite.quarry.url}/api/runs/${runId}/pictures`;
    expect(keptMarkdown).toContain(
      `[![Tokyo](${picturesAt}/${tokyo.thumbnail!.name})](${picturesAt}/${tokyo.display!.name})`,
    );
    expect(keptMarkdown).not.toMatch(/\]\(\/(?!\/)/);
    expect(keptMarkdown.replaceAll(`${suite.quarry.url}/api/`, '')).not.toContain('/api/');
    // The same but for the addresses, and they answer the operator with the kept copy.
    expect(keptMarkdown.replaceAll(suite.quarry.url, '')).toBe(markdown);
    const picture = await fetch(`${picturesAt}/${tokyo.display!.name}`, {
      headers: { authorization: `Bearer ${suite.quarry.adminToken}` },
    });
    expect(picture.status).toBe(200);

    // The HTML report kept as a file (`npx quarry runs report ID --format html --output FILE`) needs
    // no server: no relative /api/ address in it, every picture and icon inside it, and each one an image.
    const page = await keptReport('html');
    expect(page).not.toMatch(/(?:src|href)="\/(?!\/)/);
    expect(page).not.toContain('/api/');
    const sources = [...page.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/g)].map((match) => match[1]!);
    // Two gallery thumbnails, and the icon of each source card and citation chip.
    expect(sources.length).toBeGreaterThanOrEqual(2 + 2 * report.sources.length);
    const thumbnails = new Set<string>();
    for (const source of sources) {
      const data = /^data:(image\/(?:webp|png));base64,([A-Za-z0-9+/=]+)$/.exec(source);
      expect(data, source.slice(0, 60)).not.toBeNull();
      const metadata = await sharp(Buffer.from(data![2]!, 'base64')).metadata();
      expect(metadata.format).toBe(data![1] === 'image/webp' ? 'webp' : 'png');
      if (metadata.format === 'webp') thumbnails.add(data![2]!);
    }
    // The thumbnails are the kept copies themselves.
    for (const picture of [tokyo, canis]) {
      const kept = readFileSync(join(suite.quarry.dataDir, 'pictures', picture.thumbnail!.name)).toString(
        'base64',
      );
      expect(thumbnails.has(kept)).toBe(true);
    }
    // A thumbnail links to where its picture came from; the source cards to their pages.
    expect(page).toContain(`<a href="${host.url}/tokyo.jpg" rel="noopener noreferrer nofollow"`);
    expect(page).toContain('href="https://example.com/alpha?q=tokyo%20and%20its%20wildlife"');
  });
});
