// Checks that a reworded benchmark question is asked in other words than its answer: at most one content
// word of the question may appear in the passage that answers it. Words count as the same when they
// share their first five letters once accents are folded ("acquired" and "acquisition" are one word),
// which is stricter than any stemmer, so the set cannot be won by matching the answer's own words.

/** Words that carry no content in the set's languages (question words, articles, pronouns, auxiliaries). */
const FUNCTION_WORDS = new Set(
  // English
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'of on or than that the their them then there these they this those to was were what when where which who ' +
    'whom whose why will with would you your he she his her we our about after before also more most not no ' +
    'many much one ones say said says according so any some other there here done get got may might must should ' +
    // German
    'der die das den dem des ein eine einer eines einem einen und oder ist sind war waren wer wie was wann wo ' +
    'welche welcher welches welchen im in am an auf aus bei mit nach von vor zu zum zur für über unter um es er ' +
    'sie wir ihr ihre ihren sein seine seiner hat haben hatte wird werden wurde wurden man nicht auch noch wieviel ' +
    'wieviele viele viel gibt laut warum womit woher wohin wofür worauf wessen dass daß welchem soll sollen ' +
    'kann können konnte mehr als bis denn sich ' +
    // French
    'le la les un une des du de et est sont qui que quoi où quand comment pour par sur dans avec quel quelle ' +
    'quels quelles combien pourquoi il elle ils elles on se sa son ses leur leurs ce cette ces au aux a ont été ' +
    'était fait selon ne pas plus lequel laquelle y en être avait avoir depuis contre ' +
    // Spanish
    'el los las una unos unas y es son que quien quién quienes cuando cuándo donde dónde como cómo por para con ' +
    'en del al qué cuál cuáles cuánto cuántos cuántas cuánta su sus se lo le fue era ha han había según más ' +
    'porqué este esta estos estas ese esa hay ser ' +
    // Italian
    'il lo gli di da della dello delle degli dei nel nella negli nelle che chi cosa quale quali quanto quanti ' +
    'quante quando dove come perché per con su tra fra sono è era ha hanno ai alla alle al ed o non si suo sua ' +
    'suoi loro essere stato stata secondo quanta questo questa ' +
    // Dutch
    'de het een en van in is zijn was waren wie wat wanneer waar hoe welke welk hoeveel waarom met voor op aan ' +
    'bij uit over door naar om te er dat dit die deze zij hij ze heeft hebben had werd worden wordt volgens ook ' +
    'niet meer dan of ' +
    // Portuguese
    'o os as um uma uns umas e é são que quem quando onde como por para com em no na nos nas do da dos das ao ' +
    'aos qual quais quanto quantos quantas quanta porque foi era tem têm seu sua seus suas segundo mais não ser ' +
    // Polish
    'i a o w we z ze na do od za po przez dla że nie jest są był była było byli się to ten ta te tego jak jaki jaka jaką jakie ile ilu kto co kiedy gdzie czy może mogą który która które według'
  ).split(' '),
);

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The content words of a text, each as its comparison key (its first five letters, accents folded). */
export function contentWords(text: string): Set<string> {
  const keys = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (FUNCTION_WORDS.has(word) || FUNCTION_WORDS.has(fold(word))) continue;
    if (word.length < 3 && !/\d/.test(word)) continue;
    keys.add(fold(word).slice(0, 5));
  }
  return keys;
}

/** The question's content words that the answering passage holds too. */
export function sharedContentWords(question: string, passage: string): string[] {
  const passageWords = contentWords(passage);
  return [...contentWords(question)].filter((word) => passageWords.has(word));
}

/** How many content words a reworded question may share with its answering passage. */
export const MOST_SHARED_WORDS = 1;

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The passage that answers: the paragraph of the main text holding the answer, else (the answer is
 * outside what was extracted) the 400 characters of the page's text around it.
 */
export function answeringPassage(
  answer: string,
  paragraphs: readonly string[],
  pageText: string,
): string | undefined {
  const wanted = normalise(answer);
  const paragraph = paragraphs.find((candidate) => normalise(candidate).includes(wanted));
  if (paragraph) return paragraph;
  const text = normalise(pageText);
  const at = text.indexOf(wanted);
  if (at < 0) return undefined;
  return text.slice(Math.max(0, at - 200), at + wanted.length + 200);
}

/** What is wrong with a reworded question, or undefined when it is fine. */
export function wordingProblem(
  question: string,
  answer: string,
  paragraphs: readonly string[],
  pageText: string,
): string | undefined {
  const passage = answeringPassage(answer, paragraphs, pageText);
  if (!passage) return `its answer "${answer}" is not on the page`;
  const shared = sharedContentWords(question, passage);
  if (shared.length > MOST_SHARED_WORDS) return `shares ${shared.join(', ')} with its answering passage`;
  return undefined;
}
