// Robustness probes for the main text (bench/read.ts reports them under `probes`): the same pages made
// harder in the two ways pages never seen differ most from the corpora's, so a rule that leans on the
// corpora's own names shows here. `no_names`: every class and id removed (the page's markup says only
// what its elements are). `misnamed`: the element our extraction chooses gets a boilerplate-like name
// ("related"), as an article's own wrapper sometimes has ("has-related", "sidebar-right", "modal-open").
import { load } from 'cheerio/slim';
import { flattenDeepNesting, type Element } from '../src/web/extract/dom.ts';
import { selectMainText } from '../src/web/extract/main-text.ts';
import { collectBlocks } from '../src/web/extract/text-blocks.ts';

/** The page with every class and id attribute removed. */
export function withoutNames(html: string): string {
  const $ = load(html);
  $('[class]').removeAttr('class');
  $('[id]').removeAttr('id');
  return $.html();
}

/** The name given to the chosen element: one of the boilerplate names, as a layout class would carry it. */
const MISLEADING_NAME = 'related';
/** Deep enough for any real page; the same limit as readHtml's. */
const MAX_DEPTH = 400;

/** The page with the element our extraction chooses for the article named like boilerplate. */
export function withChosenMisnamed(html: string): string {
  const $ = load(html);
  const root = $.root()[0]!;
  flattenDeepNesting(root, MAX_DEPTH);
  const container: Element | undefined = selectMainText(collectBlocks(root)).container;
  // Naming the page's own wrapper proves nothing: every rule keeps a page-wide region.
  if (container && container.name !== 'html' && container.name !== 'body') {
    container.attribs.class = `${container.attribs.class ?? ''} ${MISLEADING_NAME}`.trim();
  }
  return $.html();
}

// Date probes: the date sets with every machine-readable date removed, so only what a reader sees (and
// the address) dates the page, as on the unseen pages whose day is written only in the body.

/** Meta names that carry a date (`article:published_time`, `dc.date`, `pubdate`, `sailthru.date`, …). */
const DATE_META_NAME = /date|time|publish|modified|created|issued|updated|posted/i;
/** Microdata properties that state a date in an attribute. */
const DATE_ITEMPROP = /^(?:datepublished|datemodified|datecreated|uploaddate|dateposted)$/i;

/**
 * The page without its date metadata: `<meta>` date properties, JSON-LD, `<time datetime>` attributes
 * and microdata dates (`itemprop="datePublished"` and its `content`). Visible text stays.
 */
export function withoutDateMetadata(html: string): string {
  const $ = load(html);
  $('meta').each((_, element) => {
    const names = ['property', 'name', 'itemprop', 'http-equiv'].map((key) => element.attribs[key] ?? '');
    if (names.some((name) => DATE_META_NAME.test(name))) $(element).remove();
  });
  $('script').each((_, element) => {
    if ((element.attribs.type ?? '').toLowerCase().includes('ld+json')) $(element).remove();
  });
  $('time[datetime]').removeAttr('datetime');
  $('[itemprop]').each((_, element) => {
    if (element.name === 'meta' || !DATE_ITEMPROP.test(element.attribs.itemprop ?? '')) return;
    $(element).removeAttr('itemprop').removeAttr('content').removeAttr('datetime');
  });
  return $.html();
}

/** An address that states no day, for the probe that leaves the page nothing but its visible text. */
export function neutralUrl(index: number): string {
  return `https://news.example.org/article/${index + 1}`;
}
