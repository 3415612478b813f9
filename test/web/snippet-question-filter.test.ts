import { describe, expect, it } from 'vitest';
import type { Passage } from '../../src/web/extract/question-filter.ts';
import { matchSnippets, snippetQuestionFilter } from '../../src/web/snippet-question-filter.ts';

const passages: Passage[] = [
  {
    part: 1,
    text: 'The ferry leaves every forty minutes from the north pier, the first at six in the morning.',
  },
  { part: 1, text: 'Herons gather on the mud banks at dawn while the fog lifts slowly from the reeds.' },
  { part: 2, text: 'The water was eleven degrees at the mouth of the river after three days of rain.' },
  { part: 2, text: 'Tickets cost four euros, and children under twelve travel free on weekdays.' },
];

describe('matchSnippets', () => {
  it("places each extract on the page's passage it comes from, in the provider's order", () => {
    expect(
      matchSnippets(
        ['the water was eleven degrees at the mouth of the river', 'Herons gather on the mud banks at dawn'],
        passages,
      ),
    ).toEqual([2, 1]);
  });

  it('gives both passages of an extract that spans two paragraphs, the larger share first', () => {
    expect(
      matchSnippets(
        [
          'at the mouth of the river after three days of rain. Tickets cost four euros, and children under twelve',
        ],
        passages,
      ),
    ).toEqual([2, 3]);
  });

  it('ignores extracts too short to place and words shared only by chance', () => {
    expect(
      matchSnippets(['the river', 'Ferries on the river cost money at dawn in the north'], passages),
    ).toEqual([]);
  });
});

describe('snippetQuestionFilter', () => {
  it('names its method and leaves the choice to the local ranking when no extract matches', () => {
    const filter = snippetQuestionFilter('exa-highlights', [
      'Tickets cost four euros, and children under twelve',
    ]);
    expect(filter.method).toBe('exa-highlights');
    expect(filter.select('what does a ticket cost?', passages)).toEqual([3]);
    expect(
      snippetQuestionFilter('exa-highlights', ['Nothing here is on the page at all']).select('q', passages),
    ).toBeUndefined();
  });
});
