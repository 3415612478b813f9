// `quarry runs report ID` as an operator types it: a separate process asking the server's REST API
// for the report of a run a real worker process ran with the scripted agent.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/research/run-report.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { runQuarry } from '../quarry-process.ts';
import { startResearchQuarry, type ResearchQuarry } from './run-harness.ts';

let quarry: ResearchQuarry;
let environment: Record<string, string>;
let runId: string;

beforeAll(async () => {
  quarry = await startResearchQuarry();
  await quarry.startWorker();
  environment = {
    QUARRY_URL: quarry.url,
    QUARRY_ADMIN_TOKEN: quarry.adminToken,
    QUARRY_SETTINGS: 'none',
    QUARRY_DATA_DIR: quarry.dataDir,
    LOG_LEVEL: 'silent',
  };
  const created = await quarry.api<RunView>('POST', '/api/runs', {
    agent: 'command:"scripted"',
    question: 'What is <b>QUIC</b>?',
    budget: 3,
    options: { searches: ['quic'], answer: 'QUIC is a transport <script>alert(1)</script>' },
  });
  runId = created.body.id;
  expect((await quarry.finished(runId)).status).toBe('succeeded');
}, 60_000);

afterAll(async () => {
  await quarry?.close();
});

describe('quarry runs report', { timeout: 60_000 }, () => {
  it('prints the Markdown report with its checked Sources', async () => {
    const result = await runQuarry(['runs', 'report', runId], environment);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^# What is <b>QUIC<\/b>\?\n/);
    expect(result.stdout).toContain('Sources:\n1. [alpha: quic](https://example.com/alpha?q=quic)\n');
  });

  it('writes the HTML page to a file, the answer escaped, with nothing it needs left on the server', async () => {
    const output = join(quarry.dataDir, 'report.html');
    const result = await runQuarry(
      ['runs', 'report', runId, '--format', 'html', '--output', output],
      environment,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Wrote ${runId}'s report (html) to ${output}.`);
    const page = readFileSync(output, 'utf8');
    expect(page).toContain('QUIC is a transport &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('<h1>What is &lt;b&gt;QUIC&lt;/b&gt;?</h1>');
    expect(page).not.toMatch(/<script|<b>/);
    // Standalone: the source's site icon is inside the page, no address is relative to the server.
    expect(page).not.toMatch(/(?:src|href)="\/(?!\/)/);
    expect(page).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="" \/>/);
  });

  it('prints JSON, and says what to change for a bad format or an unknown run', async () => {
    const json = await runQuarry(['runs', 'report', runId, '--format', 'json'], environment);
    const report = JSON.parse(json.stdout) as RunReport;
    expect(report.sources).toMatchObject([{ n: 1, mark: 'seen', site: 'example.com', provider: 'alpha' }]);
    const bad = await runQuarry(['runs', 'report', runId, '--format', 'pdf'], environment);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--format takes md, html or json/);
    const missing = await runQuarry(['runs', 'report', 'run-0000000000000000'], environment);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/run-0000000000000000/);
  });

  it('refuses a base_url that is not a plain server address, saying what it takes', async () => {
    for (const baseUrl of ['javascript:alert(1)', 'http://127.0.0.1:8787/?next=1', 'not an address']) {
      const answer = await quarry.api<{ problems: Array<{ field: string; message: string }> }>(
        'GET',
        `/api/runs/${runId}/report?format=md&base_url=${encodeURIComponent(baseUrl)}`,
      );
      expect(answer.status, baseUrl).toBe(400);
      expect(answer.body.problems).toEqual([
        {
          field: 'base_url',
          message: expect.stringMatching(/^base_url is the server's address, http or https/),
        },
      ]);
    }
    const given = await quarry.api<string>(
      'GET',
      `/api/runs/${runId}/report?format=md&base_url=${encodeURIComponent('https://quarry.example.org/')}`,
    );
    expect(given.status).toBe(200);
    expect(given.body).toMatch(/^# What is <b>QUIC<\/b>\?\n/);
  });
});
