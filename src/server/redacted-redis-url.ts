// Kept apart from the app so the command line can word a Redis message without loading the server.

/** The Redis address without its password, for messages. */
export function redactedRedisUrl(url: string): string {
  try {
    const address = new URL(url);
    if (address.password) address.password = '***';
    return address.toString();
  } catch {
    return '(invalid REDIS_URL)';
  }
}
