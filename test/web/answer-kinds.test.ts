// The kind of answer a question asks for, and which passages hold one, on made-up sentences in the
// languages the question filter reads most; then the ranking with it, where no word is shared.
import { describe, expect, it } from 'vitest';
import { answerKind, holdsKind } from '../../src/web/extract/answer-kinds.ts';
import { buildPassages, rankPassages } from '../../src/web/extract/question-filter.ts';

describe('answerKind: what a question asks for, in its own language', () => {
  it.each([
    ['How heavy was the crate?', 'quantity'],
    ['What was the average cost of the ticket?', 'quantity'],
    ['Wie viele Gäste kamen?', 'quantity'],
    ['Combien de salariés compte la coopérative ?', 'quantity'],
    ['¿Cuántos autobuses llegaron?', 'quantity'],
    ['Di quanto è salita la tariffa?', 'quantity'],
    ['Quantos barcos partiram?', 'quantity'],
    ['Hoeveel fietsen zijn er?', 'quantity'],
    ['Ilu uczniów zdało egzamin?', 'quantity'],
    ['À quelle position figure le club ?', 'quantity'],
    ['When did the bridge open?', 'time'],
    ['Seit wann gilt die Regel?', 'time'],
    ['Kiedy otwarto most?', 'time'],
    ['Wanneer begon de bouw?', 'time'],
    ['Who founded the bakery?', 'person'],
    ['¿A quién entrevistó la radio?', 'person'],
    ['Wie heeft de bakkerij opgericht?', 'person'],
    ['Where does the ferry dock?', 'place'],
    ['Skąd przypłynął statek?', 'place'],
    ['Quel journal a révélé l’affaire ?', 'named'],
    ['Which company built the engine?', 'named'],
  ])('%s → %s', (question, kind) => {
    expect(answerKind(question, question.startsWith('Wie heeft') ? 'nl' : undefined)).toBe(kind);
  });

  it('reads German "wie" as "how", Dutch "wie" as "who", and a question without a cue as none', () => {
    expect(answerKind('Wie funktioniert die Schleuse?', 'de')).toBeUndefined();
    expect(answerKind('Wie bouwde de sluis?', 'nl')).toBe('person');
    expect(answerKind('Why did the council vote against it?')).toBeUndefined();
  });
});

describe('holdsKind: which passages hold an answer of that kind', () => {
  it('a quantity is a counted number, a share or a sum written out or in figures, not a year alone', () => {
    for (const text of [
      'The crate weighed some 400 pounds.',
      'Llegaron tres autobuses al puerto.',
      'La tarifa subió un 4,5% en la región.',
      'Bilet kosztował 12 zł, a w zeszłym roku mniej.',
      'The ticket cost $1,300 on average.',
      'Es kamen rund 80 Tausend Besucher.',
    ]) {
      expect(holdsKind(text, 'quantity'), text).toBe(true);
    }
    expect(holdsKind('The bridge was opened in 1998 by the mayor.', 'quantity')).toBe(false);
    expect(holdsKind('Das Fest fand am 3. Juli statt.', 'quantity')).toBe(false);
  });

  it('a date is a year, a day and month (month names in several languages), or a numeric date', () => {
    expect(holdsKind('Most otwarto 14 marca po latach budowy.', 'time')).toBe(true);
    expect(holdsKind('Le pont a ouvert le 2 février.', 'time')).toBe(true);
    expect(holdsKind('It opened in 1998.', 'time')).toBe(true);
    expect(holdsKind('Die Brücke ist lang und schmal.', 'time')).toBe(false);
  });

  it('a person is two capitalised words mid-sentence; a place, a capitalised word after a preposition of place', () => {
    expect(holdsKind('The bakery was founded by Marta Quillon after the war.', 'person')).toBe(true);
    expect(holdsKind('The bakery was founded after the war.', 'person')).toBe(false);
    expect(holdsKind('Statek przypłynął z Gdyni w nocy.', 'place')).toBe(true);
    expect(holdsKind('The ferry docks at the old pier.', 'place')).toBe(false);
  });
});

describe('the ranking with the kind of answer asked for', () => {
  it('asked "how heavy" in other words than the page, returns the passage that counts something', () => {
    const paragraphs = [
      'The workshop stood at the edge of town, and the engineers came there every morning in winter.',
      'Back in 1961 the engineers moved into the workshop, and the town got used to their late nights.',
      'Their device filled a corner of the room; it weighed about 400 pounds and hummed all night long.',
      'The engineers later wrote about the workshop and the town, and about their late nights there.',
      'Visitors remember the workshop as cold and noisy, and the engineers as friendly, in 1962 and after.',
      'The town later turned the workshop into a museum about the engineers and their nights of work.',
    ];
    const passages = buildPassages(
      paragraphs,
      paragraphs.map(() => 1),
    );
    const found = rankPassages('How heavy was the machine the team built?', passages, 1_000_000, {
      language: 'en',
    });
    expect(found[0]?.text).toContain('400 pounds');
  });
});
