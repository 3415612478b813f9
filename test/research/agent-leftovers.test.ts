// A worker SIGKILLed mid-run cannot stop its agent: the agent's process group (detached, so a stop
// reaches its children) outlives the worker. The run's next attempt kills what is left before it
// starts again: every process on the host that carries the run's id, in the agent's group or in a
// session of its own, and nothing else, so a reused process or group id is never killed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenStore } from '../../src/mcp/tokens.ts';
import { killLeftoverAgentProcesses, RUN_ID_VARIABLE } from '../../src/research/agents/agent-process.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { getRun } from '../../src/research/run-store.ts';
import { until } from '../queue/helpers.ts';
import { alive, killWorker, startResearchQuarry, statusMoves, type ResearchQuarry } from './run-harness.ts';

const AGENT = `command:"${process.execPath} ${fileURLToPath(new URL('./fixtures/mcp-search-agent.mjs', import.meta.url))}"`;

let quarry: ResearchQuarry | undefined;
const started: number[] = [];

afterEach(async () => {
  await quarry?.close();
  quarry = undefined;
  for (const pid of started.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** The `holding: pid P child C apart A` lines the fixture agent wrote, one per attempt. */
async function holdings(runId: string): Promise<Array<{ program: number; child: number; apart: number }>> {
  return (await quarry!.events(runId))
    .filter((event) => event.data.kind === 'log')
    .map((event) => /^holding: pid (\d+) child (\d+) apart (\d+)$/.exec(String(event.data.text)))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ program: Number(match[1]), child: Number(match[2]), apart: Number(match[3]) }));
}

describe("a SIGKILLed worker's agent", { timeout: 90_000 }, () => {
  it('is killed, its children too (one in a session of its own), when the run is picked up again, before the next attempt starts', async () => {
    quarry = await startResearchQuarry({ QUARRY_RUN_ATTEMPTS: '2' });
    const first = await quarry.startWorker();
    const created = await quarry.api<RunView>('POST', '/api/runs', { question: 'hold quic', agent: AGENT });
    expect(created.status).toBe(201);
    const runId = created.body.id;
    await until(async () => (await holdings(runId)).length === 1, 20_000, 'the first attempt to hold');
    const [old] = await holdings(runId);
    const record = await getRun(quarry.system, runId);
    expect(record?.agentProcesses?.groups).toHaveLength(1);

    await killWorker(first);
    // Nothing stopped them: the worker had no chance to.
    expect(alive(old!.program)).toBe(true);
    expect(alive(old!.child)).toBe(true);
    expect(alive(old!.apart)).toBe(true);

    await quarry.startWorker();
    await until(async () => (await holdings(runId)).length === 2, 30_000, 'the second attempt to hold');
    // The old attempt's program and children are gone, the new attempt's are running.
    expect(alive(old!.program)).toBe(false);
    expect(alive(old!.child)).toBe(false);
    expect(alive(old!.apart)).toBe(false);
    const [, again] = await holdings(runId);
    expect(alive(again!.program)).toBe(true);
    expect(alive(again!.apart)).toBe(true);
    const retried = await getRun(quarry.system, runId);
    expect(retried?.tokenHash).not.toBe(record?.tokenHash);
    expect(retried?.agentProcesses?.groups).not.toEqual(record?.agentProcesses?.groups);
    // The old attempt's token was revoked when the run was picked up again: only the new one is left.
    const listed = await new TokenStore(quarry.system.connection, quarry.system.prefix).list();
    const runTokens = listed.filter((token) => token.runId === runId).map((token) => token.id);
    expect(runTokens).toHaveLength(1);
    expect(retried!.tokenHash!.startsWith(runTokens[0]!)).toBe(true);

    await quarry.api('POST', `/api/runs/${runId}/cancel`);
    expect(await quarry.finished(runId)).toMatchObject({ status: 'cancelled' });
    expect(statusMoves(await quarry.events(runId))).toEqual([
      'queued',
      'running',
      'interrupted',
      'running',
      'cancelled',
    ]);
    await until(
      () => !alive(again!.program) && !alive(again!.child) && !alive(again!.apart),
      10_000,
      'the second attempt to end',
    );
  });

  it('kills only processes that carry the run id, never a stranger or another run', async () => {
    const hold = ['-e', 'setInterval(() => {}, 1000)'];
    const stranger = spawn(process.execPath, hold, { detached: true, stdio: 'ignore' });
    const ours = spawn(process.execPath, hold, {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, [RUN_ID_VARIABLE]: 'run-00000000000000aa' },
    });
    started.push(stranger.pid!, ours.pid!);
    await until(() => alive(stranger.pid!) && alive(ours.pid!), 5_000, 'both to start');

    // Another run's id is not ours.
    expect(await killLeftoverAgentProcesses('run-00000000000000bb')).toEqual([]);
    expect(alive(ours.pid!)).toBe(true);
    // Our run's process is found wherever it is; the stranger carries no run id and is left alone.
    expect(await killLeftoverAgentProcesses('run-00000000000000aa')).toEqual([ours.pid]);
    await until(() => !alive(ours.pid!), 5_000, 'our process to end');
    expect(alive(stranger.pid!)).toBe(true);
  });
});
