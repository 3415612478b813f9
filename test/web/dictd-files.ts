// Writes small dictd dictionaries for the tests, as dictfmt and dictzip would: an `.index` of
// `headword<TAB>offset<TAB>length` lines in dictd's base64, sorted by the headwords' bytes, and the
// entries' text as a plain `.dict` or as `.dict.dz` (gzip whose `RA` header field lists each chunk's
// compressed size, each chunk deflated apart and flushed so it inflates alone).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { dictdBase64 } from '../../src/web/extract/dictd-dictionary.ts';

/** One entry: its headword, its first line (the headword by default) and the lines after it. */
export interface DictdEntry {
  headword: string;
  /** The entry's first line, as FreeDict writes it: `Haus /haʊs/ <n, neut>`. */
  heading?: string;
  lines: string[];
}

export interface DictdFileOptions {
  /** Write `.dict.dz` with chunks of this many bytes (dictzip's own are about 58 KB); plain `.dict` when unset. */
  chunkLength?: number;
  /** Leave the index in the entries' order instead of sorting it (a hand-made file). */
  unsorted?: boolean;
}

/** The dictzip form of `text`: gzip with a chunk table, each chunk deflated on its own. */
export function dictzip(text: Buffer, chunkLength: number): Buffer {
  const chunks: Buffer[] = [];
  for (let at = 0; at < text.length; at += chunkLength) {
    const piece = text.subarray(at, at + chunkLength);
    const last = at + chunkLength >= text.length;
    chunks.push(deflateRawSync(piece, { finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH }));
  }
  const field = Buffer.alloc(10 + 2 * chunks.length);
  field.write('RA', 0, 'latin1');
  field.writeUInt16LE(6 + 2 * chunks.length, 2);
  field.writeUInt16LE(1, 4); // version
  field.writeUInt16LE(chunkLength, 6);
  field.writeUInt16LE(chunks.length, 8);
  chunks.forEach((chunk, index) => field.writeUInt16LE(chunk.length, 10 + 2 * index));
  const header = Buffer.from([0x1f, 0x8b, 8, 4, 0, 0, 0, 0, 0, 3, 0, 0]);
  header.writeUInt16LE(field.length, 10);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(text), 0);
  trailer.writeUInt32LE(text.length % 2 ** 32, 4);
  return Buffer.concat([header, field, ...chunks, trailer]);
}

/** Writes `freedict-<pair>.index` and its `.dict` (or `.dict.dz`) into `folder`. */
export function writeDictd(
  folder: string,
  pair: string,
  entries: readonly DictdEntry[],
  options: DictdFileOptions = {},
): void {
  mkdirSync(folder, { recursive: true });
  const texts: Buffer[] = [];
  const lines: { key: string; line: string }[] = [];
  let offset = 0;
  for (const entry of entries) {
    const text = Buffer.from(`${entry.heading ?? entry.headword}\n${entry.lines.join('\n')}\n\n`);
    const key = entry.headword.toLowerCase();
    lines.push({ key, line: `${key}\t${dictdBase64(offset)}\t${dictdBase64(text.length)}` });
    texts.push(text);
    offset += text.length;
  }
  if (!options.unsorted) lines.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
  writeFileSync(join(folder, `freedict-${pair}.index`), `${lines.map(({ line }) => line).join('\n')}\n`);
  const text = Buffer.concat(texts);
  if (options.chunkLength)
    writeFileSync(join(folder, `freedict-${pair}.dict.dz`), dictzip(text, options.chunkLength));
  else writeFileSync(join(folder, `freedict-${pair}.dict`), text);
}

/** A new empty folder under the system's temporary one. */
export function temporaryFolder(name: string): string {
  return mkdtempSync(join(tmpdir(), `quarry-${name}-`));
}
