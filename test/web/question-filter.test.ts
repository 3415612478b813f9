// The local question filter on small documents written for one rule each: stemming in the page's
// language, compounds split against the page's words, the headings above a passage, the kind of answer
// asked for, the passage after a short best one, and the share of the page that comes back.
import { describe, expect, it } from 'vitest';
import {
  buildPassages,
  buildSentencePassages,
  sentencesOf,
  rankPassages,
  scorePassages,
  selectReading,
  type Passage,
  type QuestionMatch,
} from '../../src/web/extract/question-filter.ts';
import { DICTIONARY_FOLDER_VARIABLE } from '../../src/web/extract/lexicon.ts';
import { detectLanguage, languageCode, termReader } from '../../src/web/extract/passage-terms.ts';
import { WORD_VECTORS_VARIABLE } from '../../src/web/extract/word-vectors.ts';
import { readHtml } from '../../src/web/read-html.ts';

function passagesOf(paragraphs: readonly string[]): Passage[] {
  return buildPassages(
    paragraphs,
    paragraphs.map(() => 1),
  );
}

function returned(question: string, paragraphs: readonly string[], language?: string): string[] {
  return rankPassages(question, passagesOf(paragraphs), 1_000_000, { language }).map((match) => match.text);
}

/** Paragraphs about other things, so that a third of the page is only a few passages. */
const filler = (topic: string, count: number): string[] =>
  Array.from(
    { length: count },
    (_, index) =>
      `Ein weiterer Abschnitt über ${topic} Nummer ${index}: Hier geht es um Verwaltung, Ausschüsse, Sitzungen und lange Berichte, die niemand liest.`,
  );

describe('question filter: words as the page writes them', () => {
  it('stems for the page’s language: "Heizungen" finds "Heizung", "veraltet" finds "veralteten"', () => {
    const paragraphs = [
      ...filler('Gemeinden', 4),
      'Die Heizung im Keller ist veraltet und verbraucht viel zu viel Gas; der Austausch lohnt sich.',
      ...filler('Vereine', 4),
    ];
    const found = returned('Warum lohnt sich der Austausch veralteter Heizungen?', paragraphs, 'de');
    expect(found[0]).toContain('Die Heizung im Keller');
  });

  it('splits compounds against the page’s own words: "Wärme" finds "Raumwärme", "Haushaltsenergie" finds both parts', () => {
    const paragraphs = [
      ...filler('Gemeinden', 4),
      'Den größten Teil verbraucht die Raumwärme: 70 Prozent, vor dem Warmwasser.',
      ...filler('Vereine', 3),
      'Die Haushalte brauchen Energie vor allem im Winter, sagt die Studie der Stadtwerke.',
      ...filler('Schulen', 3),
    ];
    expect(returned('Wie viel geht in die Wärme?', paragraphs, 'de').join('\n')).toContain(
      'Raumwärme: 70 Prozent',
    );
    expect(returned('Wann steigt die Haushaltsenergie?', paragraphs, 'de')[0]).toContain(
      'Die Haushalte brauchen Energie',
    );
  });

  it('reads the language from the page, or detects it, and drops stop words of the question’s own language', () => {
    expect(languageCode('de-AT')).toBe('de');
    expect(languageCode('tlh')).toBeUndefined();
    expect(detectLanguage('Die Bundesregierung hat am Mittwoch einen neuen Gesetzentwurf vorgelegt.')).toBe(
      'de',
    );
    const reader = termReader('en', ['fr']);
    // "les" and "quelle" are French stop words, "the" an English one; the content words stay.
    expect(reader.terms('Quelle est la taille de les machines the machine')).toEqual(
      expect.arrayContaining(['taill', 'machin']),
    );
    expect(reader.terms('quelle les the')).toEqual([]);
  });

  it('stems every language the stemmer package knows, and cuts words of the others to their first letters', () => {
    // Ukrainian, Greek and Bulgarian: the inflected forms meet in one stem.
    expect(termReader('uk').terms('вугілля вугіллям')).toEqual(['вугілл', '~вугіл', 'вугілл', '~вугіл']);
    expect(termReader('el').terms('σταθμός σταθμού')).toEqual(expect.arrayContaining(['σταθμ']));
    expect(
      new Set(
        termReader('bg')
          .terms('градът градове')
          .filter((term) => !term.startsWith('~')),
      ),
    ).toEqual(new Set(['град']));
    // Polish has none: the first five letters stand for the word.
    expect(termReader('pl').terms('europosłów europosłowie')).toEqual(['europ', 'europ']);
  });

  it('reads a text’s terms and letter runs in one pass as the two readings give them apart', () => {
    const text = 'Die Turistas de Ąłtona: 19,5 Millionen, 1.5km, COVID19-Fälle und the naïve über-Café';
    for (const reader of [termReader('de', ['en']), termReader('pl')]) {
      // Read first apart on a fresh reader, then at once: what a word gives is remembered between them.
      const apart = { terms: reader.terms(text), letterRuns: reader.letterRuns(text) };
      expect(termReader(reader.language, reader.language === 'de' ? ['en'] : []).read(text)).toEqual(apart);
      expect(reader.read(text)).toEqual(apart);
    }
  });

  it('drops Snowball’s stop words too: auxiliaries and question words that match passages by chance', () => {
    expect(termReader('en').terms('does the rival have its memory')).toEqual(
      expect.not.arrayContaining(['doe', 'it']),
    );
    expect(termReader('es').terms('cuántos han fueron')).toEqual([]);
    expect(termReader('pt').terms('era quem')).toEqual([]);
  });

  it('keeps numbers whole, thousands separators out, the decimal comma a point', () => {
    expect(termReader('de').terms('19,5 Millionen und 1.400 Menschen')).toEqual(
      expect.arrayContaining(['19.5', '1400']),
    );
  });

  it('reads a number and the scale word after it as its value: "80 mil" meets "80,000", "5,96 %" meets "5.96%"', () => {
    expect(termReader('pl').terms('534 tys. osób')).toEqual(expect.arrayContaining(['534000']));
    const spanish = [
      ...Array.from(
        { length: 6 },
        (_, index) =>
          `Otro apartado, el número ${index}, trata de comisiones, reuniones y largos informes que nadie lee.`,
      ),
      'El sindicato reúne a 80 mil afiliados en todo el país, según sus dirigentes.',
      'En Córdoba la inflación de abril fue de 5,96 %, por encima del promedio.',
    ];
    expect(returned('Who has 80,000 behind them?', spanish, 'es')[0]).toContain('80 mil afiliados');
    expect(returned('Where was it 5.96%?', spanish, 'es')[0]).toContain('5,96 %');
  });
});

/** English paragraphs about other things. */
const englishFiller = (topic: string, count: number): string[] =>
  Array.from(
    { length: count },
    (_, index) =>
      `Another section about ${topic}, number ${index}: it deals with committees, meetings and long reports that nobody reads.`,
  );

describe('question filter: words spelt differently in another language', () => {
  it('matches cognates by their letter runs: "turistas" finds "tourists", "rurociągiem" finds "gazociąg"', () => {
    const english = [
      ...englishFiller('roads', 4),
      'Most of the tourists who were hurt came from abroad, the officials said later that night.',
      ...englishFiller('schools', 4),
    ];
    expect(returned('¿Qué se sabe de los turistas?', english, 'en')[0]).toContain('Most of the tourists');
    const polish = [
      ...Array.from(
        { length: 6 },
        (_, index) =>
          `Kolejny rozdział numer ${index} dotyczy komisji, posiedzeń i długich sprawozdań, których nikt nie czyta.`,
      ),
      'Nowy gazociąg połączy złoża na północy z rafineriami, a budowa ruszy wiosną.',
    ];
    expect(returned('Dokąd dotrze paliwo nowym rurociągiem?', polish, 'pl')[0]).toContain('Nowy gazociąg');
  });

  it('meets a name a question writes in Latin letters on a page that writes it in Cyrillic', () => {
    const russian = [
      ...Array.from(
        { length: 6 },
        (_, index) =>
          `Очередной раздел номер ${index} посвящён комиссиям, заседаниям и длинным отчётам, которые никто не читает.`,
      ),
      'Ветеран сборной Лукаш Подольски принял решение прекратить выступления за команду.',
      'Тренер поблагодарил игроков за сезон и пообещал новые сборы летом.',
    ];
    // Without dictionaries, so that only the name can match.
    const folder = process.env[DICTIONARY_FOLDER_VARIABLE];
    process.env[DICTIONARY_FOLDER_VARIABLE] = '';
    try {
      expect(returned('Co postanowił Podolski?', russian, 'ru')[0]).toContain('Лукаш Подольски');
    } finally {
      if (folder === undefined) delete process.env[DICTIONARY_FOLDER_VARIABLE];
      else process.env[DICTIONARY_FOLDER_VARIABLE] = folder;
    }
  });
});

describe('question filter: context and neighbours', () => {
  it('reads each passage with the headings above it', () => {
    const paragraphs = [
      '# Annual report',
      '## Staff',
      'The year began slowly, with a long winter and few visitors, and the new office in the old mill was still being painted when the first courses were meant to start there.',
      'We were forty-two at the end of the year, up from thirty, after the office opened in spring; most newcomers joined the support team, where waiting times had grown too long.',
      '## Finances',
      'Income rose by a fifth while costs stayed flat, so the reserve grew for the first time since 2015, and the board decided to keep half of it for the move planned for next autumn.',
      '## Outlook',
      'Next year the focus moves to training, with two new courses planned for the spring and the autumn, and a third one if the new rooms are ready in time for it, which nobody expects.',
    ];
    // "staff" is only in the heading above the passage that answers.
    const found = returned('How many staff are there?', paragraphs, 'en');
    expect(found.join('\n')).toContain('forty-two');
    expect(found.join('\n')).not.toContain('Next year the focus');
  });

  it('prefers a passage holding the kind of answer asked for (a number for "how many")', () => {
    const paragraphs = [
      'The museum shows paintings from the old harbour, and the harbour itself is worth a walk at dusk.',
      'Visitors to the harbour museum numbered 48,000 last year, a record for the small town.',
      ...Array.from(
        { length: 8 },
        (_, index) =>
          `Other things happened in town as well, story ${'abcdefgh'[index]}, with no figures at all.`,
      ),
    ];
    expect(returned('How many came to the harbour museum?', paragraphs, 'en')[0]).toContain('48,000');
  });

  it('brings the passage after a short best one along, and returns at most a third of the page', () => {
    const long = (topic: string): string =>
      `This paragraph is about ${topic} and nothing else, written long enough to stand as a passage of its own: ${'it goes on and on, '.repeat(8)}until it ends.`;
    const paragraphs = [
      ...['weather', 'roads', 'schools', 'markets'].map(long),
      'Where was the treaty signed?',
      'In a small hotel by the lake, on a rainy Tuesday, after nine hours of talks that nearly failed twice.',
      ...['parks', 'taxes', 'trains', 'bridges', 'rivers', 'museums'].map(long),
    ];
    const passages = passagesOf(paragraphs);
    const matches = rankPassages('treaty signed', passages, 1_000_000, { language: 'en' });
    expect(matches[0]!.text).toContain('Where was the treaty signed?');
    expect(matches.map((match) => match.text).join('\n')).toContain('In a small hotel by the lake');
    const pageLength = passages.reduce((sum, passage) => sum + passage.text.length, 0);
    const share = matches.reduce((sum, match) => sum + match.text.length, 0) / pageLength;
    expect(share).toBeLessThanOrEqual(0.3);
    for (let index = 1; index < matches.length; index++) {
      expect(matches[index]!.score).toBeLessThanOrEqual(matches[index - 1]!.score);
    }
  });

  it('spends the share on a second place that matches rather than on the sentence after a short best one', () => {
    const filler = (topic: string): string =>
      `This sentence is about ${topic} and nothing else, written long enough to take a good part of the page: ${'it goes on and on, '.repeat(8)}until it ends.`;
    const paragraphs = [
      filler('weather'),
      'The night ferry was cancelled on Monday.',
      filler('roads'),
      filler('schools'),
      'Another ferry was cancelled too.',
      filler('markets'),
    ];
    const passages = buildSentencePassages(
      paragraphs,
      paragraphs.map(() => 1),
    );
    const matches = rankPassages('Why was the night ferry cancelled?', passages, 1_000_000, {
      language: 'en',
    });
    const text = matches.map((match) => match.text).join('\n');
    expect(text).toContain('The night ferry was cancelled');
    expect(text).toContain('Another ferry was cancelled too.');
    expect(text).not.toContain('about roads');
  });

  it('lends a sentence of the match’s own paragraph more of its score than one past the paragraph’s end', () => {
    const paragraphs = [
      'Fish were sold at the quay every morning.',
      'The lighthouse keeper retired in spring. Gulls circled above the old boats.',
      'Nothing else happened that week in the small town by the sea.',
    ];
    const passages = buildSentencePassages(
      paragraphs,
      paragraphs.map(() => 1),
    );
    const scores = scorePassages('When did the lighthouse keeper retire?', passages, { language: 'en' });
    const scoreOf = (start: string): number =>
      scores[passages.findIndex((passage) => passage.text.startsWith(start))]!;
    // Both sit next to the match and share none of the question's words.
    expect(scoreOf('Fish were sold')).toBeGreaterThan(0);
    expect(scoreOf('Gulls circled')).toBeGreaterThan(scoreOf('Fish were sold'));
  });

  it('lifts every sentence of the paragraph that matches the question as a whole, beyond the neighbours’ reach', () => {
    const paragraphs = [
      [
        'The storm reached the harbour at night.',
        'Boats were tied up early.',
        'Lamps were lit along the road.',
        'Shops closed before dark.',
        'A bus ran late.',
        'The quay was under water by dawn.',
      ].join(' '),
      'The quay was under water by dawn. Tourists kept away from the seaside resort for a week.',
    ];
    const passages = buildSentencePassages(
      paragraphs,
      paragraphs.map(() => 1),
    );
    // Without word vectors, whose "quay" is near "harbour": the paragraph alone lifts it.
    const vectors = process.env[WORD_VECTORS_VARIABLE];
    process.env[WORD_VECTORS_VARIABLE] = '';
    let scores: number[];
    try {
      scores = scorePassages('What happened at the harbour during the storm?', passages, { language: 'en' });
    } finally {
      if (vectors === undefined) delete process.env[WORD_VECTORS_VARIABLE];
      else process.env[WORD_VECTORS_VARIABLE] = vectors;
    }
    const quays = passages.flatMap((passage, index) =>
      passage.text.startsWith('The quay') ? [scores[index]!] : [],
    );
    // The same sentence, sharing no word with the question, five sentences past the match in its
    // paragraph: it gains from the paragraph, the other one (in a paragraph of no match) nothing.
    expect(quays).toHaveLength(2);
    expect(quays[0]).toBeGreaterThan(0);
    expect(quays[1]).toBe(0);
  });

  it('uses the page’s <html lang> in readHtml', () => {
    const body = [
      ...filler('Gemeinden', 5),
      '<p>Die Heizungsanlagen sind im Schnitt 17 Jahre alt, viele sogar älter als 20 Jahre.</p>',
    ]
      .map((paragraph) => (paragraph.startsWith('<p>') ? paragraph : `<p>${paragraph}</p>`))
      .join('');
    const html = `<html lang="de"><head><title>Heizen</title></head><body><article>${body}</article></body></html>`;
    const result = readHtml(html, { url: 'https://example.com/', question: 'Wie alt ist eine Heizung?' });
    expect(result.method).toBe('local-bm25');
    expect(result.matches![0]!.text).toContain('17 Jahre alt');
  });
});

describe('question filter: sentences as passages, and how the share of the page is filled', () => {
  /** The local ranking as a read runs it: sentence passages, within the share of the page. */
  function read(
    question: string,
    paragraphs: readonly string[],
  ): { matches: QuestionMatch[]; note?: string } {
    const selection = selectReading(
      paragraphs,
      [paragraphs.join('\n\n')],
      paragraphs.map(() => 1),
      {
        question,
        part: 1,
        partSize: 1_000_000,
        noun: 'page',
        context: { language: 'en' },
      },
    );
    return { matches: selection.matches ?? [], note: selection.note };
  }
  const shareOf = (matches: readonly QuestionMatch[], paragraphs: readonly string[]): number =>
    matches.reduce((sum, match) => sum + match.text.length, 0) / paragraphs.join('\n\n').length;
  /** A long paragraph of sentences about other things, each one different. */
  const longParagraph = (topic: string): string =>
    Array.from(
      { length: 6 },
      (_, index) =>
        `The ${topic} report, section ${'abcdef'[index]}, went on about schedules, rooms and other plans for the coming years.`,
    ).join(' ');

  it('cuts paragraphs at sentence ends, and keeps a heading or a line ending in a colon with the sentence after it', () => {
    const passages = buildSentencePassages(
      [
        '## Staff',
        'We were forty-two. Dr. Ames hired most of them! “Why?” she asked.',
        'Next came:',
        'A move.',
      ],
      [1, 1, 2, 2],
    );
    expect(passages.map((passage) => passage.text)).toEqual([
      '## Staff\n\nWe were forty-two.',
      'Dr. Ames hired most of them!',
      '“Why?” she asked.',
      'Next came:\n\nA move.',
    ]);
    expect(passages.map((passage) => passage.part)).toEqual([1, 1, 1, 2]);
    expect(passages.map((passage) => passage.continuesParagraph ?? false)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('reads each item of a list written as one paragraph as its own passage, and joins chosen items by lines', () => {
    const list = [
      'Events this spring:',
      '- Place: Old Mill, River Street 4',
      '- Topic: cheeses of the Alps with bread',
      '- Entry: 25 euros a person',
      '- Place: Harbour Hall, Quay 9',
      '- Topic: wines of the Rhine valley',
      '- Entry: 40 euros a person',
    ].join('\n');
    const passages = buildSentencePassages([list], [1]);
    expect(passages.map((passage) => passage.text)).toEqual([
      'Events this spring:\n- Place: Old Mill, River Street 4',
      '- Topic: cheeses of the Alps with bread',
      '- Entry: 25 euros a person',
      '- Place: Harbour Hall, Quay 9',
      '- Topic: wines of the Rhine valley',
      '- Entry: 40 euros a person',
    ]);
    expect(passages.map((passage) => passage.startsLine ?? false)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    const { matches } = read('Where are the wines poured?', [
      longParagraph('garden'),
      list,
      longParagraph('school'),
    ]);
    expect(matches.map((match) => match.text)).toContainEqual(
      expect.stringContaining('- Place: Harbour Hall, Quay 9\n- Topic: wines of the Rhine valley'),
    );
  });

  it('cuts a sentence longer than the share of the page, so that what comes back stays within it', () => {
    const paragraphs = [
      `Opening hours, ${Array.from({ length: 40 }, (_, index) => `room ${index + 1} from ${index % 12} to ${(index % 12) + 8}`).join(', ')}, and the ferry leaves the pier at noon`,
      'The museum was founded by two sisters.',
    ];
    const { matches } = read('When does the ferry leave the pier?', paragraphs);
    expect(matches.map((match) => match.text).join(' ')).toContain('the ferry leaves the pier at noon');
    expect(shareOf(matches, paragraphs)).toBeLessThanOrEqual(0.3);
  });

  it('measures the share of the page in words read, a run of white space as one character', () => {
    const code = Array.from({ length: 30 }, (_, index) => `${' '.repeat(40)}step${index}()`).join('\n');
    const paragraphs = [
      code,
      longParagraph('harbour'),
      'The ferry to the island leaves the pier at noon every day.',
      longParagraph('garden'),
    ];
    const { matches } = read('When does the ferry leave for the island?', paragraphs);
    expect(matches[0]!.text).toContain('leaves the pier at noon');
    const readAs = (text: string): number => text.replace(/\s+/g, ' ').length;
    const returned = matches.reduce((sum, match) => sum + readAs(match.text), 0);
    expect(returned / readAs(paragraphs.join('\n\n'))).toBeLessThanOrEqual(0.3);
  });

  it('keeps an abbreviation, an initial or an ordinal inside its sentence', () => {
    expect(
      sentencesOf(
        'Sie feierte am 4. Februar ihren 13. Weltcupsieg. Der Preis stieg von ca. 10 Euro auf 19 Mio. Euro.',
      ),
    ).toEqual([
      'Sie feierte am 4. Februar ihren 13. Weltcupsieg.',
      'Der Preis stieg von ca. 10 Euro auf 19 Mio. Euro.',
    ]);
    expect(
      sentencesOf('She knew Theodor W. Adorno and J. R. R. Tolkien. M. Petit agreed. It was over.'),
    ).toEqual(['She knew Theodor W. Adorno and J. R. R. Tolkien.', 'M. Petit agreed.', 'It was over.']);
    expect(
      sentencesOf('Studiował na Uniwersytecie im. Adama Mickiewicza, m.in. Prawo. Wrócił w 2019.'),
    ).toEqual(['Studiował na Uniwersytecie im. Adama Mickiewicza, m.in. Prawo.', 'Wrócił w 2019.']);
    // A word that stands before a number keeps its sentence only there.
    expect(sentencesOf('No. 5 came first. We said no. Then it rained.')).toEqual([
      'No. 5 came first.',
      'We said no.',
      'Then it rained.',
    ]);
    expect(sentencesOf('Vote at 2344 Bragg St., Apt. 1C from noon.')).toEqual([
      'Vote at 2344 Bragg St., Apt. 1C from noon.',
    ]);
  });

  it('cuts Chinese and Japanese text at its full-width sentence ends, which no space follows', () => {
    expect(sentencesOf('该剧由张晓阳编剧。已在全省10个城市巡演！观众反响热烈')).toEqual([
      '该剧由张晓阳编剧。',
      '已在全省10个城市巡演！',
      '观众反响热烈',
    ]);
    expect(sentencesOf('アプリは3月9日に発売される。「安全だ。」と彼は言った。')).toEqual([
      'アプリは3月9日に発売される。',
      '「安全だ。」と彼は言った。',
    ]);
  });

  it('cuts Chinese and Japanese text at a full-width sentence end that a space follows, as an indented next sentence has', () => {
    expect(
      sentencesOf(
        'イヌが橋を渡っていました。 　ふと下を見ました。　「ワン！！」 　肉は落ちました。「安全だ。」と言った。',
      ),
    ).toEqual([
      'イヌが橋を渡っていました。',
      'ふと下を見ました。',
      '「ワン！！」',
      '肉は落ちました。',
      '「安全だ。」と言った。',
    ]);
    // A full-width bracket closing without a sentence mark goes on.
    expect(sentencesOf('（大きそうだ） 　イヌは見た。')).toEqual(['（大きそうだ） 　イヌは見た。']);
  });

  it('returns the answering sentence of a long paragraph within a third of the page, beside another place that matches', () => {
    const paragraphs = [
      longParagraph('garden'),
      `The harbour museum opened in an old warehouse by the water. ${longParagraph('budget')}`,
      longParagraph('school'),
      `${longParagraph('parking')} Visitors numbered 48,000 last year, a record.`,
      longParagraph('library'),
    ];
    const { matches } = read('How many visitors came to the harbour museum?', paragraphs);
    // Paragraphs as passages: the museum's paragraph alone fills a third of the page.
    expect(matches.map((match) => match.text).join('\n')).toContain('48,000');
    expect(matches.map((match) => match.text).join('\n')).toContain('The harbour museum opened');
    expect(shareOf(matches, paragraphs)).toBeLessThanOrEqual(0.3);
  });

  it('joins chosen sentences that touch into one passage, in the page’s order', () => {
    const paragraphs = [
      ...['garden', 'budget', 'school'].map(longParagraph),
      'The treaty was signed at the lake. It was signed in a small hotel, on a rainy Tuesday.',
      ...['parking', 'library', 'weather'].map(longParagraph),
    ];
    const { matches } = read('Where was the treaty signed?', paragraphs);
    // Chosen apart, the two sentences would come back as two passages, best first.
    expect(matches[0]!.text).toContain(
      'The treaty was signed at the lake. It was signed in a small hotel, on a rainy Tuesday.',
    );
  });

  it('counts the joins against the share, so joined sentences stay within it', () => {
    const paragraphs = [Array.from({ length: 50 }, () => 'Ducks quack loudly.').join(' ')];
    const { matches } = read('Do ducks quack?', paragraphs);
    const passagesLength = buildSentencePassages(paragraphs, [1]).reduce(
      (sum, passage) => sum + passage.text.length,
      0,
    );
    expect(matches.reduce((sum, match) => sum + match.text.length, 0)).toBeLessThanOrEqual(
      passagesLength * 0.3,
    );
  });

  it('returns as many places as the share holds, not a fixed number', () => {
    const paragraphs = Array.from(
      { length: 20 },
      (_, index) =>
        `Ferry ${index} leaves at dawn. ${longParagraph(['garden', 'budget', 'school', 'parking'][index % 4]!)}`,
    );
    const { matches } = read('When does the ferry leave?', paragraphs);
    expect(matches.length).toBeGreaterThan(12);
    expect(shareOf(matches, paragraphs)).toBeLessThanOrEqual(0.3);
  });

  it('gives the beginning of the page, with score 0 and a note, where no passage matches', () => {
    const paragraphs = [
      'The council met on Monday to talk about the new bridge.',
      ...['garden', 'budget', 'school', 'parking'].map(longParagraph),
    ];
    // Asked in another language, with no word the page shares.
    const { matches, note } = read('¿Qué decidió el ayuntamiento?', paragraphs);
    expect(matches[0]!.text).toMatch(/^The council met on Monday/);
    expect(matches.every((match) => match.score === 0)).toBe(true);
    expect(shareOf(matches, paragraphs)).toBeLessThanOrEqual(0.3);
    expect(note).toMatch(/^No passage of the page matches the question; these are its first passages/);
  });
});
