// Same-language synonyms from MyThes thesauri the test writes itself (QUARRY_THESAURI points at them):
// the reader (UTF-8 and Latin-1 files, lower-case and capitalised headwords, antonyms and broader words
// left out, an entry longer than one read), which question words are looked up (only those the page
// lacks, by their stem too), the kinds of a word read from the entries that give it as their broader
// word, and questions asked in other words than their answers that the ranking finds only through the
// thesaurus.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { termReader } from '../../src/web/extract/passage-terms.ts';
import {
  THESAURUS_FOLDER_VARIABLE,
  Thesauri,
  Thesaurus,
  thesaurusConcepts,
} from '../../src/web/extract/thesaurus.ts';
import { WORD_VECTORS_VARIABLE } from '../../src/web/extract/word-vectors.ts';
import { readHtml } from '../../src/web/read-html.ts';
import { temporaryFolder } from './dictd-files.ts';

/** One headword's meanings, each `(part of speech)|synonym|…`, as MyThes writes them. */
type Entries = Record<string, string[]>;

/** Writes `name.idx` and `name.dat` as LibreOffice's thesauri are: the index sorted by the headwords' bytes. */
function writeMyThes(
  folder: string,
  name: string,
  entries: Entries,
  encoding: 'UTF-8' | 'ISO8859-1' = 'UTF-8',
  { unsorted = false }: { unsorted?: boolean } = {},
): void {
  const bufferOf = (text: string): Buffer => Buffer.from(text, encoding === 'UTF-8' ? 'utf8' : 'latin1');
  const chunks: Buffer[] = [bufferOf(`${encoding}\n`)];
  let offset = chunks[0]!.length;
  const index: [Buffer, number][] = [];
  for (const [headword, meanings] of Object.entries(entries)) {
    const chunk = bufferOf(`${headword}|${meanings.length}\n${meanings.map((line) => `${line}\n`).join('')}`);
    index.push([bufferOf(headword), offset]);
    chunks.push(chunk);
    offset += chunk.length;
  }
  if (!unsorted) index.sort((a, b) => Buffer.compare(a[0], b[0]));
  writeFileSync(join(folder, `${name}.dat`), Buffer.concat(chunks));
  writeFileSync(
    join(folder, `${name}.idx`),
    Buffer.concat([
      bufferOf(`${encoding}\n${index.length}\n`),
      ...index.map(([headword, at]) => Buffer.concat([headword, bufferOf(`|${at}\n`)])),
    ]),
  );
}

const folder = temporaryFolder('thesaurus');
writeMyThes(folder, 'th_en_US_v2', {
  fare: ['(noun)|toll|price|charge', '(noun)|food (generic term)|menu'],
  hot: ['(adj)|warm (similar term)|cold (antonym)'],
  raise: ['(verb)|lift|increase'],
  long: [`(adj)|${Array.from({ length: 900 }, (_, index) => `filler${index}`).join('|')}|lengthy`],
  // WordNet leaves a meaning's headword out of its line, and writes a name's capitalised.
  dresser: [
    '(noun)|chest of drawers|bureau|furniture (generic term)|piece of furniture (generic term)',
    '(noun)|person (generic term)',
  ],
  sideboard: ['(noun)|furniture (generic term)'],
  furniture: ['(noun)|piece of furniture|article of furniture'],
  page: ['(noun)|Page|Thomas Nelson Page|writer (generic term)', '(noun)|leaf|sheet|writing (generic term)'],
  clear: ['(verb)|remove|furniture (generic term)'],
});
writeMyThes(
  folder,
  'th_de_DE_v2',
  {
    Gebäude: ['(Nomen)|Bau|Haus (Oberbegriff)|Bauwerk'],
    schnell: ['(Adjektiv)|rasch|zügig (ugs.)'],
    Tempo: ['(Nomen)|Geschwindigkeit'],
    Leitung: ['(Nomen)|Führung|Lenkung'],
    Rolle: ['(Nomen)|Funktion'],
    Haus: ['(Nomen)|Heim|Zuhause'],
  },
  'ISO8859-1',
);

const original = process.env[THESAURUS_FOLDER_VARIABLE];
const vectors = process.env[WORD_VECTORS_VARIABLE];
// The thesaurus alone: the word vectors (word-vectors.test.ts), which find near words of their own, are off.
beforeEach(() => {
  process.env[WORD_VECTORS_VARIABLE] = '';
});
afterEach(() => {
  if (original === undefined) delete process.env[THESAURUS_FOLDER_VARIABLE];
  else process.env[THESAURUS_FOLDER_VARIABLE] = original;
  if (vectors === undefined) delete process.env[WORD_VECTORS_VARIABLE];
  else process.env[WORD_VECTORS_VARIABLE] = vectors;
});

describe('thesaurus: reading MyThes files', () => {
  const thesauri = new Thesauri(folder);

  it('finds the languages by the files’ names and reads an entry’s synonyms, without antonyms and broader words', () => {
    expect(thesauri.languages.sort()).toEqual(['de', 'en']);
    const english = thesauri.of('en')!;
    expect(english.synonyms('fare').sort()).toEqual(['charge', 'menu', 'price', 'toll']);
    expect(english.synonyms('hot')).toEqual(['warm']);
    expect(english.synonyms('missing')).toEqual([]);
    expect(thesauri.of('fr')).toBeUndefined();
  });

  it('reads a Latin-1 file and a capitalised headword for a lower-case word, annotations dropped', () => {
    const german = thesauri.of('de')!;
    expect(german.synonyms('gebäude')).toEqual(['bau', 'bauwerk']);
    expect(german.synonyms('schnell')).toEqual(['rasch', 'zügig']);
    expect(german.has('Schnell')).toBe(true);
  });

  it('sorts an index that is not in its headwords’ order (an encoding whose bytes sort otherwise)', () => {
    const other = temporaryFolder('thesaurus-unsorted');
    writeMyThes(
      other,
      'th_sl_SI_v2',
      { zima: ['(sam)|mraz'], hiša: ['(sam)|dom|stavba'], avto: ['(sam)|vozilo'] },
      'UTF-8',
      { unsorted: true },
    );
    const slovene = new Thesauri(other).of('sl')!;
    expect(slovene.synonyms('hiša')).toEqual(['dom', 'stavba']);
    expect(slovene.synonyms('avto')).toEqual(['vozilo']);
    expect(slovene.synonyms('zima')).toEqual(['mraz']);
    expect(slovene.headwordsStartingWith('hi', 5)).toEqual(['hiša']);
  });

  it('reads the kinds of a word from the noun meanings that give it as their broader word, single words, no names', () => {
    const english = thesauri.of('en')!;
    expect(english.kinds('furniture').sort()).toEqual(['bureau', 'dresser', 'sideboard']);
    expect(english.kinds('Furniture').sort()).toEqual(['bureau', 'dresser', 'sideboard']);
    expect(english.kinds('person')).toEqual(['dresser']);
    expect(english.kinds('writing').sort()).toEqual(['leaf', 'page', 'sheet']);
    // "Page" the writer is a name; "piece of furniture" is never a question's single word.
    expect(english.kinds('writer')).toEqual([]);
    expect(english.kinds('piece of furniture')).toEqual([]);
    expect(english.kinds('dresser')).toEqual([]);
    // Where every noun is capitalised, a capitalised kind is no name.
    expect(thesauri.of('de')!.kinds('Haus').sort()).toEqual(['bau', 'bauwerk', 'gebäude']);
  });

  it('reads an entry longer than its first read whole', () => {
    const english = new Thesaurus(join(folder, 'th_en_US_v2.idx'), join(folder, 'th_en_US_v2.dat'));
    const synonyms = english.synonyms('long');
    expect(synonyms).toHaveLength(901);
    expect(synonyms.at(-1)).toBe('lengthy');
  });
});

describe('thesaurus: the question’s words the page lacks, in synonyms the page has', () => {
  const english = new Thesauri(folder).of('en')!;
  const reader = termReader('en');
  const vocabulary = new Set(
    reader.terms('The company raised its prices and its charges for the long ride.'),
  );

  it('looks up a word by its stem, and keeps only synonyms on the page', () => {
    const concepts = thesaurusConcepts('What happened to fares?', english, reader, vocabulary);
    expect(concepts.map((concept) => concept.source)).toEqual(['fares']);
    expect(concepts[0]!.alternatives).toEqual([
      reader.terms('price').slice(0, 1),
      reader.terms('charge').slice(0, 1),
    ]);
  });

  it('counts the synonyms of a word the page has at a fifth of the weight, and, for a question in another language, leaves alone a word it only shares a stem with', () => {
    expect(thesaurusConcepts('Did they raise the fare?', english, reader, vocabulary)).toEqual([
      { source: 'fare', alternatives: [['price'], ['charg']], weight: 0.8 },
    ]);
    const raisedTwice = new Set(reader.terms('They raised the toll. A year later they increased it again.'));
    expect(thesaurusConcepts('Did they raise the toll?', english, reader, raisedTwice)).toEqual([
      { source: 'raise', alternatives: [reader.terms('increase').slice(0, 1)], weight: 0.8 * 0.2 },
    ]);
    expect(
      thesaurusConcepts('What happened to fares?', english, reader, vocabulary, { exactOnly: true }),
    ).toEqual([]);
  });
});

describe('thesaurus: the kinds of a noun the question asks about', () => {
  const thesauri = new Thesauri(folder);

  it('adds the kinds the page has of an English noun it lacks, at less weight than a synonym', () => {
    const reader = termReader('en');
    const vocabulary = new Set(reader.terms('The family sold the old dresser and a chair.'));
    const concepts = thesaurusConcepts(
      'Which furniture did they sell?',
      thesauri.of('en')!,
      reader,
      vocabulary,
    );
    expect(concepts).toEqual([
      { source: 'furniture kinds', alternatives: [reader.terms('dresser').slice(0, 1)], weight: 0.8 * 0.35 },
    ]);
    // A page that names the furniture has what was asked: its kinds are not looked for.
    const named = new Set(reader.terms('The family sold the furniture: the old dresser and a chair.'));
    expect(thesaurusConcepts('Which furniture did they sell?', thesauri.of('en')!, reader, named)).toEqual(
      [],
    );
  });

  it('reads a German word as a noun only when it is capitalised past the question’s first word', () => {
    const reader = termReader('de');
    const vocabulary = new Set(reader.terms('Das Bauwerk am Markt wird verkauft.'));
    const german = thesauri.of('de')!;
    expect(thesaurusConcepts('Welches Haus wird verkauft?', german, reader, vocabulary)).toEqual([
      { source: 'haus kinds', alternatives: [reader.terms('Bauwerk').slice(0, 1)], weight: 0.8 * 0.35 },
    ]);
    expect(thesaurusConcepts('welches haus wird verkauft?', german, reader, vocabulary)).toEqual([]);
    expect(thesaurusConcepts('Haus verkauft?', german, reader, vocabulary)).toEqual([]);
  });
});

describe('thesaurus: German and Dutch compounds', () => {
  const german = new Thesauri(folder).of('de')!;
  const reader = termReader('de');
  const vocabulary = new Set(
    reader.terms('Die Höchstgeschwindigkeit steigt. Das Werk will weibliche Führungskräfte fördern.'),
  );
  const [speed] = reader.terms('Höchstgeschwindigkeit');
  const [leaders] = reader.terms('Führungskräfte');

  it('finds a synonym as a compound’s part on the page, at less weight, only where asked to', () => {
    const concepts = thesaurusConcepts('Welches Tempo?', german, reader, vocabulary, { compounds: true });
    expect(concepts).toEqual([{ source: 'tempo', alternatives: [[speed]], weight: 0.4 }]);
    expect(thesaurusConcepts('Welches Tempo?', german, reader, vocabulary)).toEqual([]);
  });

  it('reads a compound no thesaurus has as its two parts, each part’s synonyms looked for on the page', () => {
    const concepts = thesaurusConcepts('Wer hat Leitungsrollen?', german, reader, vocabulary, {
      compounds: true,
    });
    expect(concepts).toEqual([{ source: 'leitungsrollen leitung', alternatives: [[leaders]], weight: 0.4 }]);
  });
});

describe('thesaurus: ranking a page for a question asked in its synonyms', () => {
  const filler = [
    'The board met on Tuesday to talk about the new timetable for the winter months.',
    'Drivers asked for more breaks during the long night shifts in the city.',
    'A new depot opened near the river, with room for forty buses and a workshop.',
    'The museum by the harbour showed old tickets, uniforms and photographs of the first trams.',
    'Schools in the north of the town will get two more stops next spring.',
    'The mayor thanked the staff who kept the lines running through the floods.',
  ];
  const page = `<html lang="en"><head><title>City transport news</title></head><body><article>
${[
  ...filler.slice(0, 3),
  'During the storm the operator raised prices by forty percent overnight.',
  ...filler.slice(3),
]
  .map((sentence) => `<p>${sentence}</p>`)
  .join('\n')}
</article></body></html>`;
  const ask = (): string =>
    readHtml(page, { url: 'https://example.com/transport', question: 'What happened to fares?' }).matches?.[0]
      ?.text ?? '';

  it('puts the sentence holding a synonym of the question’s word first, and not without the thesaurus', () => {
    process.env[THESAURUS_FOLDER_VARIABLE] = folder;
    expect(ask()).toContain('raised prices');
    process.env[THESAURUS_FOLDER_VARIABLE] = '';
    expect(ask()).not.toContain('raised prices');
  });

  it('puts the sentence naming a kind of the thing asked about first, and not without the thesaurus', () => {
    const sold = `<html lang="en"><head><title>Moving house</title></head><body><article>
<p>The family sold the car.</p>
<p>The family sold the flat.</p>
<p>The family sold the dresser.</p>
${filler.map((sentence) => `<p>${sentence}</p>`).join('\n')}
</article></body></html>`;
    const best = (): string =>
      readHtml(sold, { url: 'https://example.com/moving', question: 'Which furniture has the family sold?' })
        .matches?.[0]?.text ?? '';
    process.env[THESAURUS_FOLDER_VARIABLE] = folder;
    expect(best()).toContain('dresser');
    process.env[THESAURUS_FOLDER_VARIABLE] = '';
    expect(best()).not.toContain('dresser');
  });
});
