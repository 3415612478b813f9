// The bad-input scenario, short: a few hundred fuzzed inputs at every door (MCP tool arguments, REST
// bodies, CLI flags, provider answers). The server stays up and answers /healthz, and every property
// holds: no fault (each fault it found is fixed, with its own test in bad-input-fixes.test.ts).
import { describe, expect, it } from 'vitest';
import { runBadInput, type Fault } from '../../bench/reliability-bad-input.ts';
import { REDIS_URL } from '../queue/helpers.ts';

describe('reliability: bad input at every door', () => {
  it('keeps the server up, answers each input with the right kind of error, naming what to change', async () => {
    const faults: Fault[] = [];
    const figures = await runBadInput(
      { redisUrl: REDIS_URL, log: () => undefined },
      { mcpCases: 200, restCases: 200, cliCases: 4, providerCases: 200 },
      faults,
    );
    expect(figures.server_alive).toBe(true);
    expect(figures.health_failures).toBe(0);
    expect(faults.slice(0, 5), `seed ${figures.seed}`).toEqual([]);
    // Both kinds of answer were seen: the doors do not refuse everything.
    expect(figures.mcp_results).toBeGreaterThan(0);
    expect(figures.mcp_tool_errors).toBeGreaterThan(0);
    expect(figures.rest_answered_4xx).toBeGreaterThan(0);
    expect(figures.provider_search_errors).toBeGreaterThan(0);
  }, 300_000);
});
