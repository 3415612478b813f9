// Turns fetched bytes into text a reader can use: HTML and XHTML (as markup, decoded with the right
// character set), plain text, and PDF (its text extracted with unpdf). Anything else is refused with a
// message that names what it is.

export type DocumentKind = 'html' | 'text' | 'pdf';

export interface DecodedDocument {
  kind: DocumentKind;
  /** The markup for HTML, the text for plain text and PDF. */
  text: string;
  /** The content type the decision was made on (the header's, or what the bytes looked like). */
  contentType: string;
  /** The character set used (WHATWG name, e.g. `utf-8`, `windows-1252`); absent for PDF. */
  charset?: string;
  /** The document's own title when its format carries one outside the text (PDF metadata). */
  title?: string;
}

/** The document is fetched fine but is not something read_page can read (an image, a zip, JSON...). */
export class NotReadableError extends Error {
  override readonly name = 'NotReadableError';
  readonly contentType: string;
  constructor(message: string, contentType: string) {
    super(message);
    this.contentType = contentType;
  }
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml', 'application/vnd.wap.xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);
const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf']);
const XML_TYPES = new Set(['application/xml', 'text/xml']);
// Types that say nothing about the content: the bytes decide.
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);
/** How far into an HTML document a `<meta charset>` is looked for (the HTML standard's prescan reads 1024
 *  bytes; real pages often put long scripts first, so a little more). */
const META_PRESCAN_BYTES = 4_096;

/** The media type without parameters, lower case: `text/html; charset=utf-8` → `text/html`. */
export function mediaType(contentType: string): string {
  return (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

function headerCharset(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return (match?.[1] ?? match?.[2])?.trim() || undefined;
}

/** The WHATWG encoding for a label, or undefined when the label is unknown. */
function encodingFor(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function bomEncoding(bytes: Buffer): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return undefined;
}

/** `<meta charset=...>`, `<meta http-equiv="Content-Type" content="...; charset=...">` or the XML declaration. */
function declaredInMarkup(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, META_PRESCAN_BYTES).toString('latin1');
  const xml = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml) return xml[1];
  for (const tag of head.matchAll(/<meta\b[^>]*>/gi)) {
    const direct = /\bcharset\s*=\s*["']?\s*([^"'\s;/>]+)/i.exec(tag[0]);
    if (direct) return direct[1];
  }
  return undefined;
}

function isValidUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const hasNonAscii = (bytes: Buffer): boolean => bytes.some((byte) => byte > 0x7f);

/**
 * Picks the character set: the byte order mark first (as browsers do), then the header, then the markup's
 * own declaration, else UTF-8 when the bytes are valid UTF-8 and windows-1252 when not. A declaration the
 * bytes contradict is corrected in the two cases that are common and safe to detect: "UTF-8" on bytes that
 * are not UTF-8 (read as windows-1252), and a Latin-1 family label on bytes that are valid multi-byte UTF-8.
 */
export function detectCharset(
  bytes: Buffer,
  contentType: string,
  markup: boolean,
): { encoding: string; bomLength: number } {
  const bom = bomEncoding(bytes);
  if (bom) return { encoding: bom.encoding, bomLength: bom.length };
  let declared =
    encodingFor(headerCharset(contentType)) ?? (markup ? encodingFor(declaredInMarkup(bytes)) : undefined);
  // A page cannot declare UTF-16 in ASCII-compatible markup; the HTML standard reads it as UTF-8.
  if (markup && declared?.startsWith('utf-16')) declared = 'utf-8';
  if (declared === 'utf-8' && !isValidUtf8(bytes)) return { encoding: 'windows-1252', bomLength: 0 };
  if (
    (declared === 'windows-1252' || declared === 'iso-8859-2' || declared === 'iso-8859-15') &&
    hasNonAscii(bytes) &&
    isValidUtf8(bytes)
  ) {
    return { encoding: 'utf-8', bomLength: 0 };
  }
  if (declared) return { encoding: declared, bomLength: 0 };
  return { encoding: isValidUtf8(bytes) ? 'utf-8' : 'windows-1252', bomLength: 0 };
}

function decodeText(bytes: Buffer, contentType: string, markup: boolean): { text: string; charset: string } {
  const { encoding, bomLength } = detectCharset(bytes, contentType, markup);
  return { text: new TextDecoder(encoding).decode(bytes.subarray(bomLength)), charset: encoding };
}

/** Tab, line feed, vertical tab, form feed, carriage return and escape appear in text; other control bytes do not. */
const TEXT_CONTROL_BYTES = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);

/** What the bytes look like when the content type does not say. */
function sniff(bytes: Buffer): DocumentKind | undefined {
  const start = bytes.subarray(0, 1_024).toString('latin1');
  if (start.startsWith('%PDF-')) return 'pdf';
  const trimmed = start.replace(/^(\uFEFF|\xEF\xBB\xBF|\s)+/, '').toLowerCase();
  if (/^<(!doctype html|html|head|body|title|meta|!--|p[\s>]|div|h1|article)/.test(trimmed)) return 'html';
  if (/^<\?xml[^>]*>\s*(<!doctype html|<html)/.test(trimmed)) return 'html';
  // Text: no NUL bytes and no control characters other than white space in the first kilobyte.
  const binary = bytes.subarray(0, 1_024).some((byte) => byte < 0x20 && !TEXT_CONTROL_BYTES.has(byte));
  if (bom16(bytes) || !binary) return 'text';
  return undefined;
}

const bom16 = (bytes: Buffer): boolean =>
  (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe);

/** XML served as such is read when it is XHTML (its root is `html`). */
function isXhtml(bytes: Buffer): boolean {
  const start = bytes.subarray(0, 2_048).toString('latin1');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype html[^>]*>\s*)?<html[\s>]/i.test(start);
}

const EXTENSION_TYPES: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  xht: 'application/xhtml+xml',
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  pdf: 'application/pdf',
};

/** A content type for a local file from its name's extension ('' when unknown: the bytes decide). */
export function contentTypeForFileName(fileName: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (extension && EXTENSION_TYPES[extension]) ?? '';
}

function notReadable(type: string, source: string): NotReadableError {
  return new NotReadableError(
    `${source} is ${type ? `${type}` : 'of an unknown type'}, which is not readable: read_page reads HTML, XHTML, plain text and PDF.`,
    type,
  );
}

/**
 * Decodes a fetched (or local) document. `source` names it in errors (its address or file name).
 * Throws `NotReadableError` for content that is not HTML, XHTML, plain text or PDF, or a PDF without text.
 */
export async function decodeDocument(
  body: Buffer,
  contentType: string,
  source: string,
): Promise<DecodedDocument> {
  const type = mediaType(contentType);
  let kind: DocumentKind | undefined;
  if (HTML_TYPES.has(type)) kind = 'html';
  else if (TEXT_TYPES.has(type)) kind = 'text';
  else if (PDF_TYPES.has(type)) kind = 'pdf';
  else if (XML_TYPES.has(type)) kind = isXhtml(body) ? 'html' : undefined;
  else if (UNKNOWN_TYPES.has(type)) kind = sniff(body);
  // Servers label PDFs and pages wrongly often enough that the bytes get a say for these two.
  if (kind !== 'pdf' && body.subarray(0, 5).toString('latin1') === '%PDF-') kind = 'pdf';
  if (!kind) throw notReadable(type, source);

  const shownType =
    type || (kind === 'html' ? 'text/html' : kind === 'pdf' ? 'application/pdf' : 'text/plain');
  if (kind === 'pdf') return { kind, contentType: shownType, ...(await pdfText(body, source)) };
  const { text, charset } = decodeText(body, contentType, kind === 'html');
  return { kind, text, charset, contentType: shownType };
}

async function pdfText(body: Buffer, source: string): Promise<{ text: string; title?: string }> {
  // Loaded on first use: pdf.js is large and most reads are HTML.
  const { getDocumentProxy, extractText, getMeta } = await import('unpdf');
  let pages: string[];
  let title: string | undefined;
  try {
    const pdf = await getDocumentProxy(new Uint8Array(body));
    try {
      const extracted = await extractText(pdf, { mergePages: false });
      pages = extracted.text;
      const meta = await getMeta(pdf).catch(() => undefined);
      const metaTitle = (meta?.info as { Title?: unknown } | undefined)?.Title;
      if (typeof metaTitle === 'string' && metaTitle.trim()) title = metaTitle.trim();
    } finally {
      await pdf.destroy();
    }
  } catch (error) {
    throw new NotReadableError(
      `${source} is a PDF that could not be read (${(error as Error).message}); it may be damaged or encrypted.`,
      'application/pdf',
    );
  }
  const text = pages
    .map((page) => page.replace(/[ \t]+\n/g, '\n').trim())
    .filter(Boolean)
    .join('\n\n');
  if (!text) {
    throw new NotReadableError(
      `${source} is a PDF without a text layer (scanned pages, most likely); read_page cannot read its text.`,
      'application/pdf',
    );
  }
  return title ? { text, title } : { text };
}
