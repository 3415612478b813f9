// The Runs pages: the list (filtered by status) with the form that starts a run, and one run with its
// timeline (followed live over Server-Sent Events by assets/run-timeline.js), budget meter, Cancel
// button and, once it ended, its report.
import { agentKinds } from '../../research/agents/index.ts';
import type { RunEvent } from '../../research/run-events.ts';
import { FINISHED_STATUSES, isFinished, RUN_STATUSES, type RunStatus } from '../../research/run-status.ts';
import type { RunView } from '../../research/run-view.ts';
import { BudgetBar, CsrfField, formatDuration, formatTime, Layout, TeachingMessage } from './layout.tsx';
import { CardsTable } from './cards-table.tsx';
import { CONSOLE_PATHS } from './console-paths.ts';
import { RunReport, type ApiReport } from './run-report.tsx';

/** What a run that never started says instead of a duration. */
function notStarted(run: RunView): string {
  if (run.status === 'queued') return 'not started yet (queued)';
  if (run.status === 'cancelled') return 'none: cancelled while queued';
  return `none: ${run.status} before it started`;
}

/**
 * How long the run has taken (start to end, or to now while it runs). A running run's duration counts
 * up in the browser (assets/durations.js: `data-started` without `data-ended`), from the server's
 * clock (`data-server-now`), and stops at the end the run's status event gives.
 */
function RunDuration(props: { run: RunView; now: number; id?: string }) {
  const { run } = props;
  const started = run.started_at ? Date.parse(run.started_at) : undefined;
  const ended = run.ended_at ? Date.parse(run.ended_at) : undefined;
  return (
    <span
      id={props.id}
      class="duration"
      data-started={run.started_at ?? undefined}
      data-ended={run.ended_at ?? undefined}
      data-server-now={String(props.now)}
    >
      {started === undefined ? notStarted(run) : formatDuration((ended ?? props.now) - started)}
    </span>
  );
}

export interface StartRunForm {
  question?: string;
  agent?: string;
  budget?: string;
  time_limit_seconds?: string;
}

export function RunsPage(props: {
  runs: RunView[];
  status: RunStatus | undefined;
  csrf: string;
  now: number;
  form?: StartRunForm;
  problems?: Array<{ field: string; message: string }>;
  defaults: { budget: number; timeLimitSeconds: number };
}) {
  const form = props.form ?? {};
  // Agents that take a command (acp:"...", command:"...") are typed in full; the rest are suggested.
  const agents = agentKinds().filter((kind) => !kind.includes('"'));
  return (
    <Layout title="Runs" section="runs" csrf={props.csrf} scripts={['durations.js', 'runs-list.js']}>
      <section aria-labelledby="start-heading" class="card">
        <h2 id="start-heading">Start a run</h2>
        {props.problems && props.problems.length > 0 ? (
          <div role="alert" class="problem">
            <p>The run was not started:</p>
            <ul>
              {props.problems.map((problem) => (
                <li>
                  <TeachingMessage text={problem.message} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <form method="post" action={CONSOLE_PATHS.runs} class="stack">
          <CsrfField token={props.csrf} />
          <label for="question">Question</label>
          <textarea id="question" name="question" rows={3} required>
            {form.question ?? ''}
          </textarea>
          <div class="row">
            <span class="field">
              <label for="agent">Agent</label>
              <input id="agent" name="agent" list="agent-kinds" value={form.agent ?? 'openai'} required />
              <datalist id="agent-kinds">
                {agents.map((kind) => (
                  <option value={kind}></option>
                ))}
              </datalist>
            </span>
            <span class="field">
              <label for="budget">Search budget</label>
              <input
                id="budget"
                name="budget"
                type="number"
                min={0}
                value={form.budget ?? String(props.defaults.budget)}
              />
            </span>
            <span class="field">
              <label for="time-limit">Time limit (seconds)</label>
              <input
                id="time-limit"
                name="time_limit_seconds"
                type="number"
                min={1}
                value={form.time_limit_seconds ?? String(props.defaults.timeLimitSeconds)}
              />
            </span>
          </div>
          <button type="submit">Start the run</button>
        </form>
      </section>

      <section aria-labelledby="list-heading">
        <h2 id="list-heading">Runs</h2>
        <form method="get" action={CONSOLE_PATHS.runs} class="row filter">
          <label for="status-filter">Status</label>
          <select id="status-filter" name="status">
            <option value="" selected={!props.status}>
              every status
            </option>
            {RUN_STATUSES.map((status) => (
              <option value={status} selected={status === props.status}>
                {status}
              </option>
            ))}
          </select>
          <button type="submit">Filter</button>
        </form>
        {props.runs.length === 0 ? (
          <p>
            {props.status ? (
              <>
                No run is {props.status}. <a href={CONSOLE_PATHS.runs}>Every run</a>
              </>
            ) : (
              <>
                No runs yet: start one above, or with <code>npx quarry run "your question"</code>.
              </>
            )}
          </p>
        ) : (
          <CardsTable
            class="runs-table"
            columns={['Status', 'Agent', 'Question', 'Searches', 'Started', 'Duration']}
          >
            {props.runs.map((run) => (
              // A run that has not ended is followed live (assets/runs-list.js).
              <tr
                data-run-id={isFinished(run.status) ? undefined : run.id}
                data-run-status={isFinished(run.status) ? undefined : run.status}
              >
                <td data-label="Status">
                  <span class={`status status-${run.status}`}>{run.status}</span>
                </td>
                <td data-label="Agent">{run.agent}</td>
                <td data-label="Question" class="question">
                  <a href={CONSOLE_PATHS.run(run.id)}>{run.question}</a>
                </td>
                <td data-label="Searches">
                  <BudgetBar
                    used={run.budget.used}
                    limit={run.budget.limit}
                    label={`Searches used by run ${run.id}`}
                  />
                </td>
                <td data-label="Started">
                  {run.started_at ? formatTime(run.started_at) : isFinished(run.status) ? 'never' : 'not yet'}
                </td>
                <td data-label="Duration">
                  <RunDuration run={run} now={props.now} />
                </td>
              </tr>
            ))}
          </CardsTable>
        )}
      </section>
    </Layout>
  );
}

export function RunPage(props: {
  run: RunView;
  events: RunEvent[];
  report?: ApiReport | undefined;
  csrf: string;
  now: number;
}) {
  const { run } = props;
  const finished = isFinished(run.status);
  return (
    <Layout title="Run" section="runs" csrf={props.csrf} scripts={['durations.js', 'run-timeline.js']}>
      <section class="card" aria-labelledby="run-heading">
        <h2 id="run-heading" class="question">
          {run.question}
        </h2>
        <dl class="facts">
          <dt>Status</dt>
          <dd>
            <span id="run-status" class={`status status-${run.status}`}>
              {run.status}
            </span>
          </dd>
          <dt>Agent</dt>
          <dd>{run.agent}</dd>
          <dt>Searches</dt>
          <dd id="run-budget">
            <BudgetBar used={run.budget.used} limit={run.budget.limit} label="Searches used of the budget" />
          </dd>
          <dt>Started</dt>
          <dd id="run-started">
            {run.started_at
              ? formatTime(run.started_at)
              : `${finished ? 'never' : 'not yet'}: queued at ${formatTime(run.created_at)}`}
          </dd>
          <dt>Duration</dt>
          <dd>
            <RunDuration run={run} now={props.now} id="run-duration" />
          </dd>
          <dt>Run id</dt>
          <dd>
            <code>{run.id}</code>
          </dd>
        </dl>
        {run.reason ? (
          <p class="reason">
            <TeachingMessage text={run.reason} />
          </p>
        ) : null}
        {finished ? null : (
          <form method="post" action={`${CONSOLE_PATHS.run(run.id)}/cancel`}>
            <CsrfField token={props.csrf} />
            <button type="submit" class="danger">
              Cancel the run
            </button>
          </form>
        )}
      </section>

      {finished ? <RunReport run={run} events={props.events} report={props.report} /> : null}

      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <p id="timeline-state" role="status" class="muted">
          {finished ? `The run has ended: ${run.status}.` : 'Following the run live…'}
        </p>
        <ol
          id="timeline"
          class="timeline"
          data-run={run.id}
          data-events={`/api/runs/${encodeURIComponent(run.id)}/events`}
          data-finished={finished ? 'true' : 'false'}
          data-finished-statuses={FINISHED_STATUSES.join(' ')}
          data-settings-search={CONSOLE_PATHS.settingsSearch}
          aria-label="Run timeline"
        ></ol>
        <noscript>
          <p>
            The timeline needs JavaScript; the events are also at{' '}
            <a href={`/api/runs/${encodeURIComponent(run.id)}/events?format=json`}>the events as JSON</a>.
          </p>
        </noscript>
      </section>
    </Layout>
  );
}
