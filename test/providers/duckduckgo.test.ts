import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { duckduckgo } from '../../src/providers/duckduckgo.ts';
import { parseQuery } from '../../src/providers/operators.ts';
import {
  fakeFetch,
  hangingFetch,
  htmlAnswer,
  networkError,
  NOW,
  OWN_FIXTURES,
  readText,
  SEARCH_FIXTURES,
} from './fake-fetch.ts';
import { failure } from './provider-test-kit.ts';

const pages = resolve(SEARCH_FIXTURES, 'duckduckgo-html');
const tenResults = readText(resolve(pages, 'q_eino_10_results.html'));
const noResults = readText(resolve(pages, 'no_results.html'));
const lastPage = readText(resolve(pages, 'eof_page.html'));
const challenge = readText(resolve(OWN_FIXTURES, 'duckduckgo-challenge.html'));

describe('duckduckgo', () => {
  it('POSTs the form to html.duckduckgo.com/html/ with the operators in q and the recency as df', async () => {
    const fake = fakeFetch(htmlAnswer(tenResults));
    const query = parseQuery('eino site:github.com filetype:pdf', { recency: 'week' });
    await duckduckgo.search(query, { fetch: fake.fetch, now: () => NOW });
    const sent = fake.soleRequest();
    expect(sent.method).toBe('POST');
    expect(sent.url.href).toBe('https://html.duckduckgo.com/html/');
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.headers['user-agent']).toMatch(/Mozilla/);
    const form = new URLSearchParams(sent.body);
    expect(form.get('q')).toBe('eino site:github.com filetype:pdf');
    expect(form.get('df')).toBe('w');
  });

  it('reads the ten results of a recorded page: title, address, snippet as plain text', async () => {
    const fake = fakeFetch(htmlAnswer(tenResults));
    const answer = await duckduckgo.search(parseQuery('eino'), { fetch: fake.fetch, now: () => NOW });
    expect(answer.ignored).toEqual([]);
    expect(answer.results).toHaveLength(10);
    expect(answer.results.map((result) => result.url)).toEqual([
      'https://github.com/cloudwego/eino',
      'https://www.cloudwego.io/zh/docs/eino/overview/',
      'https://ai-bot.cn/eino/',
      'https://cloudwego.cn/docs/eino/overview/eino_open_source/',
      'https://stable-learn.com/en/eino-open-source-announcement/',
      'https://juejin.cn/post/7460126710085091367',
      'https://www.cloudwego.io/docs/eino/',
      'https://pkg.go.dev/github.com/cloudwego/eino',
      'https://github.com/cloudwego/eino-ext',
      'https://en.wikipedia.org/wiki/Eino',
    ]);
    expect(answer.results[0]).toEqual({
      title: 'GitHub - cloudwego/eino: The ultimate LLM/AI application development ...',
      url: 'https://github.com/cloudwego/eino',
      snippet:
        'Eino is a framework for building LLM applications in Golang, inspired by LangChain and LlamaIndex. It provides component abstractions, orchestration APIs, best practices, tools and examples for LLM development.',
    });
    // The page shows "2025-06-23T00:00:00.0000000" next to this one: a time without a zone is no date.
    expect(answer.results[1]).toMatchObject({ title: 'Eino: 概述 | CloudWeGo' });
    expect(answer.results[1]!.date).toBeUndefined();
    expect(answer.results[1]!.snippet).toContain(
      'Eino[\'aino] (近似音: i know，希望框架能达到 "i know" 的愿景)',
    );
    for (const result of answer.results) {
      expect(result.snippet).not.toMatch(/<|&[a-z#0-9]+;/i);
      expect(result.title).not.toBe('');
    }
  });

  it('keeps k and reports a k above one page as ignored', async () => {
    const fake = fakeFetch(htmlAnswer(tenResults));
    const three = await duckduckgo.search(parseQuery('eino', { k: 3 }), {
      fetch: fake.fetch,
      now: () => NOW,
    });
    expect(three.results).toHaveLength(3);
    const many = await duckduckgo.search(parseQuery('eino', { k: 30 }), {
      fetch: fake.fetch,
      now: () => NOW,
    });
    expect(many.results).toHaveLength(10);
    expect(many.ignored).toEqual(['k']);
  });

  it('answers an empty list for the recorded "no results" page and the end-of-results page', async () => {
    for (const page of [noResults, lastPage]) {
      const fake = fakeFetch(htmlAnswer(page));
      const answer = await duckduckgo.search(parseQuery('testtesttesttest'), {
        fetch: fake.fetch,
        now: () => NOW,
      });
      expect(answer.results).toEqual([]);
    }
  });

  it('unwraps links DuckDuckGo routes through /l/?uddg=', async () => {
    const wrapped = tenResults.replace(
      'class="result__a" href="https://github.com/cloudwego/eino"',
      'class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fgithub.com%2Fcloudwego%2Feino&amp;rut=abc"',
    );
    const answer = await duckduckgo.search(parseQuery('eino'), {
      fetch: fakeFetch(htmlAnswer(wrapped)).fetch,
      now: () => NOW,
    });
    expect(answer.results[0]!.url).toBe('https://github.com/cloudwego/eino');
  });

  it('takes the base address from settings (a proxy or a test server)', async () => {
    const fake = fakeFetch(htmlAnswer(noResults));
    await duckduckgo.search(parseQuery('eino'), {
      fetch: fake.fetch,
      url: 'http://127.0.0.1:9999/ddg/',
      now: () => NOW,
    });
    expect(fake.soleRequest().url.href).toBe('http://127.0.0.1:9999/ddg/html/');
  });

  describe('errors on the HTML transport', () => {
    const query = parseQuery('eino');

    it('a 202 challenge page is blocked, not "no results"', async () => {
      const error = await failure(
        duckduckgo.search(query, { fetch: fakeFetch(htmlAnswer(challenge, 202)).fetch }),
      );
      expect(error.kind).toBe('blocked');
      expect(error.provider).toBe('duckduckgo');
      expect(error.status).toBe(202);
      expect(error.message.split('\n')[0]).toMatch(
        /^DuckDuckGo answered with a bot check \(HTTP 202\).*QUARRY_PROVIDERS/,
      );
    });

    it('a challenge page served with 200 is blocked too', async () => {
      const error = await failure(
        duckduckgo.search(query, { fetch: fakeFetch(htmlAnswer(challenge, 200)).fetch }),
      );
      expect(error.kind).toBe('blocked');
    });

    it('a 202 without the challenge markers is still not an answer', async () => {
      const error = await failure(duckduckgo.search(query, { fetch: fakeFetch(htmlAnswer('', 202)).fetch }));
      expect(error.kind).toBe('blocked');
    });

    it('403 is blocked (there is no key to refuse)', async () => {
      const error = await failure(
        duckduckgo.search(query, { fetch: fakeFetch(htmlAnswer('Forbidden', 403)).fetch }),
      );
      expect(error.kind).toBe('blocked');
      expect(error.message).toMatch(
        /^DuckDuckGo refused the search with a bot check|^DuckDuckGo refused the search/,
      );
    });

    it('429 with Retry-After in seconds is limit, resting until then', async () => {
      const fake = fakeFetch(htmlAnswer('slow down', 429, { 'retry-after': '120' }));
      const error = await failure(duckduckgo.search(query, { fetch: fake.fetch, now: () => NOW }));
      expect(error.kind).toBe('limit');
      expect(error.retryAt).toBe(NOW + 120_000);
      expect(error.message).toMatch(
        /^DuckDuckGo is rate limited \(HTTP 429: slow down\), asked to wait until 2026-11-30T12:02:00.000Z/,
      );
      expect(error.message).toContain('providers.duckduckgo.rateMax');
    });

    it('429 with Retry-After as an HTTP date is limit until that date', async () => {
      const fake = fakeFetch(htmlAnswer('', 429, { 'retry-after': 'Mon, 30 Nov 2026 13:00:00 GMT' }));
      const error = await failure(duckduckgo.search(query, { fetch: fake.fetch, now: () => NOW }));
      expect(error.retryAt).toBe(Date.parse('2026-11-30T13:00:00Z'));
    });

    it('402 is credits, 400 is invalid', async () => {
      expect(
        (await failure(duckduckgo.search(query, { fetch: fakeFetch(htmlAnswer('', 402)).fetch }))).kind,
      ).toBe('credits');
      const invalid = await failure(
        duckduckgo.search(query, { fetch: fakeFetch(htmlAnswer('bad query', 400)).fetch }),
      );
      expect(invalid.kind).toBe('invalid');
      expect(invalid.message).toMatch(
        /^DuckDuckGo refused the search's arguments \(HTTP 400: bad query\): change/,
      );
    });

    it('5xx is unavailable and names the address setting', async () => {
      const error = await failure(
        duckduckgo.search(query, { fetch: fakeFetch(htmlAnswer('<html>oops</html>', 503)).fetch }),
      );
      expect(error.kind).toBe('unavailable');
      expect(error.status).toBe(503);
      expect(error.message).toMatch(
        /^DuckDuckGo is unavailable \(HTTP 503\) at https:\/\/html.duckduckgo.com\/html\/.*QUARRY_DUCKDUCKGO_URL/,
      );
    });

    it('a network failure is unavailable with the reason', async () => {
      const error = await failure(
        duckduckgo.search(query, { fetch: fakeFetch(networkError('ENOTFOUND')).fetch }),
      );
      expect(error.kind).toBe('unavailable');
      expect(error.message).toMatch(
        /^DuckDuckGo could not be reached at https:\/\/html.duckduckgo.com\/html\/ \(ENOTFOUND\)/,
      );
    });

    it('a timeout is unavailable and names QUARRY_PROVIDER_TIMEOUT_MS', async () => {
      const error = await failure(duckduckgo.search(query, { fetch: hangingFetch(), timeoutMs: 5 }));
      expect(error.kind).toBe('unavailable');
      expect(error.message).toMatch(/^DuckDuckGo did not answer within 5 ms .*QUARRY_PROVIDER_TIMEOUT_MS/);
    });

    it("the caller's own abort is passed on as it is, not turned into a provider failure", async () => {
      const controller = new AbortController();
      const pending = duckduckgo.search(query, { fetch: hangingFetch(), signal: controller.signal });
      controller.abort(new Error('caller gave up'));
      await expect(pending).rejects.toThrow('caller gave up');
    });

    it('a page that is not a results page is unavailable, not an empty answer', async () => {
      const error = await failure(
        duckduckgo.search(query, { fetch: fakeFetch(htmlAnswer('<html><body>Welcome</body></html>')).fetch }),
      );
      expect(error.kind).toBe('unavailable');
      expect(error.message).toMatch(/no results list/);
    });
  });
});
