// `quarry mcp --stdio`: the MCP server on standard input and output, for agents that start their tools
// as a process. It uses the same queues and Redis as the HTTP server; workers run wherever
// `npm start` or `npm run worker` runs (or in this process with --workers).
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Command, InvalidArgumentError } from 'commander';
import { buildConfig, readConfigSources } from '../config.ts';
import { AGENT_KINDS, isAgentKind } from '../mcp/agent-kind.ts';
import { createMcpServer } from '../mcp/create-mcp-server.ts';
import { tokenStoreFor } from '../mcp/issue-token.ts';
import { queueToolBackends } from '../mcp/queue-backends.ts';
import { createQuarryTools } from '../mcp/quarry-tools.ts';
import { newRunId } from '../mcp/token-request.ts';
import type { SessionGrant } from '../mcp/session-grant.ts';
import { runBudget, setRunBudget } from '../queue/budgets.ts';
import { createLogger } from '../queue/logger.ts';
import { getRun } from '../research/run-store.ts';
import { recordRunToolCalls } from '../research/tool-call-events.ts';
import { defaultProcessors, warmUpWhenReading } from './compose.ts';
import { startWorkers } from '../workers/start-workers.ts';
import { EXIT_BAD_INPUT } from './exit-codes.ts';
import { liveQueueSystemWithSettingsOrFail } from './queue-system-or-fail.ts';
import { typedWholeNumber } from './typed-number.ts';

interface McpFlags {
  stdio?: boolean;
  token?: string;
  deep?: boolean;
  run?: string;
  budget?: number;
  agent?: string;
  workers?: boolean;
}

/** Says what is wrong with the input on standard error (standard output is the protocol's) and stops. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(EXIT_BAD_INPUT);
}

function wholeNumber(value: string): number {
  const number = typedWholeNumber(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError('--budget takes a whole number of searches, such as 40.');
  return number;
}

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('Serve the MCP tools on stdin/stdout (the HTTP form is /mcp on `quarry start`).')
    .option('--stdio', 'speak MCP over standard input and output')
    .option('--token <token>', 'take mode, run and agent kind from this token (or QUARRY_MCP_TOKEN)')
    .option(
      '--deep',
      'a deep-research session: every web_search counts against the run, built-in search is off',
    )
    .option(
      '--run <id>',
      'the run its searches are charged to (made up for --deep or --budget when left out)',
    )
    .option('--budget <searches>', "set the run's search budget", wholeNumber)
    .option('--agent <kind>', `treat the client as this agent kind (${AGENT_KINDS.join(', ')})`)
    .option('--workers', 'also run workers in this process (when no `quarry start` or `quarry worker` runs)')
    .action(async (flags: McpFlags) => {
      if (!flags.stdio) {
        fail(
          'quarry mcp serves MCP over stdio only: run `npx quarry mcp --stdio`. Over HTTP, MCP is at /mcp on `npm start`.',
        );
      }
      if (flags.agent && !isAgentKind(flags.agent)) {
        fail(`--agent takes one of ${AGENT_KINDS.join(', ')}; got "${flags.agent}".`);
      }
      const sources = readConfigSources();
      const config = buildConfig(sources);
      // Standard output carries the protocol: every log line goes to standard error.
      const logger = createLogger(config, process.stderr);
      // One quick question first: with Redis down, one line and exit 1 (src/cli.ts), not a connection
      // retrying and logging its errors before the message. Then the session follows the live
      // settings (provider order, keys, time limits), as `quarry start` does.
      const { system, settings } = await liveQueueSystemWithSettingsOrFail(sources, {
        announceAs: 'quarry mcp',
        logger,
      });

      let grant: SessionGrant;
      const token = flags.token ?? process.env.QUARRY_MCP_TOKEN;
      if (token) {
        const record = await tokenStoreFor(system).verify(token);
        if (!record) {
          await system.close();
          fail(
            'This token is not valid (unknown, revoked or expired): make one with `npx quarry token create`.',
          );
        }
        grant = {
          mode: record.mode,
          ...(record.runId ? { runId: record.runId } : {}),
          ...(record.agentKind ? { agentKind: record.agentKind } : {}),
        };
      } else {
        const runId = flags.run ?? (flags.deep || flags.budget !== undefined ? newRunId() : undefined);
        // A research run's id is its agent's alone (as for tokens, src/mcp/issue-token.ts).
        const research = flags.run ? await getRun(system, flags.run) : undefined;
        if (research) {
          await system.close();
          fail(
            `--run ${research.id} is a research run's (${research.status}): its agent has a session of its own, and this one would spend that run's budget and write into its events. Leave --run out or name another run.`,
          );
        }
        if (runId && flags.budget !== undefined) {
          // A run that has a budget keeps it: `quarry budget set` changes one, recorded.
          await setRunBudget(system, runId, { searches: flags.budget }, { keepExisting: true });
          const { limit } = (await runBudget(system, runId)).searches;
          if (limit !== flags.budget)
            logger.warn(
              { runId, budget: limit },
              `run ${runId} already has a budget and keeps it (${limit} searches); to change it: npx quarry budget set ${runId} --searches N`,
            );
        }
        grant = {
          mode: flags.deep ? 'deep' : 'normal',
          ...(runId ? { runId } : {}),
          ...(flags.agent && isAgentKind(flags.agent) ? { agentKind: flags.agent } : {}),
        };
      }

      const processors = defaultProcessors();
      const workers = flags.workers
        ? await startWorkers(system, {
            processors,
            settingsChanges: (listener) => settings.onChange(listener),
          })
        : undefined;
      if (workers) warmUpWhenReading(processors, logger);
      const server = createMcpServer({
        tools: createQuarryTools(queueToolBackends(system)),
        grant,
        // Read at each call: a live setting.
        toolTimeoutMs: () => system.config.toolTimeoutMs,
        // A stdio session with a research run's id records its tool calls in the run's events too.
        onToolCall: recordRunToolCalls(system),
      });
      const transport = new StdioServerTransport();
      let closing = false;
      const shutDown = async () => {
        if (closing) return;
        closing = true;
        await server.close().catch(() => undefined);
        await workers?.close();
        await system.close();
        process.exit(0);
      };
      transport.onclose = () => void shutDown();
      process.stdin.on('end', () => void shutDown());
      process.once('SIGTERM', () => void shutDown());
      process.once('SIGINT', () => void shutDown());
      await server.connect(transport);
      logger.info({ mode: grant.mode, runId: grant.runId }, 'MCP server on stdio');
    });
}
