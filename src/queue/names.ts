// Queue names and our own key names. One queue per search provider, plus `read` and `media`.

/** The queue that carries one provider's searches. */
export function searchQueueName(providerId: string): string {
  return `search.${providerId}`;
}

export const SEARCH_QUEUE_PREFIX = 'search.';
export const READ_QUEUE = 'read';
export const MEDIA_QUEUE = 'media';

/** The provider id a search queue serves, or undefined for other queues. */
export function providerOfQueue(queueName: string): string | undefined {
  return queueName.startsWith(SEARCH_QUEUE_PREFIX) ? queueName.slice(SEARCH_QUEUE_PREFIX.length) : undefined;
}

/**
 * Our own keys sit under the same hash-tagged prefix as BullMQ's, in a `state` section no queue is
 * named after, so a Redis Cluster keeps them on the queues' slot and two installations never mix.
 */
export function stateKey(prefix: string, ...parts: string[]): string {
  return [prefix, 'state', ...parts].join(':');
}
