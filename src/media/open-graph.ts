// A page's title and its share picture (`og:image`, else `twitter:image`), with the size the page
// states. Both spellings are read: `property`/`content` as sites write them, `name`/`value` as some
// tools rewrite them.
import * as cheerio from 'cheerio';

export interface OpenGraph {
  title?: string;
  image?: string;
  imageWidth?: number;
  imageHeight?: number;
}

const IMAGE_KEYS = ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'];

function positive(value: string | undefined): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/** Resolves `value` against `base`; only http(s) addresses are kept. */
export function absoluteUrl(value: string | undefined, base: string): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function readOpenGraph(html: string, pageUrl: string): OpenGraph {
  const $ = cheerio.load(html);
  const meta = new Map<string, string>();
  $('meta').each((_, element) => {
    const key = ($(element).attr('property') ?? $(element).attr('name') ?? '').trim().toLowerCase();
    const value = $(element).attr('content') ?? $(element).attr('value');
    if (key && value !== undefined && !meta.has(key)) meta.set(key, value);
  });
  const imageKey = IMAGE_KEYS.find((key) => absoluteUrl(meta.get(key), pageUrl));
  const fromOpenGraph = imageKey?.startsWith('og:') ?? false;
  const title = (meta.get('og:title') ?? $('title').first().text()).replace(/\s+/g, ' ').trim();
  return {
    title: title || undefined,
    image: imageKey ? absoluteUrl(meta.get(imageKey), pageUrl) : undefined,
    imageWidth: fromOpenGraph ? positive(meta.get('og:image:width')) : undefined,
    imageHeight: fromOpenGraph ? positive(meta.get('og:image:height')) : undefined,
  };
}
