// Splits the main text into parts of about `partSize` characters at paragraph boundaries, so an agent
// can read a long page piece by piece. A paragraph longer than a part is cut at line breaks, then at
// sentence ends, then (a last resort for text without either) at a space.

export interface SplitText {
  parts: string[];
  /** For each paragraph given, the 1-based part it landed in (its first piece's part). */
  partOfParagraph: number[];
}

function cutLong(paragraph: string, partSize: number): string[] {
  if (paragraph.length <= partSize) return [paragraph];
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > partSize) {
    const window = rest.slice(0, partSize);
    let cut = window.lastIndexOf('\n');
    if (cut < partSize / 2) {
      const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('? '), window.lastIndexOf('! '));
      cut = sentence >= partSize / 2 ? sentence + 1 : cut;
    }
    if (cut < partSize / 2) cut = window.lastIndexOf(' ');
    if (cut <= 0) cut = partSize;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

export function splitIntoParts(paragraphs: readonly string[], partSize: number): SplitText {
  const parts: string[] = [];
  const partOfParagraph: number[] = [];
  let current = '';
  for (const paragraph of paragraphs) {
    const pieces = cutLong(paragraph, partSize);
    let first = true;
    for (const piece of pieces) {
      if (current && current.length + 2 + piece.length > partSize) {
        parts.push(current);
        current = '';
      }
      current = current ? `${current}\n\n${piece}` : piece;
      if (first) partOfParagraph.push(parts.length + 1);
      first = false;
    }
  }
  if (current) parts.push(current);
  return { parts, partOfParagraph };
}
