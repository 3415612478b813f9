// The tools tell expected failures by their class, never by a name string: an error that only carries
// the name (another library's, or one a worker wrote in a message) is not taken for a budget or an
// argument problem, and the real classes (rebuilt from job data by errorFromData) are.
import { describe, expect, it } from 'vitest';
import { createFindMediaTool } from '../../src/mcp/find-media-tool.ts';
import { CitationNumbers } from '../../src/mcp/citation-numbers.ts';
import type { ToolBackends } from '../../src/mcp/tool-backends.ts';
import { ToolArgumentError, ToolFailure, type ToolCallContext } from '../../src/mcp/tool-definition.ts';
import { createWebSearchTool } from '../../src/mcp/web-search-tool.ts';
import { FindMediaInputError } from '../../src/media/find-media.ts';
import { RunBudgetExhaustedError } from '../../src/queue/budgets.ts';
import { errorAsData, errorFromData } from '../../src/queue/job-result.ts';

function context(): ToolCallContext {
  return {
    agentKind: 'other',
    mode: 'normal',
    grant: { mode: 'normal' },
    signal: new AbortController().signal,
    citations: new CitationNumbers(),
    progress: async () => undefined,
  };
}

/** An error that merely says it is of the class `name`. */
function impostor(name: string): Error {
  return Object.assign(new Error(`an unrelated failure calling itself ${name}`), { name });
}

function searchingWith(failure: Error) {
  const backends: ToolBackends = {
    search: () => Promise.reject(failure),
    read: () => Promise.reject(new Error('not used')),
    providerIds: () => ['alpha'],
  };
  return createWebSearchTool(backends);
}

describe('tool error matching', () => {
  it('web_search turns a run budget error (rebuilt from job data) into a tool failure, and only that class', async () => {
    const spent = errorFromData(errorAsData(new RunBudgetExhaustedError('run-1', 'searches', 3, 3))!);
    const answered = searchingWith(spent).run({ query: 'otters' } as never, context());
    await expect(answered).rejects.toBeInstanceOf(ToolFailure);
    await expect(answered).rejects.toThrow(spent.message);

    const unrelated = impostor('RunBudgetExhaustedError');
    const passedOn = searchingWith(unrelated).run({ query: 'otters' } as never, context());
    await expect(passedOn).rejects.toBe(unrelated);
  });

  it('find_media turns its own input error into an argument error, and only that class', async () => {
    const input = new FindMediaInputError("find_media's arguments are not valid:\n- items: required");
    const refused = createFindMediaTool(() => Promise.reject(input)).run({ items: [] } as never, context());
    await expect(refused).rejects.toBeInstanceOf(ToolArgumentError);

    const unrelated = impostor('FindMediaInputError');
    const passedOn = createFindMediaTool(() => Promise.reject(unrelated)).run(
      { items: [] } as never,
      context(),
    );
    await expect(passedOn).rejects.toBe(unrelated);
  });
});
