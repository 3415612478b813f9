// Same-language synonyms for the question ranking, from LibreOffice's thesauri (the MyThes format of
// Debian's `mythes-*` packages, in /usr/share/mythes): an `.idx` of `headword|offset` lines after a
// line naming the encoding and one counting the headwords, and a `.dat` where each headword's entry is
// `headword|meanings` and one `(part of speech)|synonym|synonym (annotation)|…` line per meaning. The
// npm registry has no reader of it. A question asked in other words than its answer often uses a word
// the page does not have where the page has one of its synonyms ("fares" / "prices", "temps" /
// "heures"); `thesaurusConcepts` looks up only such words, and keeps only synonyms the page has. A
// question also names a thing by its kind where the page names the thing ("which document" / "a
// provisional driving licence", "welches Gespräch" / "Interview"): the entries that give a broader
// word (WordNet's "generic term" in the English one, OpenThesaurus' "Oberbegriff" in the German one)
// are read the other way round, as the kinds of that word.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { compoundCuts, PREFIX_MARK, type TermReader } from './passage-terms.ts';
import { compoundsHolding, termsOnPage, type BridgeConcept } from './question-bridge.ts';

export const DEFAULT_THESAURUS_FOLDER = '/usr/share/mythes';
/** Names another folder of MyThes files; an empty value turns the thesauri off. */
export const THESAURUS_FOLDER_VARIABLE = 'QUARRY_THESAURI';

/**
 * How much a question word's synonyms on the page count, together, beside the word itself. Chosen on
 * the odd-numbered questions of the reworded, heldout and heldout2 sets (found, of 164: 0.6 +0, 0.8
 * +1, 1 +1), checked on the even-numbered ones (of 161: 0.6 +2, 0.8 +2, 1 +3); each weight loses one
 * reworded question (an odd-numbered one at 1, an even-numbered one at 0.6 and 0.8).
 */
const SYNONYM_WEIGHT = 0.8;
/**
 * How much the synonyms of a question word the page has count, beside those of a word it lacks: the
 * page may name the thing asked about in one place and the answer say it in other words. Chosen on
 * the eight sets in other words together (found, of 858: without 769; 0.1: 770, 0.2: 771, 0.25: 770,
 * 0.3: 771, 0.4: 770), halves apart at 0.2 (odd-numbered 390 → 391 of 431, even-numbered 379 → 380
 * of 427), one reworded question lost.
 */
const PRESENT_WORD_SHARE = 0.2;
/**
 * How much the kinds of a question's noun the page has count, beside its synonyms: a kind says less
 * than a synonym ("furniture" asks about a dresser, and about a table). Chosen on the nine sets in
 * other words together (found, of 952: without 862; 0.25: 866, 0.35: 867, 0.5: 867, 0.7: 866, 1:
 * 865), where no set loses a question (0.5 loses one of heldout3) and both halves gain
 * (odd-numbered 434 → 437 of 479, even-numbered 428 → 430 of 473); the blind heldout9 stays at 95
 * of 101.
 */
const KIND_SHARE = 0.35;
/** The languages that write every noun capitalised: a question's noun is told by its capital. */
const NOUN_CAPITALISING = new Set(['de', 'lb']);
/** A meaning's part of speech that is not a noun's, where the thesaurus names it (WordNet's English one). */
const NOT_A_NOUN = /^\((?:verb|adj|adv)/i;
/** The marks of a broader word among a meaning's words. */
const BROADER_MARKS = ['(generic term)', '(Oberbegriff)'];
/** A compound's part shorter than this (letters) is too often a word by chance. */
const COMPOUND_PART = 4;
/**
 * How much a synonym found as a compound's part, or a compound's part's synonyms, count beside a
 * synonym. Chosen on the odd-numbered questions of the five tuning sets (found, of 278: 0.3 and 0.5
 * +1, 0.8 +0), checked on the even-numbered ones (of 275: +0 each).
 */
const COMPOUND_SHARE = 0.5;
/** A question word shorter than this is rarely one a thesaurus helps with. */
const SHORTEST_WORD = 3;
/** Headwords sharing a question word's first letters that are looked at for its stem, at most. */
const MOST_STEM_CANDIDATES = 40;
/** The first bytes read of an entry; a longer one is read again whole. */
const FIRST_READ = 8_192;
/**
 * Meanings marked so are not synonyms: the broader word (WordNet's "generic term", OpenThesaurus'
 * "Oberbegriff") matches far too much of a page, and an antonym means the opposite.
 */
const NOT_A_SYNONYM =
  /generic term|antonym|oberbegriff|unterbegriff|gegenteil|gegenbegriff|antónimo|antonimo|antonyme|антоним|антонім|антоним|hyperonym|hypernym/i;

/** One MyThes thesaurus: its headwords, sorted, with their entries' places. */
export class Thesaurus {
  /** The index's text, decoded once: its headwords are read from it where they stand. */
  readonly #text: string;
  /** Each headword's first character in `#text` and the bar after it, in the headwords' order. */
  readonly #starts: Uint32Array;
  readonly #bars: Uint32Array;
  readonly #offsets: Float64Array;
  readonly #dataPath: string;
  readonly #decoder: TextDecoder;
  /** The language writes every noun capitalised (German). */
  readonly capitalisesNouns: boolean;
  /** Each broader word's kinds, `|`-separated: read from the whole data file the first time it is asked for. */
  #kinds: Map<string, string> | undefined;

  /** `capitalisesNouns`: the language writes every noun capitalised, so a capitalised kind is no name. */
  constructor(indexPath: string, dataPath: string, { capitalisesNouns = false } = {}) {
    this.capitalisesNouns = capitalisesNouns;
    const index = readFileSync(indexPath);
    const firstLineEnd = index.indexOf(0x0a);
    this.#decoder = new TextDecoder(encodingLabel(index.subarray(0, firstLineEnd).toString('latin1')));
    const text = this.#decoder.decode(index.subarray(firstLineEnd + 1));
    const starts: number[] = [];
    const bars: number[] = [];
    const offsets: number[] = [];
    let sorted = true;
    // The line after the encoding counts the headwords; the rest are `headword|offset`.
    for (let at = text.indexOf('\n') + 1; at > 0 && at < text.length;) {
      const end = text.indexOf('\n', at);
      const lineEnd = end < 0 ? text.length : end;
      const bar = text.lastIndexOf('|', lineEnd);
      const offset = bar > at ? Number(text.slice(bar + 1, lineEnd)) : NaN;
      if (Number.isFinite(offset)) {
        const previous = starts.length - 1;
        if (sorted && previous >= 0 && text.slice(starts[previous], bars[previous]) > text.slice(at, bar))
          sorted = false;
        starts.push(at);
        bars.push(bar);
        offsets.push(offset);
      }
      at = lineEnd + 1;
    }
    // The file is sorted by its bytes, which is the headwords' order in UTF-8 and Latin-1; another
    // encoding's (ISO 8859-2) is sorted here.
    const order = starts.map((_, position) => position);
    if (!sorted) {
      const key = (position: number): string => text.slice(starts[position], bars[position]);
      order.sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
    }
    this.#text = text;
    this.#starts = Uint32Array.from(order, (position) => starts[position]!);
    this.#bars = Uint32Array.from(order, (position) => bars[position]!);
    this.#offsets = Float64Array.from(order, (position) => offsets[position]!);
    this.#dataPath = dataPath;
  }

  /** The headword at a place in the headwords' order. */
  #key(at: number): string | undefined {
    return at < this.#starts.length ? this.#text.slice(this.#starts[at], this.#bars[at]) : undefined;
  }

  /** Where the first headword not before `key` is. */
  #lowerBound(key: string): number {
    let low = 0;
    let high = this.#starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#key(middle)! < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Where a word's entries are, as it is written lower-case or capitalised (German nouns, names). */
  #positions(word: string): number[] {
    const positions: number[] = [];
    for (const key of spellings(word)) {
      for (let at = this.#lowerBound(key); this.#key(at) === key; at++) positions.push(at);
    }
    return positions;
  }

  /** Whether the thesaurus has the word (lower-case or capitalised). */
  has(word: string): boolean {
    return this.#positions(word).length > 0;
  }

  /** The headwords (lower-cased) starting with `prefix`, lower-case or capitalised, at most `limit` of each. */
  headwordsStartingWith(prefix: string, limit: number): string[] {
    const found = new Set<string>();
    for (const start of spellings(prefix)) {
      let count = 0;
      for (let at = this.#lowerBound(start); at < this.#starts.length && count < limit; at++, count++) {
        const key = this.#key(at)!;
        if (!key.startsWith(start)) break;
        found.add(key.toLowerCase());
      }
    }
    return [...found];
  }

  /** The word's synonyms, every meaning's, broader words and antonyms left out (none when it is not a headword). */
  synonyms(word: string): string[] {
    const synonyms = new Set<string>();
    for (const at of this.#positions(word)) {
      for (const synonym of entrySynonyms(this.#entry(this.#offsets[at]!))) synonyms.add(synonym);
    }
    synonyms.delete(word.toLowerCase());
    return [...synonyms];
  }

  /**
   * The single words the thesaurus gives `word` as the broader word of, in the meanings of nouns:
   * "dresser" and "sideboard" for "furniture". Names are left out where nouns are not capitalised
   * ("Page", a writer, is no kind of author a page means). The first call reads the data file whole
   * (a few hundred milliseconds for the English and German ones), later ones look the word up.
   */
  kinds(word: string): string[] {
    this.#kinds ??= readKinds(this.#decoder.decode(readFileSync(this.#dataPath)), this.capitalisesNouns);
    return this.#kinds.get(word.toLowerCase())?.split('|') ?? [];
  }

  /** The entry's text at a byte offset of the data file: its headword line and its meanings' lines. */
  #entry(offset: number): string {
    const file = openSync(this.#dataPath, 'r');
    try {
      for (let length = FIRST_READ; ; length *= 4) {
        const buffer = Buffer.alloc(length);
        const read = readSync(file, buffer, 0, length, offset);
        const text = this.#decoder.decode(buffer.subarray(0, read));
        const lines = text.split('\n');
        const meanings = Number(lines[0]?.slice(lines[0].lastIndexOf('|') + 1));
        if (!Number.isInteger(meanings) || meanings < 0) return '';
        // Whole when the lines it counts are all there before the buffer's end (or the file ended).
        if (lines.length > meanings + 1 || read < length) return lines.slice(0, meanings + 1).join('\n');
      }
    } finally {
      closeSync(file);
    }
  }
}

/** Each broader word of the data file's noun meanings with its kinds (single words), `|`-separated. */
function readKinds(text: string, capitalisesNouns: boolean): Map<string, string> {
  const kinds = new Map<string, Set<string>>();
  // A single word, and no name where nouns are not capitalised ("Page", a writer).
  const isKind = (written: string): boolean =>
    written !== '' && !written.includes(' ') && (capitalisesNouns || !/^\p{Lu}/u.test(written));
  // A meaning's line is repeated under each of its words' headwords: each is read once.
  const read = new Set<string>();
  for (const mark of BROADER_MARKS) {
    for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + mark.length)) {
      const start = text.lastIndexOf('\n', at) + 1;
      const end = text.indexOf('\n', at);
      const line = text.slice(start, end < 0 ? text.length : end);
      at = start + line.length;
      if (read.has(line)) continue;
      read.add(line);
      if (NOT_A_NOUN.test(line)) continue;
      const broader: string[] = [];
      const members: string[] = [];
      const inLine = new Set<string>();
      for (const field of line.split('|').slice(1)) {
        const isBroader = BROADER_MARKS.some((mark) => field.includes(mark));
        if (!isBroader && NOT_A_SYNONYM.test(field)) continue;
        const written = fieldWords(field);
        inLine.add(written.toLowerCase());
        // A question's word is looked up alone: a broader phrase ("piece of furniture") never is.
        if (isBroader) {
          if (written !== '' && !written.includes(' ')) broader.push(written.toLowerCase());
        } else if (isKind(written)) members.push(written.toLowerCase());
      }
      // WordNet's lines leave their headword out ("dresser": "chest of drawers|chest|bureau"); a
      // name's line has it capitalised ("page": "Page|Thomas Nelson Page"), and is taken as written.
      const headword = headwordBefore(text, start);
      if (headword && !inLine.has(headword.toLowerCase()) && isKind(headword))
        members.push(headword.toLowerCase());
      if (members.length === 0) continue;
      for (const word of broader) {
        const known = kinds.get(word) ?? new Set<string>();
        for (const member of members) if (member !== word) known.add(member);
        kinds.set(word, known);
      }
    }
  }
  // Copies of their own: a slice of the file's text (V8 keeps substrings as slices) would keep it all.
  const own = (words: string): string => Buffer.from(words, 'utf8').toString('utf8');
  return new Map([...kinds].map(([word, members]) => [own(word), own([...members].join('|'))]));
}

/** The headword of the entry whose meaning's line starts at `lineStart`: the `headword|count` line above it. */
function headwordBefore(text: string, lineStart: number): string | undefined {
  for (let end = lineStart - 1; end > 0;) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const match = /^([^|]*)\|\d+$/.exec(text.slice(start, end));
    if (match) return match[1];
    end = start - 1;
  }
  return undefined;
}

/** A word as a thesaurus may write it: lower-case, and capitalised. */
function spellings(word: string): string[] {
  const lower = word.toLowerCase();
  const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1);
  return capitalised === lower ? [lower] : [lower, capitalised];
}

/** A TextDecoder's label for the encoding a MyThes file names on its first line ("ISO8859-1", "utf-8"). */
function encodingLabel(line: string): string {
  const name = line.replace(/^\uFEFF|^ï»¿/, '').trim();
  const iso = /^ISO-?8859-?(\d+)$/i.exec(name);
  if (iso) return `iso-8859-${iso[1]}`;
  try {
    return new TextDecoder(name).encoding;
  } catch {
    return 'utf-8';
  }
}

/** An entry's synonyms: single words and phrases, their annotations ("(ugs.)", "(similar term)") dropped. */
function entrySynonyms(entry: string): string[] {
  const synonyms: string[] = [];
  for (const meaning of entry.split('\n').slice(1)) {
    // The first field is the meaning's part of speech.
    for (const field of meaning.split('|').slice(1)) {
      if (NOT_A_SYNONYM.test(field)) continue;
      const synonym = fieldWords(field).toLowerCase();
      if (synonym) synonyms.push(synonym);
    }
  }
  return synonyms;
}

/** A meaning's field as written, its annotations ("(ugs.)", "(generic term)") dropped. */
function fieldWords(field: string): string {
  return field
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The thesauri of a folder, by language (ISO 639-1 from the file's name: `th_de_DE_v2`, `thes_fr`, `th_nb_NO_v2`). */
export class Thesauri {
  readonly #files = new Map<string, { index: string; data: string }>();
  readonly #open = new Map<string, Thesaurus | undefined>();

  constructor(readonly folder: string) {
    if (!folder || !existsSync(folder)) return;
    const names = readdirSync(folder).sort();
    for (const name of names) {
      const match = /^th(?:es)?_([a-z]{2,3})(?:_[A-Z]{2})?(?:_v\d)?\.idx$/.exec(name);
      if (!match) continue;
      // Norwegian's two written forms both stand for "no"; the first file found for a language is kept.
      const language = match[1] === 'nb' || match[1] === 'nn' ? 'no' : match[1]!;
      const data = join(folder, name.replace(/\.idx$/, '.dat'));
      if (!this.#files.has(language) && existsSync(data))
        this.#files.set(language, { index: join(folder, name), data });
    }
  }

  /** The languages there is a thesaurus for. */
  get languages(): string[] {
    return [...this.#files.keys()];
  }

  /** The language's thesaurus, read the first time it is asked for (undefined when there is none or it cannot be read). */
  of(language: string): Thesaurus | undefined {
    if (this.#open.has(language)) return this.#open.get(language);
    const files = this.#files.get(language);
    let thesaurus: Thesaurus | undefined;
    try {
      thesaurus = files
        ? new Thesaurus(files.index, files.data, { capitalisesNouns: NOUN_CAPITALISING.has(language) })
        : undefined;
    } catch {
      thesaurus = undefined;
    }
    this.#open.set(language, thesaurus);
    return thesaurus;
  }
}

let shared: Thesauri | undefined;
let sharedFolder: string | undefined;

/** The thesauri of `QUARRY_THESAURI`'s folder (default /usr/share/mythes), opened once a process. */
export function sharedThesauri(): Thesauri {
  const folder = process.env[THESAURUS_FOLDER_VARIABLE] ?? DEFAULT_THESAURUS_FOLDER;
  if (!shared || sharedFolder !== folder) {
    shared = new Thesauri(folder);
    sharedFolder = folder;
  }
  return shared;
}

/**
 * The question's words, each with its synonyms the page has, as concepts to rank the page's passages
 * by (as `addBridgeTerms` adds them): a word the page lacks at `SYNONYM_WEIGHT`, one it has at
 * `PRESENT_WORD_SHARE` of that (and no compounds). A word is looked up as it is, and
 * through the headwords sharing its stem ("fares" → "fare"), unless `exactOnly` (a question in another
 * language than the page's: only its words that the page's language writes alike, "total", "Land").
 * With `compounds` (a German or Dutch page), a synonym also matches the page's compounds it begins or
 * ends ("Führung" in "Führungskräfte"), and a word no thesaurus has is read as two parts it has, each
 * part's synonyms looked for ("Leitungsrollen": "Leitung" → "Führung"), both at `COMPOUND_SHARE`.
 * A noun the page lacks also brings its kinds the page has, at `KIND_SHARE` ("Dokument" →
 * "Fahrausweis"); where the language capitalises every noun, a noun is a capitalised word past the
 * question's first.
 */
export function thesaurusConcepts(
  question: string,
  thesaurus: Thesaurus,
  reader: TermReader,
  vocabulary: ReadonlySet<string>,
  { exactOnly = false, compounds = false }: { exactOnly?: boolean; compounds?: boolean } = {},
): BridgeConcept[] {
  const concepts: BridgeConcept[] = [];
  const seen = new Set<string>();
  for (const [position, written] of (question.match(/\p{L}+/gu) ?? []).entries()) {
    const word = written.toLowerCase();
    if ([...word].length < SHORTEST_WORD || seen.has(word)) continue;
    seen.add(word);
    const stems = reader.terms(word).filter((term) => !term.startsWith(PREFIX_MARK));
    // A stop word has no terms; a word the page has is matched as it is, its synonyms a little.
    if (stems.length === 0) continue;
    const onPageAsAsked = stems.some((stem) => vocabulary.has(stem));
    const headwords = new Set<string>();
    if (thesaurus.has(word)) headwords.add(word);
    if (!exactOnly) {
      // Inflections share their stem but not always all its letters ("study" for "studies": "studi").
      const stem = stems[0]!;
      const prefixes = [stem, stem.slice(0, Math.max(SHORTEST_WORD, stem.length - 1))];
      for (const prefix of new Set(prefixes)) {
        for (const candidate of thesaurus.headwordsStartingWith(prefix, MOST_STEM_CANDIDATES)) {
          if (!candidate.includes(' ') && reader.terms(candidate)[0] === stem) headwords.add(candidate);
        }
      }
    }
    const onPage = (synonyms: Iterable<string>): string[][] =>
      termsOnPage(synonyms, reader, vocabulary, { exclude: stems });
    const synonyms = new Set<string>();
    for (const headword of headwords)
      for (const synonym of thesaurus.synonyms(headword)) synonyms.add(synonym);
    const alternatives = onPage(synonyms);
    const weight = onPageAsAsked ? SYNONYM_WEIGHT * PRESENT_WORD_SHARE : SYNONYM_WEIGHT;
    if (alternatives.length > 0) concepts.push({ source: word, alternatives, weight });
    const noun = !thesaurus.capitalisesNouns || (position > 0 && /^\p{Lu}/u.test(written));
    if (noun && !onPageAsAsked) {
      const kinds = new Set<string>();
      for (const headword of headwords) for (const kind of thesaurus.kinds(headword)) kinds.add(kind);
      const named = new Set(alternatives.map((terms) => terms.join(' ')));
      const found = onPage(kinds).filter((terms) => !named.has(terms.join(' ')));
      if (found.length > 0)
        concepts.push({ source: `${word} kinds`, alternatives: found, weight: SYNONYM_WEIGHT * KIND_SHARE });
    }
    if (!compounds || onPageAsAsked) continue;
    const direct = new Set(alternatives.flat());
    const held = compoundsHolding(synonyms, reader, vocabulary, { exclude: stems }).filter(
      ([term]) => !direct.has(term!),
    );
    if (held.length > 0)
      concepts.push({ source: word, alternatives: held, weight: SYNONYM_WEIGHT * COMPOUND_SHARE });
    if (headwords.size > 0) continue;
    // A compound no thesaurus has ("Leitungsrollen"): its two parts' synonyms, on the page or in its compounds.
    for (const part of compoundParts(word, thesaurus)) {
      const ofPart = thesaurus.synonyms(part);
      const partStems = reader.terms(part).filter((term) => !term.startsWith(PREFIX_MARK));
      const found = [
        ...onPage(ofPart),
        ...compoundsHolding(ofPart, reader, vocabulary, { exclude: partStems }),
      ];
      if (found.length > 0)
        concepts.push({
          source: `${word} ${part}`,
          alternatives: found,
          weight: SYNONYM_WEIGHT * COMPOUND_SHARE,
        });
    }
  }
  return concepts;
}

/** A word as two headwords of the thesaurus, the first cut from its start ("Leitungs-rollen": "Leitung", "Rollen"). */
function compoundParts(word: string, thesaurus: Thesaurus): string[] {
  for (const { heads, tail } of compoundCuts(word, COMPOUND_PART)) {
    const found = heads.find((candidate) => thesaurus.has(candidate));
    if (!found) continue;
    // The tail as written, or its singular ("-rollen": "Rolle"; "-kräfte" is looked up as it is).
    const tails = [
      tail,
      ...['n', 'en', 'e', 's']
        .filter((ending) => tail.endsWith(ending))
        .map((ending) => tail.slice(0, -ending.length)),
    ].filter((candidate) => [...candidate].length >= COMPOUND_PART);
    const tailFound = tails.find((candidate) => thesaurus.has(candidate));
    if (tailFound) return [found, tailFound];
  }
  return [];
}
