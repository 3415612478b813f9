// Sections that announce other articles ("Read more", "Lesen Sie auch", "À lire aussi") are left out
// of the main text with what follows them, unless they would take most of it.
import { describe, expect, it } from 'vitest';
import { readHtml } from '../../src/web/read-html.ts';

function mainText(inner: string): string {
  return readHtml(`<html><body><article>${inner}</article></body></html>`, {
    url: 'https://example.com/post',
    partSize: 1_000_000,
  }).parts.join('\n\n');
}

const prose = (index: number): string =>
  `<p>Paragraph ${index} of the article explains, at some length and with care, how the new tram line changes the daily trips of the people in the eastern districts.</p>`;
const article = [0, 1, 2, 3, 4].map(prose).join('');

describe('readHtml main text: further reading', () => {
  it('drops a "Read more" heading and its section, in several languages', () => {
    for (const heading of ['Read more', 'Zum Weiterlesen', 'À lire aussi', 'Leer más', 'Mehr zum Thema']) {
      const teasers = `<h2>${heading}</h2><h3>Another story about buses</h3><p>A short summary of another story that is not this one, about buses in the west.</p><h3>And one about bikes</h3><p>Another short summary of yet another story, about bikes in the north.</p>`;
      const text = mainText(
        `<h1>Tram</h1>${article}${teasers}<h2>Sources</h2><p>The city's own figures, published in its yearly report on transport and roads.</p>`,
      );
      expect(text).toContain('Paragraph 4 of the article');
      expect(text).not.toContain(heading);
      expect(text).not.toContain('short summary of another story');
      // The next section of the same level is the article's again.
      expect(text).toContain("The city's own figures");
    }
  });

  it('drops a label and the list it introduces', () => {
    const text = mainText(
      `${article}<p>Lesen Sie auch die folgenden Beiträge:</p><ul><li>Warum Busse voll sind</li><li>Der Radweg bleibt</li></ul>${prose(5)}`,
    );
    expect(text).not.toContain('Lesen Sie auch');
    expect(text).not.toContain('Warum Busse voll sind');
    expect(text).toContain('Paragraph 5 of the article');
  });

  it('keeps such a section when it is most of the text', () => {
    const text = mainText(`<h2>See also</h2>${article}`);
    expect(text).toContain('Paragraph 0 of the article');
  });
});
