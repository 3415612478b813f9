// A loopback search server and providers that ask it, for the pipeline's tests and benchmarks. The
// server counts requests and the most it ever had in flight at once, and can be told to be slow or to
// answer 429 with Retry-After.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SearchError, type ProviderCaps, type SearchProvider } from '../../src/providers/types.ts';

export interface FakeBehaviour {
  /** Milliseconds before answering. */
  delayMs?: number;
  /** Answer with this status instead of results. */
  status?: number;
  /** Retry-After seconds sent with a non-200 status. */
  retryAfterSeconds?: number;
}

export interface FakeSearchServer {
  url: string;
  requests: number;
  inFlight: number;
  maxInFlight: number;
  /** Request counts per provider path (`/brave`, ...). */
  perPath: Map<string, number>;
  /** Keys the providers sent (the `x-key` header), to check workers use their own configuration. */
  keysSeen: Set<string>;
  /** Process ids of the workers that asked (the `x-worker` header). */
  workersSeen: Set<string>;
  /** Arrival times (epoch ms) per path. */
  arrivals: Map<string, number[]>;
  behave(path: string, behaviour: FakeBehaviour): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeSearchServer(): Promise<FakeSearchServer> {
  const behaviours = new Map<string, FakeBehaviour>();
  const state: FakeSearchServer = {
    url: '',
    requests: 0,
    inFlight: 0,
    maxInFlight: 0,
    perPath: new Map(),
    keysSeen: new Set(),
    workersSeen: new Set(),
    arrivals: new Map(),
    behave(path, behaviour) {
      behaviours.set(path, behaviour);
    },
    reset() {
      state.requests = 0;
      state.maxInFlight = state.inFlight;
      state.perPath.clear();
      state.keysSeen.clear();
      state.workersSeen.clear();
      state.arrivals.clear();
      behaviours.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', 'http://fake');
    const path = address.pathname;
    state.requests += 1;
    state.perPath.set(path, (state.perPath.get(path) ?? 0) + 1);
    const key = request.headers['x-key'];
    if (typeof key === 'string') state.keysSeen.add(key);
    const worker = request.headers['x-worker'];
    if (typeof worker === 'string') state.workersSeen.add(worker);
    state.arrivals.set(path, [...(state.arrivals.get(path) ?? []), Date.now()]);
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    const behaviour = behaviours.get(path) ?? {};
    const answer = () => {
      state.inFlight -= 1;
      if (behaviour.status && behaviour.status !== 200) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (behaviour.retryAfterSeconds !== undefined)
          headers['retry-after'] = String(behaviour.retryAfterSeconds);
        response.writeHead(behaviour.status, headers).end(JSON.stringify({ error: 'refused' }));
        return;
      }
      const query = address.searchParams.get('q') ?? '';
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          results: [
            {
              title: `${path.slice(1)}: ${query}`,
              url: `https://example.com${path}?q=${encodeURIComponent(query)}`,
            },
          ],
        }),
      );
    };
    if (behaviour.delayMs) setTimeout(answer, behaviour.delayMs);
    else answer();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

const CAPS: ProviderCaps = {
  maxK: 10,
  sites: false,
  excludeSites: false,
  categories: [],
  dates: false,
  languages: false,
  fileTypes: [],
  homepagesOnly: false,
  filteredSnippets: false,
};

/**
 * A provider that asks the fake server at `<url>/<id>`. Its address and key come from the worker's
 * configuration (`providers.<id>.url`, `.key`), as a real provider's do.
 */
export function fakeProvider(
  id: string,
  limits: SearchProvider['limits'] = { concurrency: 50, rate: { max: 100_000, perMs: 1_000 } },
  key: SearchProvider['key'] = 'optional',
): SearchProvider {
  return {
    id,
    name: `Fake ${id}`,
    description: 'A loopback test provider.',
    caps: CAPS,
    key,
    keyEnv: `QUARRY_${id.toUpperCase()}_KEY`,
    enabledByDefault: true,
    limits,
    async search(query, context) {
      if (!context.url) throw new SearchError('unavailable', `Fake ${id} has no address`, { provider: id });
      const headers: Record<string, string> = { 'x-worker': String(process.pid) };
      if (context.key) headers['x-key'] = context.key;
      const response = await context.fetch(`${context.url}/${id}?q=${encodeURIComponent(query.text)}`, {
        headers,
        signal: context.signal,
      });
      if (response.status === 429) {
        const seconds = Number(response.headers.get('retry-after') ?? '60');
        await response.body?.cancel();
        throw new SearchError('limit', `Fake ${id} said 429 Too Many Requests; retry after ${seconds} s.`, {
          provider: id,
          status: 429,
          retryAt: Date.now() + seconds * 1_000,
        });
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new SearchError('unavailable', `Fake ${id} answered ${response.status}.`, {
          provider: id,
          status: response.status,
        });
      }
      const body = (await response.json()) as { results: Array<{ title: string; url: string }> };
      return { results: body.results.map((result) => ({ ...result, snippet: '' })), ignored: [] };
    },
  };
}

/** A query with every filter at its neutral value. */
export function plainQuery(text: string) {
  return {
    text,
    k: 5,
    sites: [],
    excludeSites: [],
    categories: [],
    languages: [],
    fileTypes: [],
    homepagesOnly: false,
  };
}
