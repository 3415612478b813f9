// `quarry token create|list|revoke`: bearer tokens for the MCP endpoint.
import { Command, InvalidArgumentError } from 'commander';
import { issueToken, keptBudgetNote, tokenStoreFor } from '../mcp/issue-token.ts';
import type { ListedToken } from '../mcp/tokens.ts';
import { AGENT_KINDS } from '../mcp/agent-kind.ts';
import { describeTokenRequestProblems, tokenRequestSchema } from '../mcp/token-request.ts';
import { UsageError } from './exit-codes.ts';
import { withQueueSystem } from './queue-system-or-fail.ts';
import { typedWholeNumber } from './typed-number.ts';

/** The flag of each token request field, for messages. */
const FLAG_OF_FIELD: Record<string, string> = {
  mode: '--deep',
  run_id: '--run',
  budget: '--budget',
  read_budget: '--read-budget',
  media_budget: '--media-budget',
  agent_kind: '--agent',
  label: '--label',
  research: '--research',
  research_agent: '--research-agent',
  ttl_seconds: '--ttl',
};

function wholeNumber(name: string) {
  return (value: string): number => {
    const number = typedWholeNumber(value);
    if (!Number.isInteger(number) || number < 0)
      throw new InvalidArgumentError(`${name} takes a whole number, such as 40.`);
    return number;
  };
}

interface TokenCreateFlags {
  deep?: boolean;
  run?: string;
  budget?: number;
  readBudget?: number;
  mediaBudget?: number;
  agent?: string;
  label?: string;
  research?: boolean;
  researchAgent?: string;
  ttl?: number;
  json?: boolean;
}

/** One line per token for `quarry token list`: its id, then what it grants. */
function describeToken(token: ListedToken): string {
  return [
    token.id,
    token.mode,
    token.runId ? `run ${token.runId}` : undefined,
    token.budget !== undefined ? `budget ${token.budget}` : undefined,
    token.agentKind ? `agent ${token.agentKind}` : undefined,
    `made ${token.createdAt}`,
    token.expiresAt ? `expires ${token.expiresAt}` : undefined,
    token.label ? JSON.stringify(token.label) : undefined,
  ]
    .filter(Boolean)
    .join('  ');
}

function tokenJson(token: ListedToken): Record<string, unknown> {
  return {
    id: token.id,
    mode: token.mode,
    run_id: token.runId ?? null,
    budget: token.budget ?? null,
    agent_kind: token.agentKind ?? null,
    label: token.label ?? null,
    created_at: token.createdAt,
    expires_at: token.expiresAt ?? null,
  };
}

export function registerTokenCommand(program: Command): void {
  const token = program.command('token').description('Bearer tokens for agents connecting to /mcp.');
  token
    .command('create')
    .description('Make a token and print it (it is shown only once; Redis keeps only its hash).')
    .option(
      '--deep',
      'a deep-research token: every web_search counts against the run, built-in search is off',
    )
    .option(
      '--run <id>',
      'the run its searches are charged to (made up for --deep or a budget when left out)',
    )
    .option('--budget <searches>', "the run's search budget", wholeNumber('--budget'))
    .option('--read-budget <reads>', "also limit the run's read_page calls", wholeNumber('--read-budget'))
    .option(
      '--media-budget <lookups>',
      "also limit the run's find_media calls",
      wholeNumber('--media-budget'),
    )
    .option(
      '--agent <kind>',
      `treat the client as this agent kind (${AGENT_KINDS.join(', ')}) whatever it says`,
    )
    .option('--label <text>', 'a note on what the token is for')
    .option('--research', "offer the token's sessions the research tool (it starts research runs)")
    .option('--research-agent <spec>', "the agent the research tool's runs use (default openai)")
    .option('--ttl <seconds>', 'the token stops working after this many seconds', wholeNumber('--ttl'))
    .option('--json', 'print JSON instead of text')
    .action(async (flags: TokenCreateFlags) => {
      const request = {
        mode: flags.deep ? 'deep' : 'normal',
        ...(flags.run ? { run_id: flags.run } : {}),
        ...(flags.budget !== undefined ? { budget: flags.budget } : {}),
        ...(flags.readBudget !== undefined ? { read_budget: flags.readBudget } : {}),
        ...(flags.mediaBudget !== undefined ? { media_budget: flags.mediaBudget } : {}),
        ...(flags.agent ? { agent_kind: flags.agent } : {}),
        ...(flags.label ? { label: flags.label } : {}),
        ...(flags.research ? { research: true } : {}),
        ...(flags.researchAgent ? { research_agent: flags.researchAgent } : {}),
        ...(flags.ttl !== undefined ? { ttl_seconds: flags.ttl } : {}),
      };
      // Checked before Redis is needed, naming the flags: bad input is bad input with Redis down too.
      const checked = tokenRequestSchema.safeParse(request);
      if (!checked.success)
        throw new UsageError(
          `quarry token create: ${describeTokenRequestProblems(checked.error, (field) => FLAG_OF_FIELD[field] ?? field)}.`,
        );
      return withQueueSystem(async (system) => {
        const issued = await issueToken(system, request);
        const { record } = issued;
        const note = keptBudgetNote(issued);
        if (flags.json) {
          process.stdout.write(
            `${JSON.stringify({ token: issued.token, mode: record.mode, run_id: record.runId ?? null, budget: issued.budgets.searches ?? null, agent_kind: record.agentKind ?? null, ...(note ? { note } : {}) })}\n`,
          );
        } else {
          process.stdout.write(`${issued.token}\n`);
          const details = [
            `mode ${record.mode}`,
            record.runId ? `run ${record.runId}` : undefined,
            issued.budgets.searches !== undefined ? `${issued.budgets.searches} searches` : undefined,
            issued.budgets.reads !== undefined ? `${issued.budgets.reads} reads` : undefined,
            issued.budgets.media !== undefined ? `${issued.budgets.media} media look-ups` : undefined,
            record.agentKind ? `agent ${record.agentKind}` : undefined,
          ].filter(Boolean);
          process.stderr.write(
            `Token made (${details.join(', ')}). Send it as "Authorization: Bearer <token>" to /mcp.\n`,
          );
          if (note) process.stderr.write(`${note}\n`);
        }
      });
    });

  token
    .command('list')
    .description(
      'List the tokens that work now: id, mode, run, label, expiry (never the token: it is not kept).',
    )
    .option('--json', 'print JSON instead of text')
    .action(async (flags: { json?: boolean }) =>
      withQueueSystem(async (system) => {
        const tokens = await tokenStoreFor(system).list();
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(tokens.map(tokenJson))}\n`);
          return;
        }
        if (tokens.length === 0) {
          process.stderr.write('No tokens work now: make one with `npx quarry token create`.\n');
          return;
        }
        process.stdout.write(tokens.map((listed) => `${describeToken(listed)}\n`).join(''));
      }),
    );

  token
    .command('revoke <id>')
    .description(
      'Revoke a token by the id `quarry token list` shows (or the token itself); sessions using it stop.',
    )
    .action(async (id: string) =>
      withQueueSystem(async (system) => {
        const revoked = await tokenStoreFor(system).revokeById(id);
        process.stdout.write(`Revoked ${describeToken(revoked)}\n`);
      }),
    );
}
