// A run with Quarry's own researcher (the real `openai` runner) against a loopback Chat Completions
// fake: REST in, a worker process starts the researcher, the model asks for web_search three times
// though the run may make two, Quarry charges and records each call, the model is told the budget is
// spent, and the run still ends `succeeded` with a cited answer and the model's usage.
import { describe, expect, it } from 'vitest';
import type { RunView } from '../../src/research/run-view.ts';
import { researcherSuite } from './researcher-suite.ts';
import { statusMoves, toolEvents } from './run-harness.ts';

const suite = researcherSuite({ searches: 3, query: 'quic transport' }, { workerKey: 'sk-run-test-key' });

describe("a run with Quarry's researcher", { timeout: 60_000 }, () => {
  it('answers from what it could search once its budget is spent, every call recorded', async () => {
    const created = await suite.quarry.api<RunView>('POST', '/api/runs', {
      question: 'How does QUIC avoid head-of-line blocking?',
      agent: 'openai',
      budget: 2,
    });
    expect(created.status).toBe(201);
    const run = await suite.quarry.finished(created.body.id);
    expect(run.reason).toBeNull();
    expect(run).toMatchObject({ status: 'succeeded', agent: 'openai', budget: { used: 2, limit: 2 } });
    expect(run.answer).toMatch(/\[1\]/);
    expect(run.answer).toContain(
      'Sources:\n1. [alpha: quic transport](https://example.com/alpha?q=quic%20transport)',
    );
    expect(run.usage).toMatchObject({ input_tokens: expect.any(Number) });

    const events = await suite.quarry.events(created.body.id);
    expect(statusMoves(events)).toEqual(['queued', 'running', 'finalizing', 'succeeded']);
    const tools = toolEvents(events);
    expect(tools.map((tool) => tool.ok)).toEqual([true, true, false]);
    expect(tools[2]!.error).toBe("This run's 2 searches are used; answer from what you have.");
    // The model was offered Quarry's tools and nothing else, with the operator's key.
    for (const request of suite.models.mainRequests()) {
      expect([...request.tools].sort()).toEqual(['find_media', 'read_page', 'web_search']);
      expect(request.credential).toBe('sk-run-test-key');
    }
    // No key in what the run recorded.
    expect(JSON.stringify(events)).not.toContain('sk-run-test-key');
  });
});
