// Any program as a run's agent: `command:"./my-agent --fast"`. It gets Quarry's MCP address, the
// run's token and the question in its environment and a Claude-style MCP config file, the question
// also as its last argument; what it prints on standard output is the answer.
import { createInterface } from 'node:readline';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { agentEnvironment, startAgentProcess, summarize, withoutSecrets } from './agent-process.ts';
import { parseAgentOptions } from './agent-options.ts';
import { AgentRunError, type AgentOutcome, type AgentRunInput, type AgentRunner } from './agent-runner.ts';
import { checkQuarryReachable } from './quarry-mcp-client.ts';

/**
 * More of Quarry's environment a command may see, by name, comma-separated (its own model key, say):
 * the operator chooses, since Quarry's environment also holds Quarry's own keys.
 */
export const COMMAND_PASS_ENV_SETTING = 'QUARRY_COMMAND_PASS_ENV';
/** The most of standard output kept as the answer: a report, not a dump. */
const ANSWER_LIMIT_CHARACTERS = 1_000_000;

const optionsSchema = z.object({}).strict();

/** The runner for one command line, run by `/bin/sh -c` so the operator may write it as in a shell. */
export function commandAgent(commandLine: string): AgentRunner {
  return {
    kind: 'command',
    name: `The command "${commandLine}"`,
    async run(input: AgentRunInput): Promise<AgentOutcome> {
      parseAgentOptions('A command agent', optionsSchema, input.options);
      const onEvent = withoutSecrets(input.onEvent, [input.mcp.token]);
      // A program may not say that Quarry refused it: check the token first, so such a run fails with the reason.
      await checkQuarryReachable(input.mcp, `The command "${commandLine}"`);
      const mcpConfig = join(input.homeDir, 'quarry-mcp.json');
      await writeFile(
        mcpConfig,
        JSON.stringify({
          mcpServers: {
            quarry: {
              type: 'http',
              url: input.mcp.url,
              headers: { Authorization: `Bearer ${input.mcp.token}` },
            },
          },
        }),
        { mode: 0o600 },
      );
      const passed = (input.environment[COMMAND_PASS_ENV_SETTING] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const agent = await startAgentProcess({
        agentName: `The command "${commandLine}"`,
        command: '/bin/sh',
        // `"$@"` hands the question over as one argument, whatever it holds.
        args: ['-c', `${commandLine} "$@"`, 'quarry-agent', input.question],
        commandSetting: 'the run\'s agent (command:"...")',
        cwd: input.workDir,
        env: agentEnvironment(input.environment, input.homeDir, {
          ...Object.fromEntries(passed.map((name) => [name, input.environment[name]])),
          QUARRY_RUN_ID: input.runId,
          QUARRY_MCP_URL: input.mcp.url,
          QUARRY_MCP_TOKEN: input.mcp.token,
          QUARRY_MCP_CONFIG: mcpConfig,
          QUARRY_QUESTION: input.question,
          QUARRY_MODEL: input.model,
          QUARRY_MAX_TURNS: input.maxTurns === undefined ? undefined : String(input.maxTurns),
        }),
      });
      let cancelled = false;
      const onAbort = () => {
        cancelled = true;
        void agent.stop();
      };
      if (input.signal.aborted) onAbort();
      input.signal.addEventListener('abort', onAbort, { once: true });

      let answer = '';
      agent.child.stdout!.setEncoding('utf8');
      agent.child.stdout!.on('data', (chunk: string) => {
        if (answer.length < ANSWER_LIMIT_CHARACTERS) answer += chunk;
      });
      // What it says on standard error is its progress: each line an event.
      createInterface({ input: agent.child.stderr!, crlfDelay: Infinity }).on('line', (line) => {
        if (line.trim()) onEvent({ type: 'log', text: summarize(line, 1_000) });
      });

      const exit = await agent.exited;
      input.signal.removeEventListener('abort', onAbort);
      if (cancelled) {
        throw new AgentRunError(
          'cancelled',
          `The command "${commandLine}" was stopped: the run was cancelled or ran out of time.`,
        );
      }
      if (exit.code !== 0) {
        const tail = withoutSecretsText(exit.stderrTail, input.mcp.token);
        throw new AgentRunError(
          'agent-failed',
          `The command "${commandLine}" failed (${exit.signal ?? `exit ${exit.code}`}): ${tail ? tail.split('\n').slice(-5).join(' / ') : 'it wrote nothing on standard error'}`,
        );
      }
      const text = answer.slice(0, ANSWER_LIMIT_CHARACTERS).trim();
      if (!text) {
        throw new AgentRunError(
          'agent-failed',
          `The command "${commandLine}" ended without an answer: it must print the answer on standard output.`,
        );
      }
      onEvent({ type: 'message', text });
      return { answer: text };
    },
  };
}

function withoutSecretsText(text: string, secret: string): string {
  return secret ? text.split(secret).join('[hidden]') : text;
}
