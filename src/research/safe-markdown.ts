// A small Markdown renderer for what an agent wrote, that escapes first: every character of the text
// goes through Hono's HTML escaper before any tag is made, and the tags it makes are a fixed few
// (paragraphs, headings, lists, quotes, code, emphasis, links and pictures with http(s) or our own
// addresses). Nothing the agent wrote can open a tag, an attribute or a script; an address that is
// not http(s) (javascript:, data:) stays text.
import { escapeToBuffer } from 'hono/utils/html';

/** Escapes text for HTML, in content and in quoted attributes (&, <, >, "). */
export function escapeHtml(text: string): string {
  const buffer: [string] = [''];
  escapeToBuffer(text, buffer);
  return buffer[0];
}

export interface MarkdownOptions {
  /** The HTML for a citation mark `[n]` (already safe), or undefined to leave the mark as text. */
  citation?: (n: number) => string | undefined;
  /** The address a picture is shown from (the kept copy), given its escaped original address. */
  picture?: (url: string) => string | undefined;
  /**
   * Whether Quarry's own relative addresses (`/api/...`) the text holds become links and pictures;
   * default true. A page kept as a file has no server to resolve them against: they stay text.
   */
  ownAddresses?: boolean;
}

// Addresses we make links and pictures of, matched on the escaped text (`&amp;` stands for `&`).
const SAFE_ADDRESS = /^(?:https?:\/\/|\/api\/)[^\s]*$/i;
const WEB_ADDRESS = /^https?:\/\/[^\s]*$/i;

function unescapeAddress(escaped: string): string {
  return escaped.replace(/&amp;/g, '&');
}

function inline(escaped: string, options: MarkdownOptions): string {
  const codes: string[] = [];
  let text = escaped.replace(/`([^`\n]+)`/g, (_whole, code: string) => {
    codes.push(`<code>${code}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  const safe = options.ownAddresses === false ? WEB_ADDRESS : SAFE_ADDRESS;
  text = text.replace(/!\[([^\]\n]*)\]\(([^)\s]+)\)/g, (whole, alt: string, address: string) => {
    if (!safe.test(address)) return whole;
    const shown = options.picture?.(unescapeAddress(address));
    const source = shown ? escapeHtml(shown) : address;
    return `<img src="${source}" alt="${alt}" loading="lazy">`;
  });
  text = text.replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (whole, label: string, address: string) => {
    if (!safe.test(address)) return whole;
    return `<a href="${address}" rel="noopener noreferrer nofollow">${label}</a>`;
  });
  if (options.citation) {
    text = text.replace(/\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\](?![(<])/g, (whole, numbers: string) => {
      const chips = numbers.split(',').map((part) => options.citation!(Number(part.trim())));
      return chips.every((chip) => chip !== undefined) ? chips.join('') : whole;
    });
  }
  text = text
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_([^_\n]+)_(?!\w)/g, '$1<em>$2</em>');
  return text.replace(/\uE000(\d+)\uE000/g, (_whole, index: string) => codes[Number(index)]!);
}

/** Renders Markdown to HTML, escaping everything first. */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  const lines = escapeHtml(markdown.replace(/\r\n?/g, '\n').replace(/\uE000/g, '')).split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | undefined;
  let code: string[] | undefined;
  const flushParagraph = () => {
    if (paragraph.length > 0)
      out.push(`<p>${paragraph.map((line) => inline(line, options)).join('<br>')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (!list) return;
    const tag = list.ordered ? 'ol' : 'ul';
    out.push(`<${tag}>${list.items.map((item) => `<li>${inline(item, options)}</li>`).join('')}</${tag}>`);
    list = undefined;
  };
  for (const line of lines) {
    if (code) {
      if (/^\s*```/.test(line)) {
        out.push(`<pre><code>${code.join('\n')}</code></pre>`);
        code = undefined;
      } else code.push(line);
      continue;
    }
    if (/^\s*```/.test(line)) {
      flushParagraph();
      flushList();
      code = [];
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d{1,4}[.)]\s+(.*)$/.exec(line);
    const quote = /^\s*&gt;\s?(.*)$/.exec(line);
    if (!line.trim()) {
      flushParagraph();
      flushList();
    } else if (heading) {
      flushParagraph();
      flushList();
      // The page's own title is its h1; the answer's headings start at h2.
      const level = Math.min(6, heading[1]!.length + 1);
      out.push(`<h${level}>${inline(heading[2]!, options)}</h${level}>`);
    } else if (bullet || numbered) {
      flushParagraph();
      const ordered = !bullet;
      if (list && list.ordered !== ordered) flushList();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (quote) {
      flushParagraph();
      flushList();
      out.push(`<blockquote>${inline(quote[1]!, options)}</blockquote>`);
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  if (code) out.push(`<pre><code>${code.join('\n')}</code></pre>`);
  flushParagraph();
  flushList();
  return out.join('\n');
}
