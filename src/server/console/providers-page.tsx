// The Providers page: each search provider in the chain's order with its health (provider-health.ts),
// the others one line each; and a provider's recent failed calls (provider-failures.ts).
import { ALL_FAILURE_KINDS } from '../../queue/provider-stats.ts';
import { DASHBOARD_PATH } from '../dashboard.ts';
import { formatTime, Layout, TeachingMessage } from './layout.tsx';
import { CardsTable } from './cards-table.tsx';
import { CONSOLE_PATHS } from './console-paths.ts';
import { FAILURES_SCANNED, type FailedCall } from './provider-failures.ts';
import type { ProviderHealth } from './provider-health.ts';

function allowance(used: number, limit: number | null): string {
  return limit === null ? `${used} (no allowance set)` : `${used} of ${limit}`;
}

/** "12 calls, 3 failed (2 limit, 1 auth)": the last hour's calls and their failures by kind. */
export function lastHourText(stats: ProviderHealth['stats']): string {
  const { calls } = stats.lastHour;
  const failures = ALL_FAILURE_KINDS.map(
    (kind) => [kind, stats.lastHour.failures[kind] ?? 0] as const,
  ).filter(([, count]) => count > 0);
  const failed = failures.reduce((sum, [, count]) => sum + count, 0);
  if (calls === 0 && failures.length === 0) return 'no calls';
  const callsText = `${calls} ${calls === 1 ? 'call' : 'calls'}`;
  if (failed === 0) return `${callsText}, no failures`;
  return `${callsText}, ${failed} failed (${failures.map(([kind, count]) => `${count} ${kind}`).join(', ')})`;
}

function totalFailures(stats: ProviderHealth['stats']): number {
  return Object.values(stats.totals.failures).reduce((sum, count) => sum + count, 0);
}

function FailuresLink(props: { health: ProviderHealth }) {
  return (
    <a href={CONSOLE_PATHS.providerFailures(props.health.id)}>
      Recent failed calls<span class="visually-hidden"> of {props.health.name}</span>
    </a>
  );
}

function ProviderCard(props: { health: ProviderHealth; now: number }) {
  const { health } = props;
  const state = !health.on ? 'off' : health.resting ? 'resting' : 'answering';
  const { lastError } = health.stats;
  return (
    <li class="card provider">
      <h2 id={`provider-${health.id}`}>
        <span>
          {health.position !== null ? `${health.position}. ` : ''}
          {health.name}
        </span>
        <span class={`status state-${state}`}>{state}</span>
      </h2>
      {health.resting ? (
        <p class="reason">
          Resting until {formatTime(new Date(health.resting.until).toISOString())} ({health.resting.kind}):{' '}
          <TeachingMessage text={health.resting.reason} />
        </p>
      ) : null}
      <dl class="facts">
        <dt>Switch</dt>
        <dd>{health.on ? 'on' : health.position === null ? 'off (not in the order)' : 'off'}</dd>
        <dt>Credits today</dt>
        <dd>{allowance(health.credits.day, health.credits.perDay)}</dd>
        <dt>Credits this month</dt>
        <dd>{allowance(health.credits.month, health.credits.perMonth)}</dd>
        <dt>Last hour</dt>
        <dd>{lastHourText(health.stats)}</dd>
        <dt>Latency</dt>
        <dd>
          {health.stats.latencyMs
            ? `p50 ${health.stats.latencyMs.p50} ms, p95 ${health.stats.latencyMs.p95} ms`
            : 'no calls yet'}
        </dd>
        <dt>Queue</dt>
        <dd>
          {health.queue.waiting} waiting, {health.queue.active} in flight of {health.queue.cap}
        </dd>
      </dl>
      {lastError ? (
        <p class="last-error">
          <strong>Last error</strong> ({formatTime(lastError.at)}, {lastError.kind}):{' '}
          {health.resting && lastError.message === health.resting.reason ? (
            'the reason it rests, above.'
          ) : (
            <TeachingMessage text={lastError.message} />
          )}
        </p>
      ) : null}
      {totalFailures(health.stats) > 0 || lastError ? (
        <p>
          <FailuresLink health={health} />
        </p>
      ) : null}
    </li>
  );
}

/** Providers the chain does not ask: one line each, so the chain's cards stay in view. */
function OtherProviders(props: { providers: ProviderHealth[] }) {
  if (props.providers.length === 0) return null;
  return (
    <section aria-labelledby="others-heading">
      <h2 id="others-heading">Not in the chain</h2>
      <p class="muted">
        The chain does not ask these; put one in the order and turn it on in{' '}
        <a href={CONSOLE_PATHS.settingsSearch}>Settings → Search</a>.
      </p>
      <CardsTable class="others-table" columns={['Provider', 'What it is', 'Last hour', 'Last error']}>
        {props.providers.map((health) => (
          <tr>
            <th scope="row">{health.name}</th>
            <td class="muted" data-label="What it is">
              {health.description}
            </td>
            <td data-label="Last hour">{lastHourText(health.stats)}</td>
            <td data-label="Last error">
              {health.stats.lastError ? (
                <>
                  {formatTime(health.stats.lastError.at)} ({health.stats.lastError.kind}):{' '}
                  <TeachingMessage text={health.stats.lastError.message} /> <FailuresLink health={health} />
                </>
              ) : (
                'none'
              )}
            </td>
          </tr>
        ))}
      </CardsTable>
    </section>
  );
}

export function ProvidersPage(props: { providers: ProviderHealth[]; csrf: string; now: number }) {
  const chain = props.providers.filter((health) => health.position !== null);
  const others = props.providers.filter((health) => health.position === null);
  return (
    <Layout title="Providers" section="providers" csrf={props.csrf}>
      <p class="muted">
        In the order the chain asks them; change the order, switches and keys in{' '}
        <a href={CONSOLE_PATHS.settingsSearch}>Settings → Search</a>.
      </p>
      {chain.length === 0 ? (
        <p role="alert">
          The chain asks no provider, so every search fails: put one in the order in{' '}
          <a href={CONSOLE_PATHS.settingsSearch}>Settings → Search</a>.
        </p>
      ) : (
        <ul class="providers" aria-label="The chain">
          {chain.map((health) => (
            <ProviderCard health={health} now={props.now} />
          ))}
        </ul>
      )}
      <OtherProviders providers={others} />
    </Layout>
  );
}

/** One provider's recent failed calls (provider-failures.ts), newest first. */
export function ProviderFailuresPage(props: {
  provider: { id: string; name: string };
  failures: FailedCall[];
  queue: string;
  csrf: string;
}) {
  const { provider } = props;
  return (
    <Layout title={`${provider.name}: recent failed calls`} section="providers" csrf={props.csrf}>
      <p class="muted">
        The newest failed calls among the {FAILURES_SCANNED} newest jobs its queue keeps. A provider&apos;s
        failure comes back to the caller as an answer, so{' '}
        <a href={`${DASHBOARD_PATH}/queue/${encodeURIComponent(props.queue)}?status=completed`}>bull-board</a>{' '}
        lists it among the completed jobs, its name marked “failed”.{' '}
        <a href={CONSOLE_PATHS.providers}>Back to the providers</a>.
      </p>
      {props.failures.length === 0 ? (
        <p>No failed calls among the calls {provider.name}&apos;s queue keeps: every one of them answered.</p>
      ) : (
        <CardsTable class="failures-table" columns={['When', 'Kind', 'Asked', 'What it said', 'Job']}>
          {props.failures.map((failure) => (
            <tr>
              <td data-label="When">{formatTime(failure.at)}</td>
              <td data-label="Kind">{failure.kind}</td>
              <td data-label="Asked" class="question">
                {failure.call === 'search' ? `“${failure.asked}”` : failure.asked}
              </td>
              <td data-label="What it said">
                <TeachingMessage text={failure.message} />
              </td>
              <td data-label="Job">
                <a
                  href={`${DASHBOARD_PATH}/queue/${encodeURIComponent(failure.queue)}/${encodeURIComponent(failure.jobId)}`}
                >
                  {failure.jobId}
                  <span class="visually-hidden"> on bull-board</span>
                </a>
              </td>
            </tr>
          ))}
        </CardsTable>
      )}
    </Layout>
  );
}
