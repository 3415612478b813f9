// Safe fetch against real loopback servers. Every refused address is one that, were it let through, would
// reach a server this test runs (on 127.0.0.1 or 127.0.0.2) or a private network; the servers record every
// request, and the test shows none arrived.
import type { LookupAddress } from 'node:dns';
import { createGzip, brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  AllowList,
  FetchFailedError,
  FetchRefusedError,
  createGuardedFetch,
  describeNonPublicAddress,
  safeFetch,
  type HostLookup,
  type SafeFetchOptions,
} from '../../src/web/safe-fetch.ts';
import { startPageServer, type PageServer } from './safe-fetch-page-server.ts';

let publicServer: PageServer; // 127.0.0.1: reached only through the allowed name public.test
let privateServer: PageServer; // 127.0.0.2: never allowed; any request here is a leak
let loopback6Server: PageServer | undefined; // ::1 on the same port, where the machine has IPv6
let gzipBomb: Buffer;

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

/** A resolver for test names; `rebind.test` answers 127.0.0.1 the first time and 127.0.0.2 after. */
function testLookup(): HostLookup & { calls: string[] } {
  let rebindCalls = 0;
  const calls: string[] = [];
  const table: Record<string, LookupAddress[]> = {
    'public.test': [v4('127.0.0.1')],
    'internal.test': [v4('10.1.2.3')],
    'metadata.test': [v4('169.254.169.254')],
    'loop6.test': [v6('::1')],
    'mapped.test': [v6('::ffff:127.0.0.1')],
    'nat64.test': [v6('64:ff9b::7f00:1')],
    'mixed.test': [v4('127.0.0.1'), v4('127.0.0.2')],
    'cgnat.test': [v4('100.100.1.1')],
    'private-server.test': [v4('127.0.0.2')],
    'unspecified.test': [v4('0.0.0.0')],
  };
  const lookup = async (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    if (hostname === 'rebind.test') return [v4(rebindCalls++ === 0 ? '127.0.0.1' : '127.0.0.2')];
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return Object.assign(lookup, { calls });
}

function options(extra: SafeFetchOptions = {}): SafeFetchOptions {
  // 127.0.0.1/32 is allowed so rebind.test's first answer works; 127.0.0.2 (the private server) never is.
  return { allow: ['public.test', '127.0.0.1/32'], lookup: testLookup(), headerTimeoutMs: 5_000, ...extra };
}

async function refusal(url: string, extra: SafeFetchOptions = {}): Promise<FetchRefusedError> {
  const error = await safeFetch(url, { lookup: testLookup(), headerTimeoutMs: 5_000, ...extra }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `${url} should have been refused`).toBeInstanceOf(FetchRefusedError);
  return error as FetchRefusedError;
}

beforeAll(async () => {
  publicServer = await startPageServer('127.0.0.1');
  privateServer = await startPageServer('127.0.0.2', publicServer.port);
  loopback6Server = await startPageServer('::1', publicServer.port).catch(() => undefined);
  for (const server of [publicServer, privateServer]) {
    server.route('/', (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>secret</p>'),
    );
  }
  publicServer.route('/page', (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>Hello</h1>'),
  );
  publicServer.route('/redirect', (request, response) => {
    const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to') ?? '/page';
    response.writeHead(302, { location: to, connection: 'close' }).end();
  });
  publicServer.route('/chain', (request, response) => {
    const left = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('left') ?? '0');
    if (left <= 0) response.writeHead(200, { 'content-type': 'text/plain' }).end('end of chain');
    else response.writeHead(301, { location: `/chain?left=${left - 1}` }).end();
  });
  publicServer.route('/gzip', (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
      .end(gzipSync('<p>compressed page</p>')),
  );
  publicServer.route('/brotli', (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' })
      .end(brotliCompressSync(Buffer.from('<p>brotli page</p>'))),
  );
  publicServer.route('/big', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' }); // no Content-Length: the cap must count
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const push = (): void => {
      while (sent < 4 * 1024 * 1024) {
        sent += chunk.length;
        if (!response.write(chunk)) {
          response.once('drain', push);
          return;
        }
      }
      response.end();
    };
    push();
  });
  publicServer.route('/big-declared', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(50 * 1024 * 1024) });
    response.write('a'); // then nothing: the declared length alone must stop it
  });
  publicServer.route('/bomb', (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipBomb),
  );
  publicServer.route('/double-bomb', (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip, gzip' })
      .end(gzipSync(gzipBomb)),
  );
  publicServer.route('/brotli-bomb', (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' })
      .end(brotliCompressSync(Buffer.alloc(8 * 1024 * 1024))),
  );
  publicServer.route('/no-headers', () => {
    // Never answers: the header timeout must end it.
  });
  publicServer.route('/trickle', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => response.write('.'), 50);
    response.on('close', () => clearInterval(timer));
  });
  publicServer.route('/post-then-see-other', (_request, response) =>
    response.writeHead(303, { location: '/echo' }).end(),
  );
  publicServer.route('/echo', (request, response, body) =>
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ method: request.method, body, cookie: request.headers.cookie ?? null })),
  );

  // 100 MiB of zeros, gzipped as a stream (about 100 KiB): far past any cap once inflated.
  gzipBomb = await new Promise<Buffer>((resolve, reject) => {
    const gzip = createGzip({ level: 9 });
    const chunks: Buffer[] = [];
    gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
    gzip.on('end', () => resolve(Buffer.concat(chunks)));
    gzip.on('error', reject);
    const zeros = Buffer.alloc(1024 * 1024);
    for (let index = 0; index < 100; index++) gzip.write(zeros);
    gzip.end();
  });
});

afterAll(async () => {
  await publicServer?.close();
  await privateServer?.close();
  await loopback6Server?.close();
});

describe('literal addresses in every spelling', () => {
  const loopbackSpellings = () => {
    const port = publicServer.port;
    return [
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`, // decimal
      `http://0x7f000001:${port}/`, // hex
      `http://0x7F.0.0.1:${port}/`, // hex first part
      `http://0177.0.0.1:${port}/`, // octal
      `http://017700000001:${port}/`, // octal whole
      `http://127.1:${port}/`, // short form
      `http://127.0.1:${port}/`, // short form
      `http://127.0.0.1.:${port}/`, // trailing dot
      `http://127.000.000.001:${port}/`, // zero-padded (read as octal zeros)
      `http://[::1]:${port}/`,
      `http://[0:0:0:0:0:0:0:1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`, // IPv4-mapped, dotted
      `http://[::ffff:7f00:1]:${port}/`, // IPv4-mapped, hex
      `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`, // IPv4-mapped, long
      `http://[0000:0000:0000:0000:0000:FFFF:7F00:0001]:${port}/`, // IPv4-mapped, zero-padded upper case
      `http://[::ffff:0:7f00:1]:${port}/`, // IPv4-translated (RFC 6145)
      `http://[::127.0.0.1]:${port}/`, // IPv4-compatible (deprecated)
      `http://0.0.0.0:${port}/`, // unspecified: Linux connects it to loopback
      `http://0:${port}/`,
      `http://[::]:${port}/`,
      `http://127.0.0.2:${port}/`,
      `http://127.255.255.254:${port}/`,
    ];
  };

  it('refuses loopback and unspecified addresses however they are written, and none reaches a server', async () => {
    for (const url of loopbackSpellings()) {
      const error = await refusal(url);
      expect(error.reason).toBe('address');
      expect(error.message).toMatch(/is an? .*address; read_page reads public pages only/);
    }
    expect(publicServer.requests.filter((request) => !/^(public|rebind)\.test:/.test(request.host))).toEqual(
      [],
    );
    expect(privateServer.requests).toEqual([]);
    expect(loopback6Server?.requests ?? []).toEqual([]);
  });

  it('names the address and its kind in the message', async () => {
    expect((await refusal(`http://2130706433:${publicServer.port}/`)).message).toMatch(
      /^127\.0\.0\.1 is a loopback address; read_page reads public pages only/,
    );
    expect((await refusal('http://[::ffff:7f00:1]/')).message).toMatch(
      /^::ffff:7f00:1 is an IPv4-mapped IPv6 address/,
    );
  });

  it.each([
    ['http://10.0.0.1/', 'private'],
    ['http://172.16.5.4/', 'private'],
    ['http://172.31.255.255/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://0xc0a80101/', 'private'], // 192.168.1.1 in hex
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://2852039166/', 'link-local'], // 169.254.169.254 in decimal
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://100.127.255.254/', 'carrier-grade NAT'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://239.255.255.250/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://240.0.0.1/', 'reserved'],
    ['http://192.0.2.1/', 'reserved'],
    ['http://198.18.0.1/', 'reserved'],
    ['http://192.0.0.8/', 'reserved'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[fc00::1]/', 'unique local'],
    ['http://[fd12:3456:789a::1]/', 'unique local'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://[fec0::1]/', 'site-local'],
    ['http://[2001:db8::1]/', 'reserved'],
    ['http://[::ffff:10.0.0.1]/', 'IPv4-mapped'],
    ['http://[::ffff:a9fe:a9fe]/', 'IPv4-mapped'], // metadata service, mapped
    ['http://[64:ff9b::7f00:1]/', 'NAT64'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'NAT64'],
    ['http://[64:ff9b:1::a00:1]/', 'NAT64'], // local-use NAT64 (RFC 8215)
    ['http://[2002:7f00:1::]/', '6to4'],
    ['http://[2002:a9fe:a9fe::1]/', '6to4'],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'Teredo'],
    ['http://[100::1]/', 'discard'],
    ['http://[::2]/', 'IPv4-compatible'],
    ['http://[4000::1]/', 'outside the global unicast range'],
  ])('refuses %s (%s)', async (url, kind) => {
    const error = await refusal(url);
    expect(error.reason).toBe('address');
    expect(error.message).toContain(kind);
  });
});

describe('names are checked on every address they resolve to, at connect time', () => {
  it.each([
    ['http://internal.test/', '10.1.2.3, a private address'],
    ['http://metadata.test/latest/meta-data/', '169.254.169.254, a link-local address'],
    ['http://loop6.test:PORT/', '::1, a loopback address'],
    ['http://mapped.test:PORT/', '::ffff:127.0.0.1, an IPv4-mapped IPv6 address'],
    ['http://nat64.test:PORT/', '64:ff9b::7f00:1, a NAT64 address'],
    ['http://cgnat.test/', '100.100.1.1, a carrier-grade NAT address'],
    ['http://unspecified.test:PORT/', '0.0.0.0, an unspecified address'],
  ])('refuses %s', async (url, words) => {
    // PORT is the loopback servers' port: a name let through to a loopback address would reach one.
    const error = await refusal(url.replace('PORT', String(publicServer.port)));
    expect(error.message).toContain(`resolves to ${words}; read_page reads public pages only`);
    expect(privateServer.requests).toEqual([]);
    expect(loopback6Server?.requests ?? []).toEqual([]);
    expect(publicServer.requests.filter((request) => !/^(public|rebind)\.test:/.test(request.host))).toEqual(
      [],
    );
  });

  it('refuses a name when any one of its addresses is not public', async () => {
    // 127.0.0.1 is allowed by range here, 127.0.0.2 is not: the whole name is refused.
    const error = await refusal(`http://mixed.test:${publicServer.port}/`, { allow: ['127.0.0.1/32'] });
    expect(error.message).toContain('127.0.0.2, a loopback address');
    expect(privateServer.requests).toEqual([]);
  });

  it('refuses localhost through the system resolver', async () => {
    const error = await safeFetch(`http://localhost:${publicServer.port}/`).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FetchRefusedError);
    expect((error as Error).message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  });

  it('refuses a name whose second resolution points somewhere private (DNS rebinding)', async () => {
    const lookup = testLookup();
    const shared = { allow: ['127.0.0.1/32'], lookup };
    const first = await safeFetch(`http://rebind.test:${publicServer.port}/page`, shared);
    expect(first.body.toString()).toBe('<h1>Hello</h1>');
    const second = await safeFetch(`http://rebind.test:${publicServer.port}/page`, shared).catch(
      (caught: unknown) => caught,
    );
    expect(second).toBeInstanceOf(FetchRefusedError);
    expect((second as Error).message).toContain('rebind.test resolves to 127.0.0.2, a loopback address');
    expect(privateServer.requests).toEqual([]);
  });

  it('checks the new resolution when a redirect opens a new connection to the same name', async () => {
    // The server closes the connection on the redirect, so the second hop resolves rebind.test again.
    const lookup = testLookup();
    const error = await safeFetch(`http://rebind.test:${publicServer.port}/redirect?to=/page`, {
      allow: ['127.0.0.1/32'],
      lookup,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchRefusedError);
    expect(lookup.calls.filter((name) => name === 'rebind.test').length).toBe(2);
    expect(privateServer.requests).toEqual([]);
  });

  it('reports a name that does not exist as a network failure, not a refusal', async () => {
    const error = await safeFetch('http://no-such-name.test/', options()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchFailedError);
    expect((error as Error).message).toContain('no-such-name.test could not be found');
  });
});

describe('redirects are followed by hand and every hop is checked', () => {
  const targets = () => [
    `http://127.0.0.1:${publicServer.port}/`,
    `http://127.0.0.2:${publicServer.port}/`,
    `http://2130706433:${publicServer.port}/`,
    `http://[::1]:${publicServer.port}/`,
    `http://[::ffff:127.0.0.2]:${publicServer.port}/`,
    `http://private-server.test:${publicServer.port}/`,
    'http://internal.test/',
    'http://metadata.test/latest/meta-data/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00::1]/',
  ];

  it('refuses every redirect from an allowed server to a private address', async () => {
    const before = publicServer.requests.length;
    for (const target of targets()) {
      const url = `${publicServer.origin('public.test')}/redirect?to=${encodeURIComponent(target)}`;
      const error = await refusal(url, { allow: ['public.test'] });
      expect(error.reason).toBe('address');
    }
    // Only the redirects themselves reached the public server, and nothing reached the private one.
    expect(publicServer.requests.slice(before).every((request) => request.path.startsWith('/redirect'))).toBe(
      true,
    );
    expect(privateServer.requests).toEqual([]);
  });

  it('refuses a redirect to another scheme or to an address with credentials', async () => {
    const base = `${publicServer.origin('public.test')}/redirect?to=`;
    expect((await refusal(`${base}${encodeURIComponent('file:///etc/passwd')}`, options())).reason).toBe(
      'scheme',
    );
    expect((await refusal(`${base}${encodeURIComponent('gopher://public.test/')}`, options())).reason).toBe(
      'scheme',
    );
    const withCredentials = await refusal(
      `${base}${encodeURIComponent(`http://admin:hunter2@public.test:${publicServer.port}/page`)}`,
      options(),
    );
    expect(withCredentials.reason).toBe('credentials');
    expect(withCredentials.message).not.toContain('hunter2');
  });

  it('follows redirects up to the limit and refuses past it', async () => {
    const ok = await safeFetch(
      `${publicServer.origin('public.test')}/chain?left=3`,
      options({ maxRedirects: 3 }),
    );
    expect(ok.body.toString()).toBe('end of chain');
    expect(ok.url).toBe(`${publicServer.origin('public.test')}/chain?left=0`);
    const error = await refusal(
      `${publicServer.origin('public.test')}/chain?left=4`,
      options({ maxRedirects: 3 }),
    );
    expect(error.reason).toBe('redirects');
    expect(error.message).toContain('more than 3 times');
  });
});

describe('addresses that are not http or https', () => {
  it.each([
    'ftp://example.com/file',
    'file:///etc/passwd',
    'gopher://example.com/',
    'data:text/html,<p>hi</p>',
    'javascript:alert(1)',
  ])('refuses %s', async (url) => {
    expect((await refusal(url)).reason).toBe('scheme');
  });

  it('refuses credentials in the address without repeating them', async () => {
    const error = await refusal('https://user:s3cret@example.com/');
    expect(error.reason).toBe('credentials');
    expect(error.message).not.toContain('s3cret');
  });

  it('refuses text that is not an address', async () => {
    expect((await refusal('not a url')).reason).toBe('url');
  });
});

describe('size and time caps', () => {
  it('stops a body past the size cap', async () => {
    const error = await refusal(
      `${publicServer.origin('public.test')}/big`,
      options({ maxBytes: 1024 * 1024 }),
    );
    expect(error.reason).toBe('size');
    expect(error.message).toContain('larger than 1 MiB');
  });

  it('refuses a declared Content-Length past the cap without reading it', async () => {
    const error = await refusal(
      `${publicServer.origin('public.test')}/big-declared`,
      options({ maxBytes: 1024 * 1024 }),
    );
    expect(error.message).toContain('it says 50 MiB');
  });

  it('stops a gzip bomb at the cap', async () => {
    expect(gzipBomb.length).toBeLessThan(1024 * 1024);
    const error = await refusal(
      `${publicServer.origin('public.test')}/bomb`,
      options({ maxBytes: 1024 * 1024 }),
    );
    expect(error.reason).toBe('size');
    expect(error.message).toContain('once decompressed');
  });

  it('stops a bomb wrapped twice and a brotli bomb', async () => {
    for (const path of ['/double-bomb', '/brotli-bomb']) {
      const error = await refusal(
        `${publicServer.origin('public.test')}${path}`,
        options({ maxBytes: 1024 * 1024 }),
      );
      expect(error.reason).toBe('size');
    }
  });

  it('stops a server that sends no headers', async () => {
    const error = await refusal(
      `${publicServer.origin('public.test')}/no-headers`,
      options({ headerTimeoutMs: 200 }),
    );
    expect(error.reason).toBe('time');
    expect(error.message).toContain('sent no answer within 0.2 s');
  });

  it('stops a body that never ends at the total time cap', async () => {
    const error = await refusal(`${publicServer.origin('public.test')}/trickle`, options({ timeoutMs: 500 }));
    expect(error.reason).toBe('time');
    expect(error.message).toContain('took longer than 0.5 s');
  });

  it('passes the caller’s abort through', async () => {
    const controller = new AbortController();
    const pending = safeFetch(
      `${publicServer.origin('public.test')}/no-headers`,
      options({ signal: controller.signal }),
    );
    controller.abort(new Error('the agent gave up'));
    await expect(pending).rejects.toThrow('the agent gave up');
  });
});

describe('what gets through', () => {
  it('fetches an allowed page and decompresses gzip and brotli', async () => {
    const gzip = await safeFetch(`${publicServer.origin('public.test')}/gzip`, options());
    expect(gzip.status).toBe(200);
    expect(gzip.body.toString()).toBe('<p>compressed page</p>');
    expect(gzip.headers.get('content-encoding')).toBeNull();
    const brotli = await safeFetch(`${publicServer.origin('public.test')}/brotli`, options());
    expect(brotli.body.toString()).toBe('<p>brotli page</p>');
  });

  it('returns the final address and the content type after a redirect', async () => {
    const page = await safeFetch(`${publicServer.origin('public.test')}/redirect?to=/page`, options());
    expect(page.url).toBe(`${publicServer.origin('public.test')}/page`);
    expect(page.contentType).toBe('text/html; charset=utf-8');
  });

  it('lets an allowed range through by literal address', async () => {
    const page = await safeFetch(`http://127.0.0.1:${publicServer.port}/page`, { allow: ['127.0.0.0/8'] });
    expect(page.body.toString()).toBe('<h1>Hello</h1>');
  });

  it('returns error statuses for the caller to judge', async () => {
    const missing = await safeFetch(`${publicServer.origin('public.test')}/nothing-here`, options());
    expect(missing.status).toBe(404);
  });
});

describe('createGuardedFetch', () => {
  it('refuses private addresses with FetchRefusedError, directly and after a redirect', async () => {
    const guardedFetch = createGuardedFetch(options());
    await expect(guardedFetch(`http://[::ffff:127.0.0.2]:${publicServer.port}/`)).rejects.toBeInstanceOf(
      FetchRefusedError,
    );
    await expect(
      guardedFetch(
        `${publicServer.origin('public.test')}/redirect?to=${encodeURIComponent('http://internal.test/')}`,
      ),
    ).rejects.toBeInstanceOf(FetchRefusedError);
    expect(privateServer.requests).toEqual([]);
  });

  it('behaves like fetch for allowed pages: status, headers, url, text', async () => {
    const guardedFetch = createGuardedFetch(options());
    const response = await guardedFetch(`${publicServer.origin('public.test')}/redirect?to=/gzip`);
    expect(response.ok).toBe(true);
    expect(response.url).toBe(`${publicServer.origin('public.test')}/gzip`);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toBe('<p>compressed page</p>');
  });

  it('sends a POST body and turns it into GET after 303', async () => {
    const guardedFetch = createGuardedFetch(options());
    const direct = await guardedFetch(`${publicServer.origin('public.test')}/echo`, {
      method: 'POST',
      body: JSON.stringify({ query: 'cats' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(await direct.json()).toEqual({ method: 'POST', body: '{"query":"cats"}', cookie: null });
    const redirected = await guardedFetch(`${publicServer.origin('public.test')}/post-then-see-other`, {
      method: 'POST',
      body: 'x=1',
    });
    expect(await redirected.json()).toEqual({ method: 'GET', body: '', cookie: null });
  });

  it('returns the redirect itself with redirect: manual', async () => {
    const guardedFetch = createGuardedFetch(options());
    const response = await guardedFetch(`${publicServer.origin('public.test')}/redirect?to=/page`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/page');
  });

  it('keeps the size cap', async () => {
    const guardedFetch = createGuardedFetch(options({ maxBytes: 1024 * 1024 }));
    await expect(guardedFetch(`${publicServer.origin('public.test')}/bomb`)).rejects.toMatchObject({
      reason: 'size',
    });
  });
});

describe('address rules and the allow-list on their own', () => {
  it('calls public addresses public', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001:82a::200e',
    ]) {
      expect(describeNonPublicAddress(address)).toBeNull();
    }
  });

  it('reads host names and ranges, and rejects nonsense with a clear message', () => {
    const allowList = new AllowList(['Example.COM', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(allowList.allowsName('example.com.')).toBe(true);
    expect(allowList.allowsName('other.com')).toBe(false);
    expect(allowList.allowsAddress('10.9.8.7')).toBe(true);
    expect(allowList.allowsAddress('::ffff:10.9.8.7')).toBe(true);
    expect(allowList.allowsAddress('::1')).toBe(true);
    expect(allowList.allowsAddress('fd00::5')).toBe(true);
    expect(allowList.allowsAddress('127.0.0.1')).toBe(false);
    expect(() => new AllowList(['10.0.0.0/99'])).toThrow(
      /"10.0.0.0\/99" is not a valid CIDR range; QUARRY_FETCH_ALLOW/,
    );
    expect(() => new AllowList(['not a host'])).toThrow(/neither a host name nor a CIDR range/);
  });

  it('checks QUARRY_FETCH_ALLOW when the configuration is read, before any fetch', () => {
    expect(
      loadConfig({
        QUARRY_FETCH_ALLOW: 'wiki.internal, 10.20.0.0/16,::1',
        QUARRY_SETTINGS: 'none',
      }).fetch.allow,
    ).toEqual(['wiki.internal', '10.20.0.0/16', '::1']);
    expect(() =>
      loadConfig({ QUARRY_FETCH_ALLOW: 'wiki.internal,http://x', QUARRY_SETTINGS: 'none' }),
    ).toThrow(
      /fetch\.allow\.1: "http:\/\/x" is not a host name, an IP address or a CIDR range .*\(environment variable QUARRY_FETCH_ALLOW\)/,
    );
  });
});
