// A run's agent options are checked by the runner that takes them, with one kind of error for all.
import type { z } from 'zod';
import { AgentRunError } from './agent-runner.ts';

/** `options` read by `schema`; anything wrong is an AgentRunError 'invalid' naming the option and what it takes. */
export function parseAgentOptions<Schema extends z.ZodType>(
  agentName: string,
  schema: Schema,
  options: Record<string, unknown>,
): z.output<Schema> {
  const parsed = schema.safeParse(options);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return `${issue.keys.join(', ')} ${issue.keys.length === 1 ? 'is' : 'are'} not an option of ${agentName}`;
    }
    const path = issue.path.join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  throw new AgentRunError(
    'invalid',
    `${agentName}'s options are wrong: ${problems.join('; ')}. Fix the run's "options".`,
  );
}
