// Okapi BM25 over a handful of passages (one page's paragraphs). Small on purpose: the page is the whole
// collection, so term statistics come from its own paragraphs. Query terms carry weights, so words that
// only may be meant (a compound's parts, a stem's variants) count for less than the question's own.

/** Term-frequency saturation and length normalisation: the values the BM25 literature settles on. */
const K1 = 1.2;
const B = 0.75;

/**
 * BM25 score of each document (its terms, in order) for the weighted query terms, in the documents'
 * order. `lengths` gives the documents' lengths when `documents` hold only their query terms (a
 * caller that filtered them, to spare the time of the terms no query has).
 */
export function bm25Scores(
  query: ReadonlyMap<string, number>,
  documents: readonly (readonly string[])[],
  lengths: readonly number[] = documents.map((document) => document.length),
): number[] {
  const count = documents.length;
  if (count === 0 || query.size === 0) return documents.map(() => 0);
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / count || 1;
  const frequencies = documents.map((document) => {
    const frequency = new Map<string, number>();
    for (const term of document) if (query.has(term)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    return frequency;
  });
  const inverse = new Map<string, number>();
  for (const term of query.keys()) {
    let containing = 0;
    for (const frequency of frequencies) if (frequency.has(term)) containing++;
    inverse.set(term, Math.log(1 + (count - containing + 0.5) / (containing + 0.5)));
  }
  return frequencies.map((frequency, index) => {
    const length = lengths[index]!;
    let score = 0;
    for (const [term, termFrequency] of frequency) {
      const normalised =
        (termFrequency * (K1 + 1)) / (termFrequency + K1 * (1 - B + (B * length) / averageLength));
      score += query.get(term)! * inverse.get(term)! * normalised;
    }
    return score;
  });
}
