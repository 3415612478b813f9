// `quarry run` and `quarry runs ...` as an operator types them: separate processes talking to the
// server's REST API, a real worker process running the scripted agent behind it.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '../../src/research/run-view.ts';
import { runQuarry } from '../quarry-process.ts';
import { startResearchQuarry, type ResearchQuarry } from './run-harness.ts';

let quarry: ResearchQuarry;
let environment: Record<string, string>;

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
}, 60_000);

afterAll(async () => {
  await quarry?.close();
});

const SCRIPTED = 'command:"scripted"';

describe('quarry run', { timeout: 60_000 }, () => {
  it('follows a run live and ends with the answer and the pages it cites, exiting 0', async () => {
    const result = await runQuarry(
      [
        'run',
        'What is QUIC?',
        '--agent',
        SCRIPTED,
        '--budget',
        '4',
        '--option',
        'searches=["quic", "quic streams"]',
        '--option',
        'answer=QUIC is a transport',
        '--follow',
      ],
      environment,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^run-[0-9a-f]{16}: What is QUIC\?$/);
    expect(result.stdout).toMatch(/── running\n/);
    expect(result.stdout).toMatch(/web_search "quic" → alpha, 1 result {2}\[█████░{15}\] 1\/4 {2}\d+ ms/);
    expect(result.stdout).toMatch(/web_search "quic streams" → alpha, 1 result {2}\[██████████░{10}\] 2\/4/);
    expect(result.stdout).toMatch(/── succeeded\n/);
    expect(result.stdout).toContain('QUIC is a transport [1].');
    expect(result.stdout).toContain(
      'Sources this run saw:\n[1] alpha: quic https://example.com/alpha?q=quic\n',
    );
  });

  it('prints the final record with --json, and exits 1 when the run did not succeed', async () => {
    const result = await runQuarry(
      ['run', 'Doomed', '--agent', SCRIPTED, '--option', 'fail=The model said no.', '--json'],
      environment,
    );
    expect(result.code).toBe(1);
    const run = JSON.parse(result.stdout) as RunView;
    expect(run).toMatchObject({
      status: 'failed',
      reason: 'agent-failed: The model said no.',
      question: 'Doomed',
    });
  });

  it('says which flag is wrong and what it takes', async () => {
    const agent = await runQuarry(['run', 'q', '--agent', 'gemini'], environment);
    expect(agent.code).not.toBe(0);
    expect(agent.code).toBe(2);
    expect(agent.stderr).toContain('There is no agent "gemini": use one of claude-code, codex');
    const limit = await runQuarry(['run', 'q', '--agent', SCRIPTED, '--time-limit', 'soon'], environment);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain('--time-limit takes a duration such as 30m');
  });

  it('says when the server does not answer', async () => {
    // A loopback port nothing listens on: taken, then let go.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const result = await runQuarry(['runs', 'list'], {
      ...environment,
      QUARRY_URL: `http://127.0.0.1:${port}`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Quarry's server does not answer at http://127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port}): start it (npm start) or point QUARRY_URL at it.\n`,
    );
  });
});

describe('quarry runs', { timeout: 120_000 }, () => {
  it('lists, shows, prints the events of and cancels runs', async () => {
    const started = await runQuarry(
      ['run', 'Held', '--agent', SCRIPTED, '--option', 'hold=true'],
      environment,
    );
    expect(started.code).toBe(0);
    const runId = started.stdout.trim();
    expect(runId).toMatch(/^run-[0-9a-f]{16}$/);
    expect(started.stderr).toContain(`npx quarry runs events ${runId} --follow`);

    const listed = await runQuarry(['runs', 'list', '--json'], environment);
    expect((JSON.parse(listed.stdout) as { runs: RunView[] }).runs.map((run) => run.id)).toContain(runId);

    const cancelled = await runQuarry(['runs', 'cancel', runId, '--json'], environment);
    expect(cancelled.code).toBe(0);
    const run = await quarry.finished(runId);
    expect(run.status).toBe('cancelled');

    const shown = await runQuarry(['runs', 'show', runId], environment);
    expect(shown.stdout).toContain(`${runId}  cancelled  ${SCRIPTED}`);
    expect(shown.stdout).toContain('reason:   Cancelled by an operator.');

    const events = await runQuarry(['runs', 'events', runId, '--follow'], environment);
    expect(events.code).toBe(0);
    expect(events.stdout).toMatch(
      /── queued\n.*── running\n.*agent: holding until stopped\n.*── cancelled: Cancelled by an operator\.\n$/s,
    );

    const missing = await runQuarry(['runs', 'show', 'run-0000000000000000'], environment);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^No run has the id run-0000000000000000/);
  });
});
