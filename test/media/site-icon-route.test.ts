// GET /api/site-icon/:host on the real app and HTTP server, a real Redis (fresh prefix) and a
// temporary data folder; sites are recorded pages on the loopback web, their icons made at test time.
import type { LookupAddress } from 'node:dns';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateIconHost } from '../../src/media/site-icons.ts';
import { createQueueSystem, type QueueSystem } from '../../src/queue/system.ts';
import { createApp } from '../../src/server/app.ts';
import { startHttpServer, type RunningHttpServer } from '../../src/server/http-server.ts';
import { createSiteIconRoute } from '../../src/server/site-icon-route.ts';
import { freshConfig, removePrefix } from '../queue/helpers.ts';
import {
  makePicture,
  startFixtureWeb,
  type FixtureWeb,
  type Reply,
  type SiteHandler,
} from './fixture-web.ts';
import { pageSite } from './fixture-sites.ts';

const OGIMAGE = 'media-fixtures/ogimage';
const SITES = ['www.mozilla.test', 'www.factorio.test', 'ct.test', 'noicon.test'];
const DAY_SECONDS = 86_400;
const MISSING_SECONDS = 3 * DAY_SECONDS;

let web: FixtureWeb;
let system: QueueSystem;
let server: RunningHttpServer;
let dataDir: string;
let clock = Date.now();
const loopback = async (): Promise<LookupAddress[]> => [{ address: '127.0.0.1', family: 4 }];

/** A Windows icon file holding the given images (the ICONDIR layout). */
function icoFile(images: Array<{ width: number; height: number; payload: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(image.width % 256, entry);
    header.writeUInt8(image.height % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(image.payload.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += image.payload.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.payload)]);
}

/** A 32-bit BMP icon image of one colour: BITMAPINFOHEADER (double height), BGRA rows bottom-up, AND mask. */
function bmpIconImage(size: number, [red, green, blue]: [number, number, number]): Buffer {
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(size, 4);
  info.writeInt32LE(size * 2, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(size * size * 4);
  for (let index = 0; index < size * size; index++) pixels.set([blue, green, red, 255], index * 4);
  const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size);
  return Buffer.concat([info, pixels, mask]);
}

async function colourAt(png: Buffer): Promise<number[]> {
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const middle = (Math.floor(data.length / 8) * 4) | 0;
  return [...data.subarray(middle, middle + 4)];
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quarry-icons-'));
  const sites: Record<string, SiteHandler> = {};
  web = await startFixtureWeb(sites);
  const png196 = await makePicture(196, 196, 'png');
  const pngInIco = (await makePicture(48, 48, 'png')).body as Buffer;
  const ico = (payloads: Array<{ width: number; height: number; payload: Buffer }>): Reply => ({
    type: 'image/x-icon',
    body: icoFile(payloads),
  });
  Object.assign(sites, {
    // Icon links to another host (its CDN), sized: the 196×196 PNG is the best fit for 32.
    'www.mozilla.test': pageSite(
      web.port,
      { '/': `${OGIMAGE}/readability_mozilla-firefox-developer_ogimage-template.html` },
      {},
      { 'mozorg.cdn.mozilla.net': 'cdn.mozilla.test' },
    ),
    'cdn.mozilla.test': pageSite(web.port, {}, { '/media/img/firefox/favicon-196.223e1bcaf067.png': png196 }),
    // rel=icon to a .ico holding BMP images (16 and 48 pixels, red).
    'www.factorio.test': pageSite(
      web.port,
      { '/': `${OGIMAGE}/readability_factorio-fff282_ogimage-logo.html` },
      {
        '/static/img/favicon.ico': ico([
          { width: 16, height: 16, payload: bmpIconImage(16, [200, 30, 30]) },
          { width: 48, height: 48, payload: bmpIconImage(48, [200, 30, 30]) },
        ]),
      },
    ),
    // rel="shortcut icon" to a .ico holding a PNG.
    'ct.test': pageSite(
      web.port,
      { '/': `${OGIMAGE}/postlight_clinicaltrials-NCT03746262_ogimage-logo.html` },
      { '/ct2/html/images/favicon.ico': ico([{ width: 48, height: 48, payload: pngInIco }]) },
    ),
    // Icon links that all answer 404, and no /favicon.ico.
    'noicon.test': pageSite(web.port, { '/': 'readability/daringfireball-1/source.html' }),
  });
  system = createQueueSystem(
    freshConfig({
      dataDir,
      fetch: { allow: ['127.0.0.1', ...SITES] },
      media: { iconSize: 32, iconMissingSeconds: MISSING_SECONDS },
    }),
  );
  server = await startHttpServer(await app(), { host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await server?.close();
  await system?.close();
  await web?.close();
  if (system) await removePrefix(system.prefix);
  await rm(dataDir, { recursive: true, force: true });
});

function app() {
  return createApp(system, {
    adminToken: 'operator-token-for-tests-0123456789',
    dashboardQueues: [],
    routes: [
      createSiteIconRoute({ lookup: loopback, siteUrl: (host) => web.url(host, '/'), now: () => clock }),
    ],
  });
}

function icon(host: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/site-icon/${encodeURIComponent(host)}`, { headers });
}

describe('GET /api/site-icon/:host', () => {
  it("fetches a site's best icon link once, resizes it to a small PNG, and serves it from the store afterwards", async () => {
    const first = await icon('www.mozilla.test');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('x-quarry-icon')).toBe('found');
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${DAY_SECONDS}`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const png = Buffer.from(await first.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
    expect(web.count('cdn.mozilla.test', '/media/img/firefox/favicon-196')).toBe(1);
    expect(existsSync(join(dataDir, 'site-icons', 'www.mozilla.test.found.png'))).toBe(true);

    const fetchesBefore = web.requests.length;
    const second = await icon('WWW.Mozilla.test');
    expect(Buffer.from(await second.arrayBuffer())).toEqual(png);
    const notModified = await icon('www.mozilla.test', { 'if-none-match': etag! });
    expect(notModified.status).toBe(304);
    // A new server process (a new app on the same Redis and data folder) does not fetch again either.
    const restarted = await startHttpServer(await app(), { host: '127.0.0.1', port: 0 });
    try {
      const third = await fetch(`${restarted.url}/api/site-icon/www.mozilla.test`);
      expect(Buffer.from(await third.arrayBuffer())).toEqual(png);
    } finally {
      await restarted.close();
    }
    expect(web.requests.length).toBe(fetchesBefore);
  });

  it('reads .ico files holding BMP or PNG images', async () => {
    const factorio = await icon('www.factorio.test');
    expect(factorio.headers.get('x-quarry-icon')).toBe('found');
    const factorioPng = Buffer.from(await factorio.arrayBuffer());
    expect(await sharp(factorioPng).metadata()).toMatchObject({ width: 32, height: 32 });
    expect(await colourAt(factorioPng)).toEqual([200, 30, 30, 255]);

    const clinicalTrials = await icon('ct.test');
    expect(clinicalTrials.headers.get('x-quarry-icon')).toBe('found');
    expect(await sharp(Buffer.from(await clinicalTrials.arrayBuffer())).metadata()).toMatchObject({
      width: 32,
      height: 32,
    });
    expect(web.count('ct.test', '/ct2/html/images/favicon.ico')).toBe(1);
  });

  it('gives a host without an icon a generated default and does not ask it again until the retry time', async () => {
    const first = await icon('noicon.test');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-quarry-icon')).toBe('default');
    expect(first.headers.get('cache-control')).toBe(`public, max-age=${DAY_SECONDS}`);
    expect(await sharp(Buffer.from(await first.arrayBuffer())).metadata()).toMatchObject({
      width: 32,
      height: 32,
    });
    const asked = web.count('noicon.test');
    expect(web.count('noicon.test', '/favicon.ico')).toBe(1);
    expect(asked).toBeGreaterThanOrEqual(2);

    await icon('noicon.test');
    expect(web.count('noicon.test')).toBe(asked);
    clock += (MISSING_SECONDS + 1) * 1_000;
    const later = await icon('noicon.test');
    expect(later.headers.get('x-quarry-icon')).toBe('default');
    expect(web.count('noicon.test')).toBe(asked * 2);
  });

  it.each([
    ['127.0.0.1', /an address, not a host name/],
    ['2130706433', /an address, not a host name/],
    ['0x7f.1', /an address, not a host name/],
    ['[::1]', /not a bare host name/],
    ['example.com:8080', /not a bare host name/],
    ['user@example.com', /not a bare host name/],
    ['example.com/favicon.ico', /not a bare host name/],
    ['localhost', /not a public host name/],
    ['printer.local', /not a public host name.*QUARRY_FETCH_ALLOW/],
    ['other.test', /not a public host name/],
    ['bad_name.com', /not a valid host name/],
    ['-dash.com', /not a valid host name/],
  ])('refuses %s with a message that says what to send', async (host, message) => {
    const before = web.requests.length;
    const answer = await icon(host);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(message);
    expect(web.requests.length).toBe(before);
  });
});

describe('validateIconHost', () => {
  it('returns public names in their ASCII form', () => {
    expect(validateIconHost('Example.COM.')).toBe('example.com');
    expect(validateIconHost('bücher.de')).toBe('xn--bcher-kva.de');
    expect(validateIconHost('news.ycombinator.com')).toBe('news.ycombinator.com');
  });
});
