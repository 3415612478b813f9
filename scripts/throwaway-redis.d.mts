export function redisAnswers(host: string, port: number): Promise<boolean>;
export function ensureTestRedis(
  url?: string,
  options?: { detached?: boolean },
): Promise<{ started: boolean; stop(): Promise<void> }>;
