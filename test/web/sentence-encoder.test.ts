// The English sentence encoder (the Universal Sentence Encoder lite, run in-process from its locked
// packages) and how the local ranking uses it: the real model, no stand-in.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import {
  buildSentencePassages,
  SENTENCES_ENCODED,
  sentencesToEncode,
} from '../../src/web/extract/question-filter.ts';
import {
  encodeSentences,
  SENTENCE_ENCODER_VARIABLE,
  sentenceSimilarities,
} from '../../src/web/extract/sentence-encoder.ts';
import { DICTIONARY_FOLDER_VARIABLE } from '../../src/web/extract/lexicon.ts';
import { readHtml, readHtmlWithMeaning } from '../../src/web/read-html.ts';
import { readDocument, readPlainText } from '../../src/web/read-page.ts';
import { temporaryFolder, writeDictd } from './dictd-files.ts';
import { sentence } from './made-up-article.ts';

/** A made-up article whose answers are written in other words than the questions below. */
const NURSERY = [
  'Setting up a nursery in a small flat takes planning, and most parents find that the hardest part is deciding what to leave out.',
  'Start with the walls. A soft neutral paint keeps the room calm, and removable decals let the theme change as the child grows.',
  'Lighting matters more than people expect. A dimmable lamp makes night feeds easier on everyone, and blackout curtains help with daytime naps.',
  'Slide extra sheets, blankets and mattress pads into shallow bins under the crib, where they are out of sight but close at hand.',
  'A rocking chair is worth the floor space if you have it; a comfortable seat makes the long evenings pass more gently.',
  'Hang a shelf above the dresser for books and soft toys, and keep heavy objects low so nothing can fall.',
  'Rugs soften the floor and quiet footsteps, but choose one with a non-slip backing so it stays put.',
  'Finally, leave some room to breathe: a crowded room is harder to clean and harder to keep safe as the baby starts to crawl.',
];
const html = (language: string, paragraphs: readonly string[]): string =>
  `<html lang="${language}"><head><title>Small nursery ideas</title></head><body><article><h1>Small nursery ideas</h1>${paragraphs
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('')}</article></body></html>`;
const NURSERY_PAGE = html('en', NURSERY);
/** Shares no content word with its answer ("blackout curtains help with daytime naps"). */
const NAPS = 'How do you keep the little one from waking up during afternoon sleep?';
const ANSWER = 'blackout curtains help with daytime naps';

/** A French-English dictionary the test writes itself: the words of the French questions below. */
const dictionaries = temporaryFolder('encoder-bridge');
writeDictd(dictionaries, 'fra-eng', [
  { headword: 'sommeil', lines: ['sleep, nap, naps'] },
  { headword: 'enfant', lines: ['child, kid'] },
  { headword: 'après-midi', lines: ['afternoon, daytime'] },
  { headword: 'draps', lines: ['sheets'] },
  { headword: 'trop', lines: ['too much, extra'] },
]);
const dictionariesBefore = process.env[DICTIONARY_FOLDER_VARIABLE];

afterEach(() => {
  delete process.env[SENTENCE_ENCODER_VARIABLE];
  if (dictionariesBefore === undefined) delete process.env[DICTIONARY_FOLDER_VARIABLE];
  else process.env[DICTIONARY_FOLDER_VARIABLE] = dictionariesBefore;
});

describe('the sentence encoder', () => {
  it('gives unit vectors, nearer for sentences that mean the same in other words', async () => {
    const sentences = [
      'Where do you keep your passwords?',
      'A password manager stores credentials in an encrypted vault.',
      'The weather in Lyon was mild all week.',
    ];
    const vectors = (await encodeSentences(sentences))!;
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(512);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 4);
    }
    const near = await sentenceSimilarities(sentences[0]!, sentences.slice(1));
    expect(near.get(sentences[1]!)!).toBeGreaterThan(near.get(sentences[2]!)! + 0.2);
  });

  it('is asked about the local ranking’s best passages of an English page only, with an English question as it is', () => {
    const paragraphs = [...NURSERY, ...Array.from({ length: 20 }, (_, index) => sentence('nursery', index))];
    const passages = buildSentencePassages(
      paragraphs,
      paragraphs.map(() => 1),
    );
    const { query, texts: asked } = sentencesToEncode(NAPS, passages, { language: 'en' });
    expect(query).toBe(NAPS);
    expect(passages.length).toBeGreaterThan(SENTENCES_ENCODED);
    expect(asked).toHaveLength(SENTENCES_ENCODED);
    expect(asked.every((text) => passages.some((passage) => passage.text.includes(text)))).toBe(true);
    expect(asked.some((text) => text.includes(ANSWER))).toBe(true);
    expect(sentencesToEncode('Wo bewahrt man die Decken auf?', passages, { language: 'de' }).texts).toEqual(
      [],
    );
  });

  it('is given a question in another language in the page’s words, where the dictionaries say three or more', () => {
    process.env[DICTIONARY_FOLDER_VARIABLE] = dictionaries;
    const passages = buildSentencePassages(
      NURSERY,
      NURSERY.map(() => 1),
    );
    // "sommeil", "enfant" and "après-midi" are on the page as "naps", "child" and "daytime" (their first
    // translations the page holds, as the dictionary writes them); "Léo" is a name, the rest left out.
    const asked = sentencesToEncode(
      'Comment protéger le sommeil de Léo, un enfant, l’après-midi ?',
      passages,
      {
        language: 'en',
      },
    );
    expect(asked.query).toBe('nap Léo child daytime');
    expect(asked.texts.length).toBeGreaterThan(0);
    // Two words said in the page's words are too few to read a meaning in.
    expect(
      sentencesToEncode('Où range-t-on les draps en trop ?', passages, { language: 'en' }).texts,
    ).toEqual([]);
    expect(sentencesToEncode('Le sommeil de l’enfant ?', passages, { language: 'en' }).texts).toEqual([]);
  });

  it('finds an answer asked in other words that the words alone miss, as read_page reads', async () => {
    const options = { url: 'https://example.com/nursery', question: NAPS, partSize: 1_000_000 };
    expect(readHtml(NURSERY_PAGE, options).text).not.toContain(ANSWER);
    const read = await readHtmlWithMeaning(NURSERY_PAGE, options);
    expect(read.method).toBe('local-bm25');
    expect(read.text).toContain(ANSWER);
    const config = parseConfig({});
    const page = await readDocument(
      { kind: 'html', text: NURSERY_PAGE, contentType: 'text/html', url: options.url },
      { question: NAPS },
      { config },
    );
    expect(page.text).toContain(ANSWER);
    // A text or PDF document is ranked the same way (headed by its title, as a Markdown file is).
    const text = await readPlainText(['# Small nursery ideas', ...NURSERY].join('\n\n'), {
      title: 'Small nursery ideas',
      question: NAPS,
      partSize: 1_000_000,
      method: 'text',
    });
    expect(text.text).toContain(ANSWER);
  });

  it('is left out when turned off, and for a page in another language', async () => {
    const options = { url: 'https://example.com/nursery', question: NAPS, partSize: 1_000_000 };
    process.env[SENTENCE_ENCODER_VARIABLE] = 'off';
    expect(await encodeSentences(['a sentence'])).toBeUndefined();
    expect((await readHtmlWithMeaning(NURSERY_PAGE, options)).text).toBe(
      readHtml(NURSERY_PAGE, options).text,
    );
    delete process.env[SENTENCE_ENCODER_VARIABLE];
    const german = html('de', [
      'Die Vorhänge halten das Licht draußen, damit das Kind mittags schläft.',
      'Die Wände sind hellgrau gestrichen und die Regale hängen hoch.',
      'Unter dem Bett stehen flache Kisten mit Laken und Decken.',
    ]);
    const asked = { ...options, question: 'Wie schläft das Kind mittags länger?' };
    expect((await readHtmlWithMeaning(german, asked)).text).toBe(readHtml(german, asked).text);
  });

  it('answers `quarry read` of a file through its thread, and the thread does not keep the process alive', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'quarry-encoder-'));
    try {
      const file = join(folder, 'nursery.html');
      await writeFile(file, NURSERY_PAGE);
      // The process must end by itself once it has printed (no timer or open handle left behind).
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli.ts', 'read', file, '--question', NAPS, '--json'],
        { timeout: 60_000, env: { ...process.env, REDIS_URL: 'redis://127.0.0.1:1' } },
      );
      const reading = JSON.parse(stdout) as { text: string; method: string };
      expect(reading.method).toBe('local-bm25');
      expect(reading.text).toContain(ANSWER);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
