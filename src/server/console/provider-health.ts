// Each search provider's state as an operator needs it, read from Redis (so it is the same whichever
// process serves the page): in the chain's order, on or off, answering or resting (until when, why),
// credits used against the allowance, calls and failures in the last hour, latency, its queue against
// the cap, and the last error's message. Shared by the Providers page and /metrics.
import type { RestRecord } from '../../providers/chain.ts';
import { chainEntries } from '../../providers/index.ts';
import { creditsUsed } from '../../queue/credits.ts';
import { providerQueueLimits } from '../../queue/limits.ts';
import { searchQueueName } from '../../queue/names.ts';
import { readProviderStats, type ProviderStats } from '../../queue/provider-stats.ts';
import { restStateOf } from '../../queue/rest-state.ts';
import type { QueueSystem } from '../../queue/system.ts';

export interface ProviderHealth {
  id: string;
  name: string;
  description: string;
  /** Its place in the order (1 = asked first); null when the order does not list it. */
  position: number | null;
  /** Listed in the order and not switched off: the chain asks it. */
  on: boolean;
  resting: RestRecord | null;
  credits: { day: number; month: number; perDay: number | null; perMonth: number | null };
  stats: ProviderStats;
  queue: { waiting: number; active: number; failed: number; cap: number };
}

/** The provider ids in the chain's order (those it asks), then every other provider the system knows. */
export function providersInOrder(system: QueueSystem): { ordered: string[]; others: string[] } {
  const ordered = chainEntries(system.config, { providers: [...system.providers.values()] }).map(
    (entry) => entry.provider.id,
  );
  const others = [...system.providers.keys()].filter((id) => !ordered.includes(id));
  return { ordered, others };
}

export async function providerHealth(system: QueueSystem, now = Date.now()): Promise<ProviderHealth[]> {
  const { ordered, others } = providersInOrder(system);
  const rest = restStateOf(system);
  return Promise.all(
    [...ordered, ...others].map(async (id) => {
      const provider = system.providers.get(id)!;
      const settings = system.config.providers[id] ?? {};
      const position = ordered.indexOf(id);
      const [resting, credits, stats, counts] = await Promise.all([
        rest.get(id),
        creditsUsed(system, id, now),
        readProviderStats(system, id, now),
        system.queue(searchQueueName(id)).getJobCounts('waiting', 'prioritized', 'active', 'failed'),
      ]);
      return {
        id,
        name: provider.name,
        description: provider.description,
        position: position >= 0 ? position + 1 : null,
        on: position >= 0 && settings.enabled !== false,
        resting: resting ?? null,
        credits: {
          ...credits,
          perDay: settings.creditsPerDay ?? null,
          perMonth: settings.creditsPerMonth ?? null,
        },
        stats,
        queue: {
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
          active: counts.active ?? 0,
          failed: counts.failed ?? 0,
          cap: providerQueueLimits(system, id).concurrency,
        },
      };
    }),
  );
}
