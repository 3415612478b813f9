// A provider's extracts of a page (Exa's highlights, Tavily's chunks) turned into a question filter:
// each extract is matched back to the page's own passages by the word pairs they share, so the answer
// still gives the page's text with its part numbers, in the provider's order of relevance.
import type { Passage, QuestionFilter } from './extract/question-filter.ts';

/**
 * A passage is an extract's place on the page when it holds at least this share of the extract's word
 * pairs. Extracts are copied from the page, so the place they come from shares most of them; a pair
 * shared by chance is rare. An extract spread over two paragraphs gives each about half.
 */
const SHARED_PAIRS = 0.3;
/** An extract with fewer word pairs than this says too little to place (a heading, a date). */
const FEWEST_PAIRS = 3;

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function wordPairs(text: string): Set<string> {
  const list = words(text);
  const pairs = new Set<string>();
  for (let index = 1; index < list.length; index += 1) pairs.add(`${list[index - 1]} ${list[index]}`);
  return pairs;
}

/** The passages each extract comes from, best extract first; none found leaves the choice to BM25. */
export function matchSnippets(snippets: readonly string[], passages: readonly Passage[]): number[] {
  const passagePairs = passages.map((passage) => wordPairs(passage.text));
  const chosen: number[] = [];
  for (const snippet of snippets) {
    const pairs = wordPairs(snippet);
    if (pairs.size < FEWEST_PAIRS) continue;
    const places = passagePairs
      .map((candidate, index) => {
        let shared = 0;
        for (const pair of pairs) if (candidate.has(pair)) shared += 1;
        return { index, share: shared / pairs.size };
      })
      .filter((place) => place.share >= SHARED_PAIRS)
      .sort((a, b) => b.share - a.share || a.index - b.index);
    for (const place of places) if (!chosen.includes(place.index)) chosen.push(place.index);
  }
  return chosen;
}

/** A question filter from a provider's extracts of the page; `method` names the provider's filter. */
export function snippetQuestionFilter(method: string, snippets: readonly string[]): QuestionFilter {
  return {
    method,
    select(_question, passages) {
      const chosen = matchSnippets(snippets, passages);
      return chosen.length > 0 ? chosen : undefined;
    },
  };
}
