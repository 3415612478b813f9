// Okapi BM25 over a handful of passages (one page's paragraphs). Small on purpose: the page is the whole
// collection, so term statistics come from its own paragraphs.

/** Term-frequency saturation and length normalisation: the values the BM25 literature settles on. */
const K1 = 1.2;
const B = 0.75;

/** Words that carry no meaning for matching, in the languages the corpora hold most. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'of on or than that the their them then there these they this those to was were what when where which who ' +
    'whom whose why will with would you your he she his her we our about after before also more most not no ' +
    'der die das den dem des ein eine einer eines einem einen und oder ist sind war wer wie was wann wo welche ' +
    'welcher welches im in am an auf aus bei mit nach von vor zu zum zur für über unter um es er sie wir ihr ' +
    'le la les un une des du de et est sont qui que quoi où quand comment pour par sur dans avec ' +
    'el los las una unos y es son que quien cuando donde como por para con en del al'
  ).split(' '),
);

/**
 * Words are cut to their first letters after stemming: a crude stemmer that works in every language
 * ("acquire" finds "acquisition", "Wirtschaft" finds "wirtschaftlich") at little cost in precision.
 */
const PREFIX_LENGTH = 5;

/** Lower-cased words without accents, lightly stemmed so "prices" finds "price" and "founded" "found". */
export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  if (!words) return [];
  const tokens: string[] = [];
  for (const word of words) {
    if (STOP_WORDS.has(word)) continue;
    tokens.push(stem(word).slice(0, PREFIX_LENGTH));
  }
  return tokens;
}

function stem(word: string): string {
  if (word.length <= 3 || /^\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('es') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** BM25 score of each passage for the query, in the passages' order. */
export function bm25Scores(query: string, passages: readonly string[]): number[] {
  const queryTerms = [...new Set(tokenize(query))];
  const documents = passages.map(tokenize);
  const count = documents.length;
  if (count === 0 || queryTerms.length === 0) return documents.map(() => 0);
  const averageLength = documents.reduce((sum, document) => sum + document.length, 0) / count || 1;
  const frequencies = documents.map((document) => {
    const frequency = new Map<string, number>();
    for (const term of document) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    return frequency;
  });
  const inverse = new Map<string, number>();
  for (const term of queryTerms) {
    let containing = 0;
    for (const frequency of frequencies) if (frequency.has(term)) containing++;
    inverse.set(term, Math.log(1 + (count - containing + 0.5) / (containing + 0.5)));
  }
  return frequencies.map((frequency, index) => {
    const length = documents[index]!.length;
    let score = 0;
    for (const term of queryTerms) {
      const termFrequency = frequency.get(term);
      if (!termFrequency) continue;
      const normalised =
        (termFrequency * (K1 + 1)) / (termFrequency + K1 * (1 - B + (B * length) / averageLength));
      score += inverse.get(term)! * normalised;
    }
    return score;
  });
}
