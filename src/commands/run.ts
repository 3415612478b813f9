// `quarry run "question" --agent ...`: starts a research run on the Quarry server (POST /api/runs).
// With --follow, a live view: each step as it happens (status, each tool call with the budget bar,
// what the agent says), then the answer and the pages it cites; exits 0 only when the run succeeded.
// With --json, waits for the end and prints the final run record.
import { Command, InvalidArgumentError } from 'commander';
import { AgentSpecError } from '../research/agents/agent-spec.ts';
import { agentKinds, runnerFor } from '../research/agents/index.ts';
import type { RunEvent } from '../research/run-events.ts';
import type { RunView } from '../research/run-view.ts';
import {
  citedSources,
  describeEvent,
  describeRun,
  reportFailures,
  RunsClient,
  RunsCommandError,
} from './runs.ts';
import { typedWholeNumber } from './typed-number.ts';

interface RunFlags {
  agent: string;
  budget?: number;
  readBudget?: number;
  mediaBudget?: number;
  timeLimit?: number;
  model?: string;
  option?: Record<string, unknown>;
  follow?: boolean;
  json?: boolean;
}

function wholeNumber(flag: string) {
  return (value: string): number => {
    const number = typedWholeNumber(value);
    if (!Number.isInteger(number) || number < 0)
      throw new InvalidArgumentError(`${flag} takes a whole number, such as 20.`);
    return number;
  };
}

/** `30m`, `1h30m`, `90s` or a number of seconds. */
export function parseDuration(value: string): number {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value.trim());
  const seconds = /^\d+$/.test(value.trim())
    ? Number(value)
    : match && value.trim() !== ''
      ? Number(match[1] ?? 0) * 3_600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)
      : NaN;
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new InvalidArgumentError(
      '--time-limit takes a duration such as 30m, 1h30m, 90s, or a number of seconds.',
    );
  return seconds;
}

function agentSpec(value: string): string {
  try {
    runnerFor(value);
  } catch (error) {
    if (error instanceof AgentSpecError) throw new InvalidArgumentError(error.message);
    throw error;
  }
  return value;
}

/** `--option key=value`, repeatable; a value that reads as JSON (numbers, true, lists) is taken as such. */
function option(value: string, previous: Record<string, unknown> = {}): Record<string, unknown> {
  const equals = value.indexOf('=');
  if (equals <= 0) throw new InvalidArgumentError('--option takes key=value, such as --option max_turns=12.');
  const key = value.slice(0, equals).trim();
  const text = value.slice(equals + 1);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain text
  }
  return { ...previous, [key]: parsed };
}

const FINISHED = new Set(['succeeded', 'failed', 'cancelled', 'timed-out']);

async function waitForEnd(
  client: RunsClient,
  run: RunView,
  onEvent?: (event: RunEvent) => void,
): Promise<RunView> {
  for await (const event of client.follow(run.id)) onEvent?.(event);
  const ended = await client.get(run.id);
  if (!FINISHED.has(ended.status)) {
    throw new RunsCommandError(
      `The run's events ended while it is ${ended.status}: \`npx quarry runs show ${run.id}\` says more.`,
    );
  }
  return ended;
}

export function registerRunCommand(program: Command): void {
  program
    .command('run <question>')
    .description('Start a research run: an agent works on the question with Quarry as its only web tools.')
    .requiredOption('--agent <agent>', `the agent: ${agentKinds().join(', ')}`, agentSpec)
    .option(
      '--budget <searches>',
      'searches the run may make (default QUARRY_RUN_BUDGET, 40)',
      wholeNumber('--budget'),
    )
    .option('--read-budget <reads>', 'also limit its read_page calls', wholeNumber('--read-budget'))
    .option('--media-budget <lookups>', 'also limit its find_media calls', wholeNumber('--media-budget'))
    .option(
      '--time-limit <duration>',
      'stop the agent after this long: 30m, 1h, 90s (default 30m)',
      parseDuration,
    )
    .option('--model <model>', "the model to ask for (default: the agent's own)")
    .option('--option <key=value>', "an option for the agent's runner, repeatable", option)
    .option('--follow', 'watch it live, then print the answer and its sources; exit 0 only if it succeeded')
    .option('--json', 'wait for the end and print the final run record as JSON')
    .action((question: string, flags: RunFlags) =>
      reportFailures(async () => {
        const client = RunsClient.fromEnvironment();
        const run = await client.start({
          question,
          agent: flags.agent,
          ...(flags.budget !== undefined ? { budget: flags.budget } : {}),
          ...(flags.readBudget !== undefined ? { read_budget: flags.readBudget } : {}),
          ...(flags.mediaBudget !== undefined ? { media_budget: flags.mediaBudget } : {}),
          ...(flags.timeLimit !== undefined ? { time_limit_seconds: flags.timeLimit } : {}),
          ...(flags.model ? { model: flags.model } : {}),
          ...(flags.option ? { options: flags.option } : {}),
        });
        if (!flags.follow && !flags.json) {
          process.stdout.write(`${run.id}\n`);
          process.stderr.write(
            `Run ${run.id} is queued (${run.agent}, ${run.budget.limit} searches, ${run.time_limit_seconds} s). Watch it: npx quarry runs events ${run.id} --follow\n`,
          );
          return;
        }
        // Ctrl-C stops the watching, not the run.
        process.once('SIGINT', () => {
          process.stderr.write(
            `\nStopped watching; the run goes on: npx quarry runs events ${run.id} --follow watches again, npx quarry runs cancel ${run.id} stops it.\n`,
          );
          process.exit(130);
        });
        // The live view goes to standard error when standard output carries the JSON record.
        const view = flags.json ? process.stderr : process.stdout;
        const seen: RunEvent[] = [];
        if (flags.follow) view.write(`${run.id}: ${run.question}\n`);
        const ended = await waitForEnd(client, run, (event) => {
          seen.push(event);
          const line = flags.follow ? describeEvent(event) : undefined;
          if (line) view.write(`${line}\n`);
        });
        if (flags.json) process.stdout.write(`${JSON.stringify(ended)}\n`);
        else {
          view.write(`\n${describeRun(ended)}\n`);
          const sources = ended.answer ? citedSources(ended.answer, seen) : [];
          if (sources.length > 0) {
            view.write('\nSources this run saw:\n');
            for (const source of sources)
              view.write(`[${source.n}] ${source.title ? `${source.title} ` : ''}${source.url}\n`);
          }
        }
        if (ended.status !== 'succeeded') process.exitCode = 1;
      }),
    );
}
