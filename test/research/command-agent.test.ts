// A run with the real `command` runner (src/research/agents/command.ts): a program that is an MCP
// client of its own gets the run's address and token, its search goes through the real queues and is
// recorded by Quarry, and its standard output becomes the answer. Cancelling the run stops the
// program and the process it started: nothing is left behind.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/research/run-events.ts';
import type { RunView } from '../../src/research/run-view.ts';
import { until } from '../queue/helpers.ts';
import { alive, startResearchQuarry, statusMoves, toolEvents, type ResearchQuarry } from './run-harness.ts';

const AGENT = `command:"${process.execPath} ${fileURLToPath(new URL('./fixtures/mcp-search-agent.mjs', import.meta.url))}"`;

let quarry: ResearchQuarry;

beforeAll(async () => {
  quarry = await startResearchQuarry();
  await quarry.startWorker();
}, 60_000);

afterAll(async () => {
  await quarry?.close();
});

function logs(events: RunEvent[]): string[] {
  return events.filter((event) => event.data.kind === 'log').map((event) => String(event.data.text));
}

describe('a run with the command runner', { timeout: 60_000 }, () => {
  it('ends succeeded with what the program printed, its search recorded on Quarry’s side', async () => {
    const created = await quarry.api<RunView>('POST', '/api/runs', {
      question: 'quic',
      agent: AGENT,
      budget: 3,
    });
    expect(created.status).toBe(201);
    const run = await quarry.finished(created.body.id);
    expect(run.reason).toBeNull();
    expect(run).toMatchObject({ status: 'succeeded', budget: { used: 1, limit: 3 } });
    expect(run.answer).toBe(
      'The answer, from one search [1].\n\nSources:\n1. [alpha: quic](https://example.com/alpha?q=quic)',
    );
    const events = await quarry.events(created.body.id);
    expect(statusMoves(events)).toEqual(['queued', 'running', 'finalizing', 'succeeded']);
    expect(toolEvents(events)).toMatchObject([
      { tool: 'web_search', arguments: { query: 'quic' }, ok: true },
    ]);
    expect(logs(events)).toContain('searched: https://example.com/alpha?q=quic');
  });

  it('is cancelled mid-run, and the program and its children are gone, one in a session of its own too', async () => {
    const created = await quarry.api<RunView>('POST', '/api/runs', { question: 'hold quic', agent: AGENT });
    let holding: RegExpExecArray | null = null;
    await until(
      async () => {
        holding =
          logs(await quarry.events(created.body.id))
            .map((line) => /^holding: pid (\d+) child (\d+) apart (\d+)$/.exec(line))
            .find(Boolean) ?? null;
        return holding !== null;
      },
      20_000,
      'the program to hold',
    );
    const [, program, child, apart] = holding!;
    expect(alive(Number(program))).toBe(true);
    expect(alive(Number(child))).toBe(true);
    expect(alive(Number(apart))).toBe(true);
    await quarry.api('POST', `/api/runs/${created.body.id}/cancel`);
    const run = await quarry.finished(created.body.id);
    expect(run).toMatchObject({ status: 'cancelled', reason: 'Cancelled by an operator.' });
    await until(
      () => !alive(Number(program)) && !alive(Number(child)) && !alive(Number(apart)),
      10_000,
      'the processes to end',
    );
  });
});
