// The dictd reader and the lexicon on small dictionaries the tests write themselves (test/web/dictd-files.ts):
// a plain `.dict`, a dictzip `.dict.dz` whose entries span chunks, an index out of order; translations
// from a pair's own dictionary (by headword, by stem), from the other way round's, and through English.
import { describe, expect, it } from 'vitest';
import { DictdDictionary } from '../../src/web/extract/dictd-dictionary.ts';
import { entryTranslations, Lexicon } from '../../src/web/extract/lexicon.ts';
import { temporaryFolder, writeDictd, type DictdEntry } from './dictd-files.ts';

const animals: DictdEntry[] = [
  { headword: 'Hund', heading: 'Hund /hʊnt/ <masc, n, sg>', lines: ['dog <n>, hound <n>', ' see: {Hunde}'] },
  { headword: 'Katze', heading: 'Katze /ˈkat͡sə/ <fem, n, sg>', lines: ['cat <n>'] },
  { headword: 'Hund', heading: 'Hund /hʊnt/ <masc, n, sg>', lines: [' [min.] tub <n>, truck <n>'] },
  {
    headword: 'Pferd',
    heading: 'Pferd /pfeːɐ̯t/ <neut, n, sg>',
    lines: ['horse <n>', '      "aufs falsche Pferd setzen"  - back the wrong horse', ' see: {Pferde}'],
  },
  { headword: 'Hundehütte', lines: ['doghouse <n>, kennel <n>'] },
];

describe('dictd reader', () => {
  it('reads a plain .dict by headword: every entry of a headword, in the index’s order', () => {
    const folder = temporaryFolder('dictd-plain');
    writeDictd(folder, 'deu-eng', animals);
    const dictionary = DictdDictionary.open(`${folder}/freedict-deu-eng`)!;
    expect(dictionary.size).toBe(5);
    const entries = dictionary.entries('hund');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('dog <n>, hound <n>');
    expect(entries[1]).toContain('tub <n>');
    expect(dictionary.entries('katze')[0]).toBe('Katze /ˈkat͡sə/ <fem, n, sg>\ncat <n>\n\n');
    expect(dictionary.entries('esel')).toEqual([]);
    expect(dictionary.headwordsStartingWith('hund', 10)).toEqual(['hund', 'hundehütte']);
    expect(dictionary.headwordsStartingWith('hund', 10, { longestBytes: 6 })).toEqual(['hund']);
  });

  it('reads a dictzip .dict.dz through its chunk table, an entry spanning several chunks', () => {
    const folder = temporaryFolder('dictd-dz');
    // Chunks of 16 bytes: every entry here is longer, so each is read across chunks.
    writeDictd(folder, 'deu-eng', animals, { chunkLength: 16 });
    const dictionary = DictdDictionary.open(`${folder}/freedict-deu-eng`)!;
    expect(dictionary.entries('pferd')[0]).toContain('"aufs falsche Pferd setzen"  - back the wrong horse');
    expect(dictionary.entries('hundehütte')[0]).toBe('Hundehütte\ndoghouse <n>, kennel <n>\n\n');
  });

  it('sorts an index written out of order, and finds entries by the words they hold', () => {
    const folder = temporaryFolder('dictd-unsorted');
    writeDictd(folder, 'deu-eng', [...animals].reverse(), { unsorted: true, chunkLength: 32 });
    const dictionary = DictdDictionary.open(`${folder}/freedict-deu-eng`)!;
    expect(dictionary.entries('hund')).toHaveLength(2);
    expect(dictionary.entries('katze')).toHaveLength(1);
    // The entries holding a word starting "dog", each with its headword (ASCII case folded to search).
    const holding = dictionary.entriesHolding('Dog', 10).map((entry) => entry.headword);
    expect(holding.sort()).toEqual(['hund', 'hundehütte']);
  });

  it('opens nothing where the files are missing', () => {
    expect(DictdDictionary.open(`${temporaryFolder('dictd-none')}/freedict-deu-eng`)).toBeUndefined();
  });
});

describe('entries as translations', () => {
  it('takes the first line after the headword’s and each numbered sense, without labels, examples or glosses', () => {
    // Ding (German–English): one sense an entry, labels in brackets, examples in quotes.
    expect(
      entryTranslations(
        'Verein /fɛɾˈaɪn/ <masc>\n [soc.] club <n>, society <n>\n      "ein Verein"  - a club\n see: {Vereine}',
      ),
    ).toEqual(['club', 'society']);
    // Numbered senses (the older FreeDict dictionaries).
    expect(entryTranslations('party /pɑːtiː/\n1. grupo\n2. celebração, festa\n')).toEqual([
      'grupo',
      'celebração',
      'festa',
    ]);
    // WikDict: each sense's gloss in the source language follows it, and the next sense's number may
    // end the line before.
    expect(
      entryTranslations('manger /mɑ̃.ʒe/ <v>\ncomer 2.\nMâcher et avaler un aliment\n 3.\nPrendre un repas'),
    ).toEqual(['comer']);
  });

  it('leaves out the abbreviations, pronunciations and object placeholders Ding writes beside a translation', () => {
    expect(
      entryTranslations('newspaper /njˈuːzpeɪpə/\nZeitung <fem>Ztg.,  /zˌɛdtˌiːdʒˈiː/ , Blatt <neut>\n'),
    ).toEqual(['zeitung', 'blatt']);
    expect(entryTranslations('abdecken /ˈapdɛkən/ <v>\ncover sth. with sth.\n')).toEqual(['cover with']);
    expect(entryTranslations('sell /sɛl/ <v>\netw. verkaufen, jdm. etw. andrehen\n')).toEqual([
      'verkaufen',
      'andrehen',
    ]);
  });
});

describe('lexicon', () => {
  const folder = temporaryFolder('lexicon');
  writeDictd(folder, 'eng-deu', [
    { headword: 'invite', heading: 'invite /ɪnvˈaɪt/ <v>', lines: ['einladen <v, trans>'] },
    { headword: 'prize', heading: 'prize /praɪz/', lines: ['Preis <masc>, Auszeichnung <fem>'] },
    { headword: 'dog', lines: ['Hund <masc>'] },
  ]);
  // French–English, to reach German from French through English.
  writeDictd(folder, 'fra-eng', [{ headword: 'chien', lines: ['dog'] }], { chunkLength: 8 });
  // Spanish from English only the other way round.
  writeDictd(folder, 'spa-eng', [
    { headword: 'perro', lines: ['1. dog', '2. hound'] },
    { headword: 'can', lines: ['dog'] },
  ]);
  const lexicon = new Lexicon(folder);

  it('lists the pairs installed, and what it can bridge', () => {
    expect([...lexicon.pairs].sort()).toEqual(['eng-deu', 'fra-eng', 'spa-eng']);
    expect(lexicon.bridges('en', 'de')).toBe(true);
    expect(lexicon.bridges('de', 'en')).toBe(true);
    expect(lexicon.bridges('fr', 'de')).toBe(true);
    expect(lexicon.bridges('it', 'de')).toBe(false);
  });

  it('translates from the pair’s own dictionary, by headword and by stem ("invited" finds "invite")', () => {
    expect(lexicon.translate('Prize', 'en', 'de')).toEqual(['preis', 'auszeichnung']);
    expect(lexicon.translate('invited', 'en', 'de')).toEqual(['einladen']);
    expect(lexicon.translate('unicorn', 'en', 'de')).toEqual([]);
  });

  it('translates from the other way round’s dictionary, by the translations its entries give', () => {
    expect([...lexicon.translate('dog', 'en', 'es')].sort()).toEqual(['can', 'perro']);
    expect(lexicon.translate('Hund', 'de', 'en')).toEqual(['dog']);
  });

  it('goes through English where no dictionary holds the pair either way', () => {
    expect(lexicon.translate('chien', 'fr', 'de')).toEqual(['hund']);
    expect(lexicon.translate('chien', 'fr', 'it')).toEqual([]);
  });

  it('finds a verb by the headword whose stem begins the word’s, past a short word and many compounds', () => {
    const german = temporaryFolder('lexicon-verbs');
    // German's Snowball stemmer keeps "schreibt" whole while "schreiben" is "schreib"; a large
    // dictionary lists hundreds of compounds of "schreib" before "schreiben".
    const compounds = Array.from({ length: 300 }, (_, index) => ({
      headword: `schreibarbeit${String(index).padStart(3, '0')}`,
      lines: ['paperwork'],
    }));
    writeDictd(german, 'deu-eng', [
      { headword: 'schrei', lines: ['cry'] },
      ...compounds,
      { headword: 'schreiben', lines: ['write'] },
      { headword: 'finden', lines: ['find'] },
    ]);
    const verbs = new Lexicon(german);
    expect(verbs.translate('schreibt', 'de', 'en')).toEqual(['write']);
    expect(verbs.translate('findet', 'de', 'en')).toEqual(['find']);
  });

  it('goes through a pivot where a pair’s dictionary lacks the word, however large it is', () => {
    const folder = temporaryFolder('lexicon-pair-lacking');
    // Large enough to have been taken as complete before (FreeDict's Polish–German lacks "kłótnia").
    const words = Array.from({ length: 12_000 }, (_, index) => ({
      headword: `word${String(index).padStart(5, '0')}`,
      lines: ['mot'],
    }));
    writeDictd(folder, 'eng-fra', [{ headword: 'dog', lines: ['chien'] }, ...words]);
    writeDictd(folder, 'eng-deu', [{ headword: 'bridge', lines: ['Brücke <fem>'] }]);
    writeDictd(folder, 'deu-fra', [{ headword: 'Brücke', lines: ['pont'] }]);
    const lexicon = new Lexicon(folder);
    expect(lexicon.translate('bridge', 'en', 'fr')).toEqual(['pont']);
    expect(lexicon.translate('dog', 'en', 'fr')).toEqual(['chien']);
    expect(lexicon.translate('cat', 'en', 'fr')).toEqual([]);
  });

  it('gives an inflected headword its lemma’s translations too, after its own', () => {
    const folder = temporaryFolder('lexicon-inflected');
    writeDictd(folder, 'eng-deu', [
      { headword: 'towns', lines: ['Ortschaften'] },
      { headword: 'town', lines: ['Stadt <fem>'] },
    ]);
    const lexicon = new Lexicon(folder);
    expect(lexicon.translate('towns', 'en', 'de')).toEqual(['ortschaften', 'stadt']);
    expect(lexicon.translate('town', 'en', 'de')).toEqual(['stadt']);
  });

  it('has nothing where the folder holds no dictionary', () => {
    const empty = new Lexicon(temporaryFolder('lexicon-empty'));
    expect(empty.pairs.size).toBe(0);
    expect(empty.translate('dog', 'en', 'de')).toEqual([]);
    expect(new Lexicon('/nonexistent/quarry-dictionaries').pairs.size).toBe(0);
  });
});
