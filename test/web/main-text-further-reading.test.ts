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

describe('readHtml main text: further reading in many languages, by what the section holds', () => {
  const linkedItems = (count: number) =>
    `<ul>${Array.from({ length: count }, (_, index) => `<li><a href="/story-${index}">Another story about the city, number ${index}</a></li>`).join('')}</ul>`;
  const headlineItems = (count: number) =>
    `<ol>${Array.from({ length: count }, (_, index) => `<li>The mayor opens the new bridge in district ${index}</li>`).join('')}</ol>`;

  it('drops a box of headlines under the words for related or most-read articles', () => {
    for (const heading of [
      'Ähnliche Artikel',
      'Las más leídas',
      'Artigos relacionados',
      'Najczęściej czytane',
      'Meest gelezen',
      'I più letti',
      'Читайте также',
      '関連記事',
      '相关阅读',
      'Most read:',
    ]) {
      for (const list of [linkedItems(4), headlineItems(4)]) {
        const text = mainText(`<h1>Tram</h1>${article}<div><h3>${heading}</h3>${list}</div>`);
        expect(text).toContain('Paragraph 4 of the article');
        expect(text).not.toContain(heading);
        expect(text).not.toContain('district 2');
      }
    }
  });

  it('drops a labelled box of linked headlines ("Mirá también" over linked headings)', () => {
    const box = `<div><span>Mirá también</span><div><a href="/a"><h2>El intendente y la interna del frente: hay un desorden</h2></a></div><div><a href="/b"><h2>La agrupación cruzó al gobierno por una obra en la provincia</h2></a></div></div>`;
    const text = mainText(`${article}${box}`);
    expect(text).toContain('Paragraph 4 of the article');
    expect(text).not.toContain('Mirá también');
    expect(text).not.toContain('La agrupación cruzó');
  });

  it('keeps a section of prose that merely follows such words', () => {
    const section = `<h2>See also</h2>${prose(10)}${prose(11)}`;
    const text = mainText(`<h1>Tram</h1>${article}${prose(5)}${section}`);
    expect(text).toContain('See also');
    expect(text).toContain('Paragraph 11 of the article');
  });

  it('ends the section with its box: the article goes on after it', () => {
    const box = `<div><h2>Read more</h2>${headlineItems(3)}</div>`;
    const text = mainText(`<h1>Tram</h1>${article}${box}${prose(5)}${prose(6)}`);
    expect(text).not.toContain('Read more');
    expect(text).not.toContain('district 1');
    expect(text).toContain('Paragraph 6 of the article');
  });

  it("drops a tab's list of most-read headlines set between the lead and the body, not the body after it", () => {
    const cards = Array.from(
      { length: 4 },
      (_, index) =>
        `<li><h3>The council votes on the new budget for district ${index}</h3><p>Politics</p></li>`,
    ).join('');
    const tab = `<ul><li>Las más leídas</li></ul><ul>${cards}</ul>`;
    // The box of headlines apart from the body, and the body inside the same box after them.
    for (const page of [
      `<h1>Tram</h1><div>${tab}</div>${article}`,
      `<h1>Tram</h1><div>${tab}${article}</div>`,
    ]) {
      const text = mainText(page);
      expect(text).not.toContain('Las más leídas');
      expect(text).not.toContain('district 2');
      expect(text).toContain('Paragraph 0 of the article');
      expect(text).toContain('Paragraph 4 of the article');
    }
  });

  it("drops the heading of the article's tags with its list of words, in several languages", () => {
    for (const heading of ['Schlagworte', 'Mots-clés', 'Tags:', 'Etiquetas', 'Słowa kluczowe', 'タグ']) {
      const tags = `<h2>${heading}</h2><ul><li><a href="/t/tram">Tram</a></li><li><a href="/t/city">City</a></li></ul>`;
      const text = mainText(`<h1>Tram</h1>${article}${tags}`);
      expect(text).toContain('Paragraph 4 of the article');
      expect(text).not.toContain(heading);
    }
  });

  it('keeps a section under such a word that says more than a word a line', () => {
    const section = `<h2>Topics</h2><ul><li>How the tram changes the daily trips of the eastern districts</li><li>What the new line costs</li></ul>`;
    expect(mainText(`<h1>Tram</h1>${article}${section}`)).toContain('Topics');
  });
});
