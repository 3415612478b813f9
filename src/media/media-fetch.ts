// Small helpers over the injected `fetch` (safe fetch in production, so every address is checked):
// read a bounded body, say in one line what failed.

export interface MediaFetchOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Stop reading after this many bytes; what was read so far is returned. */
  maxBytes?: number;
}

export interface FetchedBody {
  /** The final address, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** True when the body was cut at `maxBytes`. */
  truncated: boolean;
}

/** Pages we read for `og:image` and result lists rarely need more than this; the rest is scripts. */
export const DEFAULT_PAGE_BYTES = 3 * 1024 * 1024;

export class MediaFetchError extends Error {
  override readonly name = 'MediaFetchError';
  readonly status?: number;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
  }
}

export async function fetchBody(
  fetchFunction: typeof fetch,
  url: string,
  options: MediaFetchOptions = {},
): Promise<FetchedBody> {
  const maxBytes = options.maxBytes ?? DEFAULT_PAGE_BYTES;
  let response: Response;
  try {
    response = await fetchFunction(url, {
      signal: options.signal,
      headers: options.headers,
      redirect: 'follow',
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw new MediaFetchError(`Fetching ${url} failed: ${(error as Error).message}`, { cause: error });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const room = maxBytes - size;
        if (value.byteLength >= room) {
          chunks.push(Buffer.from(value.buffer, value.byteOffset, room));
          size += room;
          truncated = value.byteLength > room;
          break;
        }
        chunks.push(Buffer.from(value));
        size += value.byteLength;
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }
  return {
    url: response.url || url,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: Buffer.concat(chunks, size),
    truncated,
  };
}

/** Fetches and parses JSON; throws a MediaFetchError naming the address when the answer is not JSON. */
export async function fetchJson(
  fetchFunction: typeof fetch,
  url: string,
  options: MediaFetchOptions = {},
): Promise<{ status: number; json: unknown; url: string }> {
  const fetched = await fetchBody(fetchFunction, url, {
    ...options,
    headers: { accept: 'application/json', ...options.headers },
  });
  try {
    return { status: fetched.status, json: JSON.parse(fetched.body.toString('utf8')), url: fetched.url };
  } catch (error) {
    throw new MediaFetchError(
      `${url} answered ${fetched.status} without JSON (${fetched.contentType || 'no type'}).`,
      {
        status: fetched.status,
        cause: error,
      },
    );
  }
}

/** The first line of an error's message, for one-line notes. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0] ?? message;
}
