// Main text on pages whose markup names nothing we know: no class or id says "comments", "sidebar" or
// "related", so what is not the article is told by its structure, its links, the shape of its text and
// where it stands. Made-up pages, every element unnamed.
import { describe, expect, it } from 'vitest';
import { mainText, paragraphs, sentence } from './made-up-article.ts';

const said = (index: number): string =>
  `I tried this at home, reader number ${index} writes, and it worked well enough for our whole family.`;

/** A comment thread without names: entries of one markup, each a name, a stamp and what was said. */
function thread(count: number, stamp: (index: number) => string): string {
  return `<div><h3>${count} Responses</h3><ol>${Array.from(
    { length: count },
    (_, index) =>
      `<li><div><div><span>Reader ${index}</span></div><div>${stamp(index)}</div></div><div><p>${said(index)}</p></div></li>`,
  ).join('')}</ol></div>`;
}

describe('readHtml main text without names', () => {
  it('leaves out a comment thread told by its stamped entries (a day and a time)', () => {
    const html = `<html><body><div><div><h1>Winter road</h1><div>${paragraphs('valley', 5)}</div></div>${thread(5, (index) => `${index + 3}. Februar 2017 20:0${index}`)}</div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 4));
    for (let index = 0; index < 5; index++) expect(text).not.toContain(said(index));
  });

  it('leaves out one whose stamps are relative ("6 years ago") or in another language', () => {
    for (const stamp of [
      (index: number) => `${index + 2} years ago`,
      (index: number) => `il y a ${index + 2} jours`,
      (index: number) => `14/04/2020 at ${index + 3}:00 pm`,
    ]) {
      const html = `<html><body><div><div><div>${paragraphs('valley', 5)}</div></div>${thread(4, stamp)}</div></body></html>`;
      const text = mainText(html);
      expect(text).toContain(sentence('valley', 4));
      expect(text).not.toContain(said(1));
    }
  });

  it("keeps a forum's thread, where no article stands beside the stamped entries", () => {
    const post = (index: number) =>
      `<li><div>Member ${index}</div><div>03.03.2011, 14:${10 + index}</div><blockquote>${sentence('forum', index)} ${said(index)}</blockquote></li>`;
    const about = `<div><p>${sentence('forum rules', 0)} ${sentence('forum rules', 1)} ${sentence('forum rules', 2)}</p></div>`;
    const html = `<html><body><h1>Update is rolling out</h1><ol>${Array.from({ length: 6 }, (_, index) => post(index)).join('')}</ol>${about}</body></html>`;
    const text = mainText(html);
    for (let index = 0; index < 6; index++) expect(text).toContain(said(index));
  });

  it('keeps a schedule whose rows state days and times', () => {
    const rows = Array.from(
      { length: 5 },
      (_, index) =>
        `<tr><td><div>0${index + 3}.02.2022 11:30</div></td><td><p>Round ${index + 1} of the championship, live on the sports channel</p></td></tr>`,
    ).join('');
    const html = `<html><body><div><div>${paragraphs('valley', 4)}</div><table><tbody>${rows}</tbody></table></div></body></html>`;
    expect(mainText(html)).toContain('Round 5 of the championship');
  });

  it('reads a data sheet of short labels and values over a box of its sources', () => {
    const fields = [
      ['Form', 'Tablets'],
      ['Package leaflet', 'None provided by the maker'],
      ['Active substance', 'Quinine salicylate'],
      ['Pack sizes', '80 tablets'],
      ['Basic information', 'None available for this product'],
      ['Storage', 'Below 25 degrees'],
      ['Prescription', 'Not needed'],
      ['Code', 'V60A homeopathics'],
      ['Ingredients', 'Lactose, magnesium stearate'],
      ['Maker', 'The homeopathic laboratory'],
      ['Dose', 'One tablet three times a day'],
      ['Children', 'Ask your doctor first'],
      ['Side effects', 'None known so far'],
    ];
    const sheet = fields
      .map(([label, value]) => `<div><div>${label}</div><div>${value}</div></div>`)
      .join('');
    const sources = `<div><div>Sources:</div><ol><li>Product information for the tablets, as filed by the maker in its own catalogue</li><li>The national office for the registration of medicines</li></ol></div>`;
    const links = `<div><ul>${Array.from({ length: 12 }, (_, index) => `<li><a href="/p${index}">Other product ${index}</a></li>`).join('')}</ul></div>`;
    const html = `<html><body><div><h1>Quinine tablets</h1><div>${sheet}</div>${sources}${links}</div></body></html>`;
    const text = mainText(html);
    expect(text).toContain('None provided by the maker');
    expect(text).toContain('None available for this product');
    expect(text).not.toContain('Other product');
  });

  it('leaves out a list of most-read titles whose links a script sets (titles, not sentences)', () => {
    const titles = Array.from(
      { length: 14 },
      (_, index) =>
        `<div><div>Another headline of this week, number ${index}</div><div>${40 + index}</div></div>`,
    ).join('');
    const html = `<html><body><div><div><div>${paragraphs('valley', 5)}</div></div><div><div>Most read</div>${titles}</div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 4));
    expect(text).not.toContain('Another headline of this week');
  });

  it('reads a Chinese post of short lines as text, not as titles', () => {
    // Sixty characters of Chinese say what a long sentence says: no title, though no stop ends it.
    const line = (index: number) =>
      `第${index}天我们沿着山路走到营地看见满地落叶和雨后的枫树林还有远处的云海与溪流大家一起搭起帐篷煮茶聊天直到夜里星星出来才睡去`;
    const post = Array.from({ length: 20 }, (_, index) => `<p>${line(index)}</p>`).join('');
    const titles = Array.from(
      { length: 14 },
      (_, index) => `<div><div>Another headline of this week, number ${index}</div></div>`,
    ).join('');
    const html = `<html><body><div><div><h1>露營</h1>${post}</div><div>${titles}</div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(line(19));
    expect(text).not.toContain('Another headline of this week');
  });

  it('reads a short post rather than the one box of text in a sidebar of link boxes', () => {
    const links = (title: string) =>
      `<li><h2>${title}</h2><ul>${Array.from({ length: 5 }, (_, index) => `<li><a href="/${title}/${index}">${title} ${index}</a></li>`).join('')}</ul></li>`;
    const tweet = `<li><h2>Twitter</h2><ul><li>${sentence('tweet', 0)}</li></ul></li>`;
    const column = `<div><ul>${links('Categories')}${links('Archives')}${tweet}${links('Meta')}</ul></div>`;
    const html = `<html><body><div><div><h2>Tuesday</h2><p>I know I should not say this, but I will say it anyway.</p><p>Then do not say it.</p></div></div>${column}</body></html>`;
    const text = mainText(html);
    expect(text).toContain('Then do not say it.');
    expect(text).not.toContain('tweet report');
  });

  it('keeps a list of questions, each under its heading with its answer', () => {
    const questions = Array.from(
      { length: 4 },
      (_, index) => `<li><h3>Question ${index}?</h3><p>${sentence('answer', index)}</p></li>`,
    ).join('');
    const html = `<html><body><div><h1>Questions</h1>${paragraphs('intro', 3)}<ul>${questions}</ul></div></body></html>`;
    expect(mainText(html)).toContain(sentence('answer', 3));
  });

  it('leaves out teaser cards whose plain headline is repeated by their link', () => {
    const card = (index: number) =>
      `<div><h2>Another topic ${index}</h2><p>${sentence(`teaser ${index}`, 0)}</p><div><a href="/t${index}">more</a></div><div><a href="/t${index}">Another topic ${index}</a></div></div>`;
    const cards = Array.from({ length: 3 }, (_, index) => card(index)).join('');
    const html = `<html><body><div><h1>Winter road</h1><div>${paragraphs('valley', 5)}</div><h2>Similar articles</h2>${cards}</div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 4));
    expect(text).not.toContain('teaser 1 report');
  });

  it("leaves out a notice repeated word for word over each embedded post, and keeps data's repeated values", () => {
    const notice =
      'At this point you will find external content from a social network that adds to the article; one click shows it.';
    const embed = `<div><div>Recommended editorial content</div><div><p>${notice}</p></div></div>`;
    const cards = Array.from(
      { length: 3 },
      (_, index) => `<div><div>Jacket ${index}</div><div>Softshell (polyester and spandex)</div></div>`,
    ).join('');
    const html = `<html><body><div><h1>Winter road</h1><div><p>${sentence('valley', 0)}</p>${embed}<p>${sentence('valley', 1)}</p>${embed}<p>${sentence('valley', 2)}</p>${embed}<p>${sentence('valley', 3)}</p>${cards}</div></div></body></html>`;
    const text = mainText(html);
    expect(text).toContain(sentence('valley', 3));
    expect(text).not.toContain('external content from a social network');
    expect(text).toContain('Softshell (polyester and spandex)');
  });
});
