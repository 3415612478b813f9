// The one place that says which languages write compounds and where a compound may be cut: the
// question ranking, its bilingual bridge, its thesaurus and the answer kinds all ask it.
import { describe, expect, it } from 'vitest';
import { compoundCuts, writesCompounds } from '../../src/web/extract/passage-terms.ts';

describe('compounds', () => {
  it('are written by German and Dutch, not by English or an unknown language', () => {
    expect(writesCompounds('de')).toBe(true);
    expect(writesCompounds('nl')).toBe(true);
    expect(writesCompounds('en')).toBe(false);
    expect(writesCompounds(undefined)).toBe(false);
  });

  it('are cut into parts of at least the given length, the first also without a linking s', () => {
    const cuts = [...compoundCuts('haushaltsenergie', 4)];
    expect(cuts[0]).toEqual({ heads: ['haus'], tail: 'haltsenergie' });
    expect(cuts).toContainEqual({ heads: ['haushalts', 'haushalt'], tail: 'energie' });
    expect(cuts.at(-1)).toEqual({ heads: ['haushaltsene'], tail: 'rgie' });
    // Letters, not UTF-16 units: "ö" counts once.
    expect([...compoundCuts('königsschloss', 6)]).toEqual([
      { heads: ['königs'], tail: 'schloss' },
      { heads: ['königss', 'königs'], tail: 'chloss' },
    ]);
    expect([...compoundCuts('haus', 4)]).toEqual([]);
  });
});
