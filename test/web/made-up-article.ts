// What the main-text tests build their made-up pages from: one read of the whole main text, and
// paragraphs of plain prose on a topic, long enough to count as an article's body.
import { readHtml } from '../../src/web/read-html.ts';

export function mainText(html: string): string {
  return readHtml(html, { url: 'https://example.com/post', partSize: 1_000_000 }).parts.join('\n\n');
}

export const sentence = (topic: string, index: number): string =>
  `The ${topic} report, part ${index}, follows the families of the valley through a long winter, and says, plainly, what the new road changed for them.`;

export const paragraphs = (topic: string, count: number): string =>
  Array.from({ length: count }, (_, index) => `<p>${sentence(topic, index)}</p>`).join('');
