// Robustness probes for the main text (bench/read.ts reports them under `probes`): the same pages made
// harder in the two ways pages never seen differ most from the corpora's, so a rule that leans on the
// corpora's own names shows here. `no_names`: every class and id removed (the page's markup says only
// what its elements are). `misnamed`: the element our extraction chooses gets a boilerplate-like name
// ("related"), as an article's own wrapper sometimes has ("has-related", "sidebar-right", "modal-open").
import { load } from 'cheerio/slim';
import { flattenDeepNesting, type Element } from '../src/web/extract/dom.ts';
import { collectBlocks, selectMainText } from '../src/web/extract/main-text.ts';

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
