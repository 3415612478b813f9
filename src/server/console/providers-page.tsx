// The Providers page: each search provider in the chain's order with its health (provider-health.ts).
import { ALL_FAILURE_KINDS } from '../../queue/provider-stats.ts';
import { formatTime, Layout, TeachingMessage } from './layout.tsx';
import { CONSOLE_PATHS } from './console-paths.ts';
import type { ProviderHealth } from './provider-health.ts';

function allowance(used: number, limit: number | null): string {
  return limit === null ? `${used} (no allowance set)` : `${used} of ${limit}`;
}

function ProviderCard(props: { health: ProviderHealth; now: number }) {
  const { health } = props;
  const state = !health.on ? 'off' : health.resting ? 'resting' : 'answering';
  const failures = ALL_FAILURE_KINDS.map(
    (kind) => [kind, health.stats.lastHour.failures[kind] ?? 0] as const,
  ).filter(([, count]) => count > 0);
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
        <dd>
          {health.stats.lastHour.calls} {health.stats.lastHour.calls === 1 ? 'call' : 'calls'},{' '}
          {failures.length === 0
            ? 'no failures'
            : failures.map(([kind, count]) => `${count} ${kind}`).join(', ') + ' failed'}
        </dd>
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
      {health.stats.lastError ? (
        <p class="last-error">
          <strong>Last error</strong> ({formatTime(health.stats.lastError.at)}, {health.stats.lastError.kind}
          ): <TeachingMessage text={health.stats.lastError.message} />
        </p>
      ) : null}
    </li>
  );
}

export function ProvidersPage(props: { providers: ProviderHealth[]; csrf: string; now: number }) {
  return (
    <Layout title="Providers" section="providers" csrf={props.csrf}>
      <p class="muted">
        In the order the chain asks them; change the order, switches and keys in{' '}
        <a href={CONSOLE_PATHS.settingsSearch}>Settings → Search</a>.
      </p>
      <ul class="providers">
        {props.providers.map((health) => (
          <ProviderCard health={health} now={props.now} />
        ))}
      </ul>
    </Layout>
  );
}
