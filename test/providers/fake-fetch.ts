// A fetch that answers from a script and records every request, so tests check what a provider
// sends (address, parameters, headers, body) and how it reads a recorded answer.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The shared corpora, read where they are (never copied into the repository). */
export const CORPORA = resolve(REPO_ROOT, '../shared/corpora');
export const SEARCH_FIXTURES = resolve(CORPORA, 'search-fixtures');
/** Fixtures written from a provider's documentation where no recorded answer exists. */
export const OWN_FIXTURES = resolve(REPO_ROOT, 'test/fixtures/providers');

/** A clock for tests: after every recorded date, so none of them counts as "in the future". */
export const NOW = Date.parse('2026-11-30T12:00:00Z');

export function readJson<T = Record<string, unknown>>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export function readText(path: string): string {
  return readFileSync(path, 'utf8');
}

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export type Answer = Response | (() => Response | Promise<Response>) | Error;

export interface FakeFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** The single request made; fails the test when there were none or several. */
  soleRequest(): RecordedRequest;
}

/** Answers the scripted answers in turn (the last one repeats). An Error is thrown as a network failure. */
export function fakeFetch(...answers: Answer[]): FakeFetch {
  const requests: RecordedRequest[] = [];
  let index = 0;
  const fetchImplementation = async (
    input: string | URL | Request,
    init: RequestInit = {},
  ): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const body = init.body === undefined || init.body === null ? '' : String(init.body);
    requests.push({ url: new URL(String(input)), method: init.method ?? 'GET', headers, body });
    const answer = answers[Math.min(index, answers.length - 1)];
    index += 1;
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer();
    if (!answer) throw new Error('fakeFetch has no answer scripted');
    return answer.clone();
  };
  return {
    fetch: fetchImplementation as typeof fetch,
    requests,
    soleRequest() {
      if (requests.length !== 1) throw new Error(`expected one request, saw ${requests.length}`);
      return requests[0]!;
    },
  };
}

export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function htmlAnswer(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=UTF-8', ...headers } });
}

/** A fetch that never answers until its signal aborts, as a server that hangs. */
export function hangingFetch(): typeof fetch {
  return ((_input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
    })) as typeof fetch;
}

/** A network failure as undici reports one: TypeError "fetch failed" with a cause carrying the code. */
export function networkError(code = 'ECONNREFUSED'): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) });
}
