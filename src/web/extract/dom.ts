// Small helpers over the parsed document (htmlparser2's tree, as cheerio/slim builds it). The extractor
// walks nodes directly instead of running selectors: one pass over the tree is what keeps reading fast.
import type { AnyNode, Element } from 'domhandler';

export type { AnyNode, Element };

export function isElement(node: AnyNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

export function attribute(element: Element, name: string): string {
  return element.attribs[name] ?? '';
}

/** An id of more words than this was made from a heading ("sharing-with-a-single-developer"), not named. */
const NAMED_ID_WORDS = 4;

/** Lower-cased class and id, the names authors give to regions ("comments", "article-body"). */
export function classAndId(element: Element): string {
  if (!element.attribs) return '';
  const className = element.attribs.class;
  let id = element.attribs.id;
  if (id && id.split(/[-_]+/).length > NAMED_ID_WORDS) id = undefined;
  if (!className && !id) return '';
  return `${className ?? ''} ${id ?? ''}`.toLowerCase();
}

/** Whether `node` is `ancestor` or lies inside it. */
export function within(node: AnyNode, ancestor: Element): boolean {
  for (let current: AnyNode | null = node; current; current = current.parent)
    if (current === ancestor) return true;
  return false;
}

/**
 * Characters that show nothing and only cut the word they stand in, for a reader or a search: a soft
 * hyphen (a hyphenation hint, "Kü&shy;chen"), a word joiner, a byte-order mark inside the text.
 */
export const INVISIBLE_MARKS = /[\u00ad\u2060\ufeff]/g;

/** The text of a subtree, white space collapsed, invisible marks out (for metadata such as `<title>`). */
export function textOf(node: AnyNode): string {
  const pieces: string[] = [];
  const visit = (current: AnyNode): void => {
    if (current.type === 'text') pieces.push(current.data);
    else if ('children' in current && current.type !== 'script' && current.type !== 'style') {
      for (const child of current.children) visit(child);
    }
  };
  visit(node);
  return pieces.join('').replace(INVISIBLE_MARKS, '').replace(/\s+/g, ' ').trim();
}

/** Every element of a subtree, in document order, that passes `test`. */
export function findAll(root: AnyNode, test: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (current: AnyNode): void => {
    if (!('children' in current)) return;
    for (const child of current.children) {
      if (isElement(child)) {
        if (test(child)) found.push(child);
        visit(child);
      }
    }
  };
  visit(root);
  return found;
}

/** Makes `href` absolute against the page's address; undefined when it is not an http(s) address. */
export function absoluteUrl(href: string, base: string): string | undefined {
  const trimmed = href.trim();
  if (!trimmed) return undefined;
  try {
    const resolved = new URL(trimmed, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Pages with absurd nesting (thousands of unclosed tags) would overflow the stack of the readers'
 * recursive walks. Below `maxDepth`, a subtree is flattened to its text (and line breaks) in document
 * order: its tags say nothing useful at that depth anyway. Iterative, so it cannot overflow itself.
 */
export function flattenDeepNesting(root: AnyNode, maxDepth: number): void {
  const stack: { node: AnyNode; depth: number }[] = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (!('children' in node)) continue;
    if (depth >= maxDepth && isElement(node)) {
      const kept: AnyNode[] = [];
      const pending: AnyNode[] = [...node.children].reverse();
      while (pending.length > 0) {
        const current = pending.pop()!;
        if (current.type === 'text' || (isElement(current) && current.name === 'br')) kept.push(current);
        else if (isElement(current) && current.type === 'tag') {
          for (let index = current.children.length - 1; index >= 0; index--)
            pending.push(current.children[index]!);
        }
      }
      kept.forEach((child, index) => {
        child.parent = node;
        child.prev = kept[index - 1] ?? null;
        child.next = kept[index + 1] ?? null;
      });
      node.children = kept;
      continue;
    }
    for (const child of node.children) stack.push({ node: child, depth: depth + 1 });
  }
}
