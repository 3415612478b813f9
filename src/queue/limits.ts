// Each provider queue's global limits: calls in flight across all workers and requests per interval,
// from the provider's written defaults, overridden per provider in the configuration.
import type { QueueSystem } from './system.ts';
import { searchQueueName } from './names.ts';

export interface QueueLimits {
  concurrency: number;
  rateMax: number;
  ratePerMs: number;
}

export function providerQueueLimits(system: QueueSystem, providerId: string): QueueLimits {
  const provider = system.providers.get(providerId);
  if (!provider) {
    throw new Error(
      `Unknown search provider "${providerId}"; the known ones are: ${[...system.providers.keys()].join(', ') || '(none)'}.`,
    );
  }
  const settings = system.config.providers[providerId] ?? {};
  return {
    concurrency: settings.concurrency ?? provider.limits.concurrency,
    rateMax: settings.rateMax ?? provider.limits.rate.max,
    ratePerMs: settings.ratePerMs ?? provider.limits.rate.perMs,
  };
}

/**
 * Writes every provider queue's global concurrency and rate limit to Redis, where every worker in every
 * process reads them. Idempotent: each start writes the current settings.
 */
export async function applyProviderLimits(system: QueueSystem): Promise<Map<string, QueueLimits>> {
  const applied = new Map<string, QueueLimits>();
  for (const providerId of system.providers.keys()) {
    const limits = providerQueueLimits(system, providerId);
    const queue = system.queue(searchQueueName(providerId));
    await queue.setGlobalConcurrency(limits.concurrency);
    await queue.setGlobalRateLimit(limits.rateMax, limits.ratePerMs);
    applied.set(providerId, limits);
  }
  return applied;
}
