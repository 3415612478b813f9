// A question asked in another language than the page's, bridged with bilingual dictionaries the test
// writes itself (QUARRY_DICTIONARIES points at them): an English question on a made-up German page that
// shares no word or letter run with its answer, a Spanish one through English, and the same page with
// an empty dictionary folder, where the ranking works as before and says nothing of dictionaries.
import { afterEach, describe, expect, it } from 'vitest';
import { DICTIONARY_FOLDER_VARIABLE } from '../../src/web/extract/lexicon.ts';
import { termReader } from '../../src/web/extract/passage-terms.ts';
import { bridgeQuestion } from '../../src/web/extract/question-bridge.ts';
import { readHtml } from '../../src/web/read-html.ts';
import { temporaryFolder, writeDictd } from './dictd-files.ts';

const dictionaries = temporaryFolder('bridge');
writeDictd(
  dictionaries,
  'eng-deu',
  [
    { headword: 'dog', heading: 'dog /dɒɡ/', lines: ['Hund <masc>'] },
    { headword: 'prize', heading: 'prize /praɪz/', lines: ['Preis <masc>, Auszeichnung <fem>'] },
    { headword: 'win', heading: 'win /wɪn/ <v>', lines: ['gewinnen <v>, siegen <v>'] },
    { headword: 'helicopter', lines: ['Helikopter <masc>, Hubschrauber <masc>'] },
    { headword: 'prisoner of war', lines: ['Kriegsgefangener <masc>'] },
    { headword: 'well-being', lines: ['Wohlbefinden <neut>'] },
  ],
  { chunkLength: 64 },
);
writeDictd(dictionaries, 'spa-eng', [
  { headword: 'perro', lines: ['dog'] },
  { headword: 'premio', lines: ['1. prize', '2. award'] },
]);

const page = `<html lang="de"><head><title>Aus dem Vereinsleben</title></head><body><article>
<p>Die Stadtverwaltung hat am Montag neue Regeln für das Parken in der Innenstadt beschlossen.</p>
<p>Die Katze Minka schlief am Wochenende stundenlang auf dem Sofa der Familie Albers in Bremen.</p>
<p>Der Gemeinderat berät im Herbst über den Haushalt, die Schulen und die Straßenbeleuchtung.</p>
<p>Im Sommer bekam der Hund Bello beim Wettbewerb in Kassel den ersten Preis der Jury.</p>
<p>Die Bibliothek öffnet ab Oktober auch am Samstagvormittag für alle Leserinnen und Leser.</p>
<p>Im Freibad wurden die Becken gereinigt, und der Kiosk bietet wieder Eis und Getränke an.</p>
<p>Die Feuerwehr übte am Dienstag mit zwei Fahrzeugen auf dem Gelände der alten Ziegelei.</p>
<p>Der Chor sucht neue Stimmen und probt jeden Donnerstagabend im Saal des Gemeindehauses.</p>
</article></body></html>`;

const question = 'Which dog won the prize?';

function bestMatch(asked: string): { text: string; note: string | undefined; method: string } {
  const result = readHtml(page, { url: 'https://example.com/verein', question: asked });
  return { text: result.matches?.[0]?.text ?? '', note: result.note, method: result.method };
}

const original = process.env[DICTIONARY_FOLDER_VARIABLE];
afterEach(() => {
  if (original === undefined) delete process.env[DICTIONARY_FOLDER_VARIABLE];
  else process.env[DICTIONARY_FOLDER_VARIABLE] = original;
});

describe('question bridge: a question in another language than the page’s', () => {
  it('finds the German passage for an English question through an English–German dictionary, and says so', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const best = bestMatch(question);
    expect(best.text).toContain('Hund Bello');
    expect(best.method).toBe('local-bm25');
    expect(best.note).toMatch(/read as English .*bilingual dictionaries .*German passages/);
  });

  it('goes through English where no dictionary holds the pair: a Spanish question on the German page', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const best = bestMatch('¿Qué perro ganó el premio?');
    expect(best.text).toContain('Hund Bello');
    expect(best.note).toMatch(/read as Spanish/);
  });

  it('ranks as before without dictionaries (an empty folder), and says nothing of them', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = temporaryFolder('bridge-empty');
    const result = readHtml(page, { url: 'https://example.com/verein', question });
    expect(result.method).toBe('local-bm25');
    expect(result.matches?.length).toBeGreaterThan(0);
    expect(result.matches?.[0]?.text ?? '').not.toContain('Hund Bello');
    expect(result.note ?? '').not.toMatch(/dictionar/);
  });

  it('bridges into the text’s language where the page declares the question’s (a template’s lang="en")', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const declaredEnglish = page.replace('<html lang="de">', '<html lang="en">');
    const result = readHtml(declaredEnglish, { url: 'https://example.com/verein', question });
    expect(result.matches?.[0]?.text ?? '').toContain('Hund Bello');
    expect(result.note).toMatch(/read as English .*German passages/);
  });

  it('reads a compound no dictionary has as two words one has: German "Hundepreis" on an English page', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const englishPage = `<html lang="en"><head><title>Around town</title></head><body><article>
<p>The council agreed on Monday to new parking rules for the town centre, with fees rising next month.</p>
<p>The library will open on Saturday mornings from October, with a story hour for children every week.</p>
<p>The fire brigade trained on Tuesday with two engines on the grounds of the old brickworks.</p>
<p>The choir is looking for new voices and rehearses every Thursday evening in the parish hall.</p>
<p>The swimming pool was cleaned, and the kiosk sells ice cream and drinks again.</p>
<p>The summer fair brought fireworks, and stalls lined the shopping street by the station.</p>
<p>At the show in Kassel the jury gave first prize to Bello, a dog from the village.</p>
</article></body></html>`;
    const result = readHtml(englishPage, {
      url: 'https://example.com/town',
      question: 'Wer bekam den Hundepreis?',
    });
    expect(result.matches?.[0]?.text ?? '').toContain('Bello');
    expect(result.note).toMatch(/read as German/);
  });

  it('finds a translation written as a German compound’s part, at half its weight', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const reader = termReader('de');
    const vocabulary = new Set(reader.terms('Sie wurde mit dem Rettungshelikopter ins Spital geflogen.'));
    const bridge = bridgeQuestion('Did a helicopter fly her there?', 'en', {
      language: 'de',
      textLanguage: () => 'de',
      vocabulary,
      reader,
    });
    expect(bridge?.concepts).toEqual([
      { source: 'helicopter', alternatives: [reader.terms('Rettungshelikopter').slice(0, 1)], weight: 0.35 },
    ]);
  });

  it('finds a translation the page says in other words through its synonyms, at half its weight', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const reader = termReader('de');
    const vocabulary = new Set(reader.terms('Den Preis bekam der Vierbeiner Bello aus Kassel.'));
    const synonymsOf: Record<string, string[]> = { hund: ['Köter', 'Vierbeiner'], preis: ['Auszeichnung'] };
    const asked: string[] = [];
    const bridge = bridgeQuestion('Which dog won the prize?', 'en', {
      language: 'de',
      textLanguage: () => 'de',
      vocabulary,
      reader,
      synonyms: (word, language) => {
        asked.push(`${language}:${word}`);
        return synonymsOf[word] ?? [];
      },
    });
    // "dog" → "Hund", not on the page, whose synonym "Vierbeiner" is; "Preis" is on the page as it
    // is, so its synonyms are not looked up.
    expect(bridge?.concepts).toEqual([
      { source: 'dog', alternatives: [['vierbein']], weight: 0.35 },
      { source: 'prize', alternatives: [['preis']], weight: 0.7 },
    ]);
    expect(asked).toContain('de:hund');
    expect(asked).not.toContain('de:preis');
  });

  it('looks up two words with a short one between them, and words joined by a hyphen, as one', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const reader = termReader('de');
    const vocabulary = new Set(
      reader.terms('Der Kriegsgefangene kehrte 1955 heim; sein Wohlbefinden besserte sich rasch.'),
    );
    const bridge = bridgeQuestion('Did the prisoner of war regain his well-being?', 'en', {
      language: 'de',
      textLanguage: () => 'de',
      vocabulary,
      reader,
    });
    expect(bridge?.concepts.map((concept) => concept.source)).toEqual(['prisoner of war', 'well-being']);
  });

  it('leaves a question in the page’s own language alone', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const best = bestMatch('Welcher Hund bekam den Preis?');
    expect(best.text).toContain('Hund Bello');
    expect(best.note ?? '').not.toMatch(/dictionar/);
  });
});
