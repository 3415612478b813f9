// What the provider tests share: reading a fixture written from a provider's documentation, running one
// search against a fake fetch, checking the documented request line, and catching a provider's failure.
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import type { SearchQuery } from '../../src/providers/types.ts';
import { SearchError, type ProviderAnswer, type SearchProvider } from '../../src/providers/types.ts';
import {
  type Answer,
  type FakeFetch,
  fakeFetch,
  jsonAnswer,
  NOW,
  OWN_FIXTURES,
  readJson,
  type RecordedRequest,
} from './fake-fetch.ts';

/** A fixture written from a provider's documentation: where it came from, one request and its answer. */
export interface DocumentedFixture<AnswerBody = unknown> {
  _source: string;
  request: { method: string; uri: string; body?: unknown };
  response: AnswerBody;
}

/** Reads test/fixtures/providers/<name>-search.json. */
export function readDocumented<AnswerBody = unknown>(name: string): DocumentedFixture<AnswerBody> {
  return readJson<DocumentedFixture<AnswerBody>>(resolve(OWN_FIXTURES, `${name}-search.json`));
}

/** Checks the fixture says it was written from the documentation of `owner` (e.g. "Kagi's"). */
export function expectWrittenFromDocumentation(documented: DocumentedFixture, owner: string): void {
  const escaped = owner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(documented._source).toMatch(new RegExp(`^Written from ${escaped} documentation, not recorded`));
}

/** The test that a fixture says it was written from `owner`'s documentation, not recorded. */
export function itSaysWrittenFromDocumentation(documented: DocumentedFixture, owner: string): void {
  it('the fixture says it was written from the documentation', () => {
    expectWrittenFromDocumentation(documented, owner);
  });
}

/** Checks a request has the documented method and the documented address, exactly. */
export function expectDocumentedRequest(sent: RecordedRequest, request: DocumentedFixture['request']): void {
  expect(sent.method).toBe(request.method);
  expect(sent.url.href).toBe(request.uri);
}

export interface SearchRun {
  answer: ProviderAnswer;
  fake: FakeFetch;
}

/** Runs one search with `key` (undefined: none) against a fake fetch answering `answers`, at the test clock. */
export async function searchWith(
  provider: SearchProvider,
  query: SearchQuery,
  key: string | undefined,
  ...answers: Answer[]
): Promise<SearchRun> {
  const fake = fakeFetch(...answers);
  const answer = await provider.search(query, {
    fetch: fake.fetch,
    ...(key === undefined ? {} : { key }),
    now: () => NOW,
  });
  return { answer, fake };
}

/** The SearchError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<SearchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SearchError);
  return error as SearchError;
}

/** Runs one search answered by the fixture's documented answer. */
export function searchDocumented(
  provider: SearchProvider,
  documented: DocumentedFixture,
  query: SearchQuery,
  key: string | undefined,
): Promise<SearchRun> {
  return searchWith(provider, query, key, jsonAnswer(documented.response));
}

/** Runs one search answered by the documented answer, checks it sent the documented request line, and returns that request. */
export async function sendsDocumentedRequest(
  provider: SearchProvider,
  documented: DocumentedFixture,
  query: SearchQuery,
  key: string | undefined,
): Promise<RecordedRequest> {
  const { fake } = await searchDocumented(provider, documented, query, key);
  const sent = fake.soleRequest();
  expectDocumentedRequest(sent, documented.request);
  return sent;
}
