// Decoding fetched bytes: character sets from the header, the BOM and the markup (and wrong ones), the
// kinds read_page reads, a PDF made at test time, and clear refusals for everything else.
import { describe, expect, it } from 'vitest';
import {
  NotReadableError,
  contentTypeForFileName,
  decodeDocument,
  detectCharset,
} from '../../src/web/decode.ts';
import { makePdf } from './read-page-fixtures.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('character sets', () => {
  it('takes the charset from the Content-Type header', async () => {
    const decoded = await decodeDocument(
      latin1('<p>Café crème</p>'),
      'text/html; charset=ISO-8859-1',
      'page',
    );
    expect(decoded).toMatchObject({ kind: 'html', charset: 'windows-1252', text: '<p>Café crème</p>' });
  });

  it('takes a quoted charset parameter', async () => {
    const decoded = await decodeDocument(latin1('<p>Ærø</p>'), 'text/html; charset="windows-1252"', 'page');
    expect(decoded.text).toBe('<p>Ærø</p>');
  });

  it('lets the byte order mark win over the header, and drops it', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('<p>naïve</p>')]);
    const decoded = await decodeDocument(bytes, 'text/html; charset=windows-1252', 'page');
    expect(decoded).toMatchObject({ charset: 'utf-8', text: '<p>naïve</p>' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>Grüße</p>', 'utf16le')]);
    expect((await decodeDocument(utf16, 'text/html', 'page')).text).toBe('<p>Grüße</p>');
  });

  it('reads <meta charset> and the http-equiv form', async () => {
    const meta = await decodeDocument(
      latin1('<html><head><meta charset="iso-8859-1"></head><p>Señor</p>'),
      'text/html',
      'page',
    );
    expect(meta.text).toContain('Señor');
    const httpEquiv = Buffer.concat([
      utf8('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><p>'),
      Buffer.from([0x93, 0xfa, 0x96, 0x7b]), // 日本 in Shift_JIS
      utf8('</p>'),
    ]);
    const decoded = await decodeDocument(httpEquiv, 'text/html', 'page');
    expect(decoded).toMatchObject({ charset: 'shift_jis' });
    expect(decoded.text).toContain('<p>日本</p>');
  });

  it('reads the XML declaration of XHTML', async () => {
    const xhtml = latin1(
      '<?xml version="1.0" encoding="ISO-8859-1"?><html xmlns="http://www.w3.org/1999/xhtml"><p>Zoë</p></html>',
    );
    const decoded = await decodeDocument(xhtml, 'application/xhtml+xml', 'page');
    expect(decoded).toMatchObject({ kind: 'html', text: expect.stringContaining('Zoë') });
  });

  it('corrects a wrong charset: "utf-8" on windows-1252 bytes, and "iso-8859-1" on UTF-8 bytes', async () => {
    const saidUtf8 = await decodeDocument(latin1('<p>déjà vu</p>'), 'text/html; charset=utf-8', 'page');
    expect(saidUtf8).toMatchObject({ charset: 'windows-1252', text: '<p>déjà vu</p>' });
    const saidLatin1 = await decodeDocument(
      utf8('<p>déjà vu — “quoted”</p>'),
      'text/html; charset=iso-8859-1',
      'page',
    );
    expect(saidLatin1).toMatchObject({ charset: 'utf-8', text: '<p>déjà vu — “quoted”</p>' });
  });

  it('ignores an unknown charset label and falls back on the markup or the bytes', async () => {
    const decoded = await decodeDocument(
      utf8('<p>Ünïcödé</p>'),
      'text/html; charset=no-such-charset',
      'page',
    );
    expect(decoded).toMatchObject({ charset: 'utf-8', text: '<p>Ünïcödé</p>' });
    const withMeta = await decodeDocument(
      latin1('<meta charset="latin1"><p>Ü</p>'),
      'text/html; charset=bogus',
      'page',
    );
    expect(withMeta.text).toBe('<meta charset="latin1"><p>Ü</p>');
  });

  it('reads a UTF-16 <meta> declaration as UTF-8, as the HTML standard says', () => {
    expect(detectCharset(utf8('<meta charset="utf-16"><p>x</p>'), 'text/html', true).encoding).toBe('utf-8');
  });

  it('guesses windows-1252 for undeclared bytes that are not UTF-8', async () => {
    expect((await decodeDocument(latin1('plain façade'), 'text/plain', 'file')).text).toBe('plain façade');
  });
});

describe('what is readable', () => {
  it('reads HTML, XHTML, XHTML served as XML, and plain text and Markdown', async () => {
    expect((await decodeDocument(utf8('<p>x</p>'), 'text/html', 'a')).kind).toBe('html');
    expect((await decodeDocument(utf8('<html><p>x</p></html>'), 'application/xhtml+xml', 'a')).kind).toBe(
      'html',
    );
    const asXml =
      '<?xml version="1.0"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml"><p>x</p></html>';
    expect((await decodeDocument(utf8(asXml), 'application/xml', 'a')).kind).toBe('html');
    expect((await decodeDocument(utf8('just text'), 'text/plain; charset=utf-8', 'a')).kind).toBe('text');
    expect((await decodeDocument(utf8('# Title\n\ntext'), 'text/markdown', 'a')).kind).toBe('text');
  });

  it('looks at the bytes when the type says nothing', async () => {
    expect((await decodeDocument(utf8('<!DOCTYPE html><p>x</p>'), '', 'a')).kind).toBe('html');
    expect((await decodeDocument(utf8('hello\nworld'), 'application/octet-stream', 'a')).kind).toBe('text');
    expect((await decodeDocument(makePdf([['sniffed pdf']]), 'application/octet-stream', 'a')).kind).toBe(
      'pdf',
    );
    await expect(
      decodeDocument(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), '', 'a'),
    ).rejects.toThrow(NotReadableError);
  });

  it('extracts the text of a PDF, page by page, with its title', async () => {
    const pdf = makePdf(
      [
        ['Quarterly report', 'Revenue grew by 12 percent (see table).'],
        ['Second page', 'The outlook stays cautious.'],
      ],
      'Quarry test PDF',
    );
    const decoded = await decodeDocument(pdf, 'application/pdf', 'https://example.com/report.pdf');
    expect(decoded.kind).toBe('pdf');
    expect(decoded.title).toBe('Quarry test PDF');
    expect(decoded.text).toContain('Revenue grew by 12 percent (see table).');
    expect(decoded.text.indexOf('Quarterly report')).toBeLessThan(decoded.text.indexOf('Second page'));
    expect(decoded.text).toMatch(/cautious\.$/);
  });

  it('refuses a damaged PDF with a clear message', async () => {
    const broken = Buffer.from('%PDF-1.4\nthis is not really a pdf\n%%EOF\n', 'latin1');
    await expect(decodeDocument(broken, 'application/pdf', 'https://example.com/x.pdf')).rejects.toThrow(
      /^https:\/\/example\.com\/x\.pdf is a PDF that could not be read/,
    );
  });

  it.each([
    ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ['application/json', utf8('{"a":1}')],
    ['application/zip', Buffer.from([0x50, 0x4b, 0x03, 0x04])],
    ['video/mp4', Buffer.from([0, 0, 0, 0x18])],
    ['application/rss+xml', utf8('<?xml version="1.0"?><rss></rss>')],
    ['application/xml', utf8('<?xml version="1.0"?><feed></feed>')],
  ])('refuses %s as not readable, naming the type', async (type, bytes) => {
    const error = await decodeDocument(bytes, `${type}; charset=utf-8`, 'https://example.com/thing').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(NotReadableError);
    expect((error as Error).message).toBe(
      `https://example.com/thing is ${type}, which is not readable: read_page reads HTML, XHTML, plain text and PDF.`,
    );
  });

  it('gives local files a type from their extension', () => {
    expect(contentTypeForFileName('/tmp/page.HTM')).toBe('text/html');
    expect(contentTypeForFileName('notes.md')).toBe('text/markdown');
    expect(contentTypeForFileName('paper.pdf')).toBe('application/pdf');
    expect(contentTypeForFileName('archive.tar.gz')).toBe('');
  });
});
