// Site icons: a site's icon, fetched once from the site (its `<link rel=icon>`, else /favicon.ico),
// made a small PNG with sharp, kept on disk under the data folder with its index in Redis, and served
// from there afterwards. A host that has none gets a generated default and is not asked again for a
// configured time. Host names are checked first: public names only, no address tricks.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { domainToASCII } from 'node:url';
import * as cheerio from 'cheerio';
import decodeIco from 'decode-ico';
import type { Redis } from 'ioredis';
import sharp, { type Sharp } from 'sharp';
import { absoluteUrl } from './open-graph.ts';
import { fetchBody } from './media-fetch.ts';

/** The site's home page: enough for its <head>, where icon links sit. */
const HOME_PAGE_BYTES = 512 * 1024;
/** Icons are small; a bigger file is not an icon worth shrinking. */
const ICON_BYTES = 1024 * 1024;
/** Icon addresses tried per site, best first (then /favicon.ico). */
const MAX_ICON_TRIES = 4;
/** How long browsers and proxies may keep a found icon: icons change rarely. */
export const FOUND_ICON_MAX_AGE_SECONDS = 24 * 3_600;

/** The host is not a public host name; the message says what to send instead. */
export class SiteIconHostError extends Error {
  override readonly name = 'SiteIconHostError';
}

/** Names that never reach the public internet (RFC 6761, RFC 6762, RFC 8375, common private suffixes). */
const PRIVATE_SUFFIXES = [
  'localhost', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'private', 'arpa', 'test', 'example',
  'invalid', 'onion', 'localdomain',
]; // prettier-ignore

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A top-level label: letters, or an IDN's punycode. Never digits: `127.1` or `2130706433` are addresses. */
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * Checks a host name from a request and returns it in its plain ASCII form (lower case, punycode).
 * Refuses addresses (IPv4 in any notation, IPv6), ports, user info, paths, and private names, unless
 * the operator's allow-list names the host (QUARRY_FETCH_ALLOW).
 */
export function validateIconHost(raw: string, allowedNames: readonly string[] = []): string {
  const given = raw.trim();
  const shown = given.length > 80 ? `${given.slice(0, 80)}…` : given;
  if (!given) throw new SiteIconHostError('Give a host name, such as /api/site-icon/example.com.');
  if (/[\s@:/\\?#%[\]]/.test(given)) {
    throw new SiteIconHostError(
      `"${shown}" is not a bare host name: send only the name, such as example.com (no scheme, port, path or user).`,
    );
  }
  const ascii = domainToASCII(given.toLowerCase().replace(/\.$/, ''));
  if (!ascii || ascii.length > 253) throw new SiteIconHostError(`"${shown}" is not a valid host name.`);
  const labels = ascii.split('.');
  if (labels.some((label) => !LABEL.test(label)))
    throw new SiteIconHostError(`"${shown}" is not a valid host name.`);
  const allowed = allowedNames.some((name) => name.toLowerCase().replace(/\.$/, '') === ascii);
  if (!TOP_LABEL.test(labels[labels.length - 1]!)) {
    throw new SiteIconHostError(
      `"${shown}" is an address, not a host name: send the site's name, such as example.com.`,
    );
  }
  if (allowed) return ascii;
  if (labels.length < 2) {
    throw new SiteIconHostError(
      `"${shown}" is not a public host name: send a full name such as example.com.`,
    );
  }
  const suffix = labels[labels.length - 1]!;
  if (PRIVATE_SUFFIXES.includes(suffix) || ascii === 'localhost') {
    throw new SiteIconHostError(
      `"${shown}" is not a public host name (.${suffix} names never reach the internet); an operator can allow it with QUARRY_FETCH_ALLOW.`,
    );
  }
  return ascii;
}

export interface SiteIcon {
  png: Buffer;
  /** `found`: the site's own icon; `default`: generated because the site has none. */
  kind: 'found' | 'default';
  etag: string;
}

interface IconRecord {
  kind: 'found' | 'default';
  file: string;
  etag: string;
  fetchedAt: number;
  /** For a default: ask the site again after this time (epoch ms). */
  retryAfter?: number;
}

export interface SiteIconStoreOptions {
  redis: Redis;
  /** Redis key prefix for the index: `<prefix>:<host>` holds a record. */
  keyPrefix: string;
  /** Icons are kept in `<dataDir>/site-icons/`. */
  dataDir: string;
  /** Side of the PNG, in pixels; default MEDIA_DEFAULTS.iconSize (media-defaults.ts). */
  iconSize: number;
  /** A host without an icon is not asked again for this long; default MEDIA_DEFAULTS.iconMissingSeconds. */
  missingSeconds: number;
  /** The guarded fetch. */
  fetch: typeof fetch;
  /** The site's home page for a host; default `https://<host>/`. */
  siteUrl?: (host: string) => string;
  now?: () => number;
}

export class SiteIconStore {
  readonly #options: SiteIconStoreOptions;
  readonly #directory: string;
  readonly #inFlight = new Map<string, Promise<SiteIcon>>();

  constructor(options: SiteIconStoreOptions) {
    this.#options = options;
    this.#directory = resolve(options.dataDir, 'site-icons');
  }

  /** The icon for a validated host: from the store, else fetched once (concurrent asks share one fetch). */
  async get(host: string): Promise<SiteIcon> {
    const kept = await this.#kept(host);
    if (kept) return kept;
    let pending = this.#inFlight.get(host);
    if (!pending) {
      pending = this.#fetchAndKeep(host).finally(() => this.#inFlight.delete(host));
      this.#inFlight.set(host, pending);
    }
    return pending;
  }

  #key(host: string): string {
    return `${this.#options.keyPrefix}:${host}`;
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  async #kept(host: string): Promise<SiteIcon | undefined> {
    const raw = await this.#options.redis.get(this.#key(host));
    if (!raw) return undefined;
    let record: IconRecord;
    try {
      record = JSON.parse(raw) as IconRecord;
    } catch {
      return undefined;
    }
    if (record.kind === 'default' && record.retryAfter !== undefined && record.retryAfter <= this.#now())
      return undefined;
    try {
      const png = await readFile(join(this.#directory, record.file));
      return { png, kind: record.kind, etag: record.etag };
    } catch {
      return undefined; // the file went away (a cleaned data folder): fetch again
    }
  }

  async #fetchAndKeep(host: string): Promise<SiteIcon> {
    const found = await fetchSiteIcon(host, this.#options);
    const kind = found ? 'found' : 'default';
    const png = found ?? (await defaultIcon(host, this.#options.iconSize));
    const etag = `"${createHash('sha256').update(png).digest('hex').slice(0, 32)}"`;
    const file = `${host}.${kind}.png`;
    await mkdir(this.#directory, { recursive: true });
    const temporary = join(this.#directory, `.${file}.${process.pid}.${Date.now()}.tmp`);
    await writeFile(temporary, png);
    await rename(temporary, join(this.#directory, file));
    const now = this.#now();
    const record: IconRecord = { kind, file, etag, fetchedAt: now };
    if (kind === 'default') {
      record.retryAfter = now + this.#options.missingSeconds * 1_000;
      await this.#options.redis.set(
        this.#key(host),
        JSON.stringify(record),
        'EX',
        this.#options.missingSeconds,
      );
    } else {
      await this.#options.redis.set(this.#key(host), JSON.stringify(record));
    }
    return { png, kind, etag };
  }
}

interface IconLink {
  url: string;
  rank: number;
}

/** Icon links on a page, best first: `icon` links sized closest above the wanted size, then touch icons. */
export function iconLinks(html: string, pageUrl: string, wantedSize: number): string[] {
  const $ = cheerio.load(html);
  const links: IconLink[] = [];
  $('link[rel][href]').each((index, element) => {
    const rel = ($(element).attr('rel') ?? '').toLowerCase().split(/\s+/);
    const isIcon = rel.includes('icon');
    const isTouch = rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed');
    if (!isIcon && !isTouch) return;
    const url = absoluteUrl($(element).attr('href'), pageUrl);
    if (!url) return;
    const sizes = ($(element).attr('sizes') ?? '')
      .toLowerCase()
      .split(/\s+/)
      .map((size) => Number(/^(\d+)x\d+$/.exec(size)?.[1]))
      .filter((size) => Number.isFinite(size) && size > 0);
    const size = sizes.length > 0 ? Math.max(...sizes) : undefined;
    // Lower rank is better: an icon at or just above the wanted size, then unsized, then bigger or smaller ones.
    let rank = isIcon ? 0 : 1_000;
    if (size === undefined) rank += 200;
    else if (size >= wantedSize) rank += size - wantedSize;
    else rank += 500 + (wantedSize - size);
    links.push({ url, rank: rank + index / 1_000 });
  });
  return [...new Map(links.sort((a, b) => a.rank - b.rank).map((link) => [link.url, link])).keys()];
}

/** The site's icon as a PNG of the wanted size, or undefined when the site has none that loads. */
export async function fetchSiteIcon(
  host: string,
  options: Pick<SiteIconStoreOptions, 'fetch' | 'iconSize' | 'siteUrl'>,
): Promise<Buffer | undefined> {
  const home = options.siteUrl?.(host) ?? `https://${host}/`;
  const candidates: string[] = [];
  let base = home;
  try {
    const page = await fetchBody(options.fetch, home, {
      maxBytes: HOME_PAGE_BYTES,
      headers: { accept: 'text/html' },
    });
    base = page.url;
    if (page.status === 200 && /html/i.test(page.contentType || 'text/html')) {
      candidates.push(
        ...iconLinks(page.body.toString('utf8'), page.url, options.iconSize).slice(0, MAX_ICON_TRIES),
      );
    }
  } catch {
    // The home page did not load; /favicon.ico may still.
  }
  const favicon = new URL('/favicon.ico', base).href;
  if (!candidates.includes(favicon)) candidates.push(favicon);
  for (const url of candidates) {
    try {
      const fetched = await fetchBody(options.fetch, url, {
        maxBytes: ICON_BYTES,
        headers: { accept: 'image/*' },
      });
      if (fetched.status !== 200 || fetched.truncated || fetched.body.length === 0) continue;
      const png = await iconPng(fetched.body, options.iconSize);
      if (png) return png;
    } catch {
      // Try the next candidate.
    }
  }
  return undefined;
}

/** Any image sharp reads, or a Windows icon (.ico, PNG or BMP inside), as a square PNG of `size`. */
export async function iconPng(data: Buffer, size: number): Promise<Buffer | undefined> {
  const resize = (image: Sharp) =>
    image
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  const isIco = data.length > 6 && data.readUInt16LE(0) === 0 && data.readUInt16LE(2) === 1;
  if (!isIco) {
    try {
      return await resize(sharp(data, { failOn: 'error', density: 300 }));
    } catch {
      return undefined;
    }
  }
  let images: ReturnType<typeof decodeIco>;
  try {
    images = decodeIco(data);
  } catch {
    return undefined;
  }
  // The smallest image at least as big as wanted, else the biggest.
  const sorted = [...images].sort((a, b) => a.width - b.width);
  const chosen = sorted.find((image) => image.width >= size) ?? sorted[sorted.length - 1];
  if (!chosen) return undefined;
  try {
    if (chosen.type === 'png') return await resize(sharp(Buffer.from(chosen.data)));
    const raw = Buffer.from(chosen.data.buffer, chosen.data.byteOffset, chosen.data.byteLength);
    return await resize(sharp(raw, { raw: { width: chosen.width, height: chosen.height, channels: 4 } }));
  } catch {
    return undefined;
  }
}

/** Muted colours with enough contrast for a white mark; a host always gets the same one. */
const DEFAULT_COLOURS = [
  '#3b6ea8',
  '#2f8f6f',
  '#8a5a9e',
  '#b5653a',
  '#4f7d2f',
  '#a8434f',
  '#2e7f95',
  '#6b6b2f',
];

/** A generated icon for a host without one: a rounded square in a colour of its own (drawn, no fonts needed). */
export async function defaultIcon(host: string, size: number): Promise<Buffer> {
  const colour =
    DEFAULT_COLOURS[createHash('sha256').update(host).digest().readUInt16BE(0) % DEFAULT_COLOURS.length];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect x="2" y="2" width="60" height="60" rx="14" fill="${colour}"/>` +
    `<circle cx="32" cy="32" r="17" fill="none" stroke="#fff" stroke-width="4"/>` +
    `<path d="M15 32h34M32 15c-9 10-9 24 0 34M32 15c9 10 9 24 0 34" fill="none" stroke="#fff" stroke-width="3"/>` +
    `</svg>`;
  return sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();
}
