// A reader of dictd dictionaries (the format of FreeDict's Debian packages, `dict-freedict-*`): an
// `.index` of `headword<TAB>offset<TAB>length` lines, offsets and lengths in dictd's base64, sorted by
// the headwords' bytes; and the entries' text in `.dict`, plain or dictzip-compressed (`.dict.dz`: gzip
// whose header's `RA` field lists the compressed size of each fixed-size chunk, so one entry is read by
// inflating the chunks that hold it, not the whole file). The npm registry has no reader of either.
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { constants, gunzipSync, inflateRawSync } from 'node:zlib';

/** dictd's base64 digits, most significant first. */
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((character, value) => [character.charCodeAt(0), value]));

/** A number in dictd's base64, as an index line writes its offsets and lengths. */
export function dictdBase64(value: number): string {
  let digits = '';
  do {
    digits = BASE64[value % 64]! + digits;
    value = Math.floor(value / 64);
  } while (value > 0);
  return digits;
}

const TAB = 0x09;
const NEWLINE = 0x0a;

/**
 * Inflated chunks kept per dictionary: an entry rarely spans more than two chunks (about 58 KB each in
 * FreeDict's files), and a question's words are looked up together, so a few cover them.
 */
const KEPT_CHUNKS = 8;

/** The gzip header's flags (RFC 1952). */
const FLAG_EXTRA = 4;
const FLAG_NAME = 8;
const FLAG_COMMENT = 16;
const FLAG_HEADER_CRC = 2;

/** Where the compressed chunks of a dictzip file are. */
interface ChunkTable {
  /** Uncompressed length of every chunk but the last. */
  chunkLength: number;
  /** Each chunk's first byte in the file. */
  starts: number[];
  /** Each chunk's compressed length. */
  sizes: number[];
}

/** Reads the `RA` field of a dictzip header, if the file is one (else it is plain gzip). */
function chunkTable(header: Buffer): ChunkTable | undefined {
  if (header[0] !== 0x1f || header[1] !== 0x8b) return undefined;
  const flags = header[3]!;
  if (!(flags & FLAG_EXTRA)) return undefined;
  const extraLength = header.readUInt16LE(10);
  let at = 12;
  const extraEnd = at + extraLength;
  let table: Omit<ChunkTable, 'starts'> | undefined;
  while (at + 4 <= extraEnd) {
    const length = header.readUInt16LE(at + 2);
    if (header[at] === 0x52 && header[at + 1] === 0x41) {
      const chunkLength = header.readUInt16LE(at + 6);
      const count = header.readUInt16LE(at + 8);
      const sizes: number[] = [];
      for (let index = 0; index < count; index++) sizes.push(header.readUInt16LE(at + 10 + 2 * index));
      table = { chunkLength, sizes };
    }
    at += 4 + length;
  }
  if (!table) return undefined;
  at = extraEnd;
  if (flags & FLAG_NAME) at = header.indexOf(0, at) + 1;
  if (flags & FLAG_COMMENT) at = header.indexOf(0, at) + 1;
  if (flags & FLAG_HEADER_CRC) at += 2;
  const starts: number[] = [];
  for (const size of table.sizes) {
    starts.push(at);
    at += size;
  }
  return { ...table, starts };
}

function base64Number(bytes: Buffer, start: number, end: number): number {
  let value = 0;
  for (let at = start; at < end; at++) value = value * 64 + (DIGIT.get(bytes[at]!) ?? 0);
  return value;
}

/** Whether a byte of UTF-8 text is part of a letter or digit (every non-ASCII byte counts as one). */
function isLetter(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (
    byte >= 0x80 ||
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x30 && byte <= 0x39)
  );
}

/** The header of a dictzip file holds its chunk table: 65,535 bytes at most for the extra field. */
const LONGEST_HEADER = 12 + 65_535 + 1024;

/** One dictd dictionary: its index in memory (a buffer and its lines' starts), its entries read on demand. */
export class DictdDictionary {
  private readonly index: Buffer;
  /** Where each index line starts, in the index's (sorted) order. */
  private readonly lines: Int32Array;
  /** Where each line's headword ends (its first tab). */
  private readonly headwordEnds: Int32Array;
  private readonly dataPath: string;
  private table: ChunkTable | undefined;
  /** The whole uncompressed text, for a plain `.dict` or gzip without a chunk table. */
  private whole: Buffer | undefined;
  private readonly chunks = new Map<number, Buffer>();
  /** For `entriesHolding`: the whole text with ASCII capitals lowered, and the entries' starts in it, sorted. */
  private searchable: { text: Buffer; starts: Int32Array; positions: Int32Array } | undefined;

  /** Opens `<base>.index` with `<base>.dict.dz` (or `<base>.dict`); undefined when either is missing. */
  static open(base: string): DictdDictionary | undefined {
    const dataPath = [`${base}.dict.dz`, `${base}.dict`].find((path) => existsSync(path));
    if (!dataPath || !existsSync(`${base}.index`)) return undefined;
    return new DictdDictionary(readFileSync(`${base}.index`), dataPath);
  }

  /**
   * A dictionary of an index and its text's file; or, given `text`, of an index and text made in
   * memory (`dataPath` then only names where they came from).
   */
  constructor(index: Buffer, dataPath: string, text?: Buffer) {
    this.index = index;
    this.dataPath = dataPath;
    this.whole = text;
    let count = 0;
    for (let at = index.indexOf(NEWLINE); at >= 0; at = index.indexOf(NEWLINE, at + 1)) count++;
    const starts = new Int32Array(count + 1);
    const ends = new Int32Array(count + 1);
    let line = 0;
    for (let start = 0; start < index.length;) {
      let end = index.indexOf(NEWLINE, start);
      if (end < 0) end = index.length;
      const tab = index.indexOf(TAB, start);
      if (end > start && tab >= 0 && tab < end) {
        starts[line] = start;
        ends[line++] = tab;
      }
      start = end + 1;
    }
    const order = this.sortedOrder(starts.subarray(0, line), ends.subarray(0, line));
    this.lines = order ? Int32Array.from(order, (at) => starts[at]!) : starts.slice(0, line);
    this.headwordEnds = order ? Int32Array.from(order, (at) => ends[at]!) : ends.slice(0, line);
  }

  /** About how many bytes it holds in memory: its index, the chunks kept, the text kept to read it backwards. */
  get bytes(): number {
    let total = this.index.length + this.lines.byteLength + this.headwordEnds.byteLength;
    for (const chunk of this.chunks.values()) total += chunk.length;
    if (this.whole) total += this.whole.length;
    if (this.searchable) {
      total +=
        this.searchable.text.length +
        this.searchable.starts.byteLength +
        this.searchable.positions.byteLength;
    }
    return total;
  }

  /** How many headword lines the index has. */
  get size(): number {
    return this.lines.length;
  }

  /**
   * The order that sorts the lines by their headwords' bytes, or undefined when they are sorted
   * already: dictfmt writes them so, but a hand-made file may not be.
   */
  private sortedOrder(starts: Int32Array, ends: Int32Array): number[] | undefined {
    const compare = (a: number, b: number): number =>
      this.index.compare(this.index, starts[b]!, ends[b]!, starts[a]!, ends[a]!);
    for (let line = 1; line < starts.length; line++) {
      if (compare(line - 1, line) > 0) return [...starts.keys()].sort(compare);
    }
    return undefined;
  }

  private headwordEnd(line: number): number {
    return this.headwordEnds[line]!;
  }

  /** The headword of the `position`th line (lower-cased by dictfmt). */
  headwordAt(position: number): string {
    const start = this.lines[position]!;
    return this.index.toString('utf8', start, this.headwordEnd(position));
  }

  /** The first line whose headword is not below `key`'s bytes. */
  private lowerBound(key: Buffer): number {
    let low = 0;
    let high = this.lines.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const start = this.lines[middle]!;
      if (this.index.compare(key, 0, key.length, start, this.headwordEnd(middle)) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The entries (whole texts, headword line first) of a headword, as the index spells it. */
  entries(headword: string): string[] {
    const key = Buffer.from(headword);
    const texts: string[] = [];
    for (let position = this.lowerBound(key); position < this.lines.length; position++) {
      const start = this.lines[position]!;
      const end = this.headwordEnd(position);
      if (this.index.compare(key, 0, key.length, start, end) !== 0) break;
      texts.push(this.entryAt(position));
    }
    return texts;
  }

  /**
   * Headwords starting with `prefix`, in the index's order, at most `limit` of them (each once); with
   * `longestBytes`, only those of at most that many bytes (the longer ones are passed over, not counted:
   * a large dictionary's compounds of a short word come before its inflections, "schreibarbeit" before
   * "schreiben").
   */
  headwordsStartingWith(
    prefix: string,
    limit: number,
    { longestBytes = Infinity }: { longestBytes?: number } = {},
  ): string[] {
    const key = Buffer.from(prefix);
    const found: string[] = [];
    for (
      let position = this.lowerBound(key);
      position < this.lines.length && found.length < limit;
      position++
    ) {
      const start = this.lines[position]!;
      const end = this.headwordEnd(position);
      if (end - start < key.length || this.index.compare(key, 0, key.length, start, start + key.length) !== 0)
        break;
      if (end - start > longestBytes) continue;
      const headword = this.index.toString('utf8', start, end);
      if (found[found.length - 1] !== headword) found.push(headword);
    }
    return found;
  }

  /** Where the `position`th line's entry is in the text: [offset, length]. */
  private span(position: number): [number, number] {
    const firstTab = this.headwordEnd(position);
    const secondTab = this.index.indexOf(TAB, firstTab + 1);
    if (secondTab < 0) return [0, 0];
    let lineEnd = this.index.indexOf(NEWLINE, secondTab + 1);
    if (lineEnd < 0) lineEnd = this.index.length;
    return [
      base64Number(this.index, firstTab + 1, secondTab),
      base64Number(this.index, secondTab + 1, lineEnd),
    ];
  }

  private entryAt(position: number): string {
    const [offset, length] = this.span(position);
    return this.text(offset, length);
  }

  /**
   * The entries whose text holds a word starting with `start` (or, with `wholeWord`, that word; ASCII
   * letters in any case), each once
   * with its headword, at most `limit` of them, in the text's order. The whole text is inflated and
   * kept the first time (the way to read a dictionary backwards, from its translations).
   */
  entriesHolding(
    start: string,
    limit: number,
    { wholeWord = false }: { wholeWord?: boolean } = {},
  ): { headword: string; text: string }[] {
    const searchable = this.searchableText();
    const key = Buffer.from(start.toLowerCase());
    const found: { headword: string; text: string }[] = [];
    let last = -1;
    for (
      let at = searchable.text.indexOf(key);
      at >= 0 && found.length < limit;
      at = searchable.text.indexOf(key, at + 1)
    ) {
      const before = searchable.text[at - 1];
      // A word's start: after a byte that is no letter; with `wholeWord`, its end before one.
      if (isLetter(before)) continue;
      if (wholeWord && isLetter(searchable.text[at + key.length])) continue;
      // The entry holding it: the last one starting at or before it.
      let low = 0;
      let high = searchable.starts.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (searchable.starts[middle]! <= at) low = middle + 1;
        else high = middle;
      }
      const entry = low - 1;
      if (entry < 0 || entry === last) continue;
      last = entry;
      const position = searchable.positions[entry]!;
      const [offset, length] = this.span(position);
      if (at >= offset + length) continue;
      found.push({
        headword: this.headwordAt(position),
        text: searchable.text.toString('utf8', offset, offset + length),
      });
    }
    return found;
  }

  private searchableText(): NonNullable<DictdDictionary['searchable']> {
    if (this.searchable) return this.searchable;
    if (!this.whole && !this.table) this.openData();
    // Lower-cased in place: a copy of the plain text, or the inflated file itself.
    const text = this.whole ? Buffer.from(this.whole) : gunzipSync(readFileSync(this.dataPath));
    for (let at = 0; at < text.length; at++) {
      const byte = text[at]!;
      if (byte >= 0x41 && byte <= 0x5a) text[at] = byte + 0x20;
    }
    const byOffset = [...this.lines.keys()]
      .map((position) => [this.span(position)[0], position] as const)
      .sort((a, b) => a[0] - b[0]);
    this.searchable = {
      text,
      starts: Int32Array.from(byOffset, ([offset]) => offset),
      positions: Int32Array.from(byOffset, ([, position]) => position),
    };
    return this.searchable;
  }

  /** `length` bytes of the uncompressed text from `offset`, as UTF-8. */
  text(offset: number, length: number): string {
    if (!this.whole && !this.table) this.openData();
    if (this.whole) return this.whole.toString('utf8', offset, offset + length);
    const table = this.table!;
    const first = Math.floor(offset / table.chunkLength);
    const last = Math.floor((offset + length - 1) / table.chunkLength);
    const pieces: Buffer[] = [];
    for (let chunk = first; chunk <= last && chunk < table.sizes.length; chunk++)
      pieces.push(this.chunk(chunk));
    const joined = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
    const from = offset - first * table.chunkLength;
    return joined.toString('utf8', from, from + length);
  }

  private openData(): void {
    if (!this.dataPath.endsWith('.dz')) {
      this.whole = readFileSync(this.dataPath);
      return;
    }
    const file = openSync(this.dataPath, 'r');
    try {
      const header = Buffer.alloc(Math.min(LONGEST_HEADER, statSync(this.dataPath).size));
      readSync(file, header, 0, header.length, 0);
      this.table = chunkTable(header);
    } finally {
      closeSync(file);
    }
    // Plain gzip (no chunk table): the whole text at once.
    if (!this.table) this.whole = gunzipSync(readFileSync(this.dataPath));
  }

  private chunk(number: number): Buffer {
    let inflated = this.chunks.get(number);
    if (inflated) {
      // Most recently used last, so the oldest goes first.
      this.chunks.delete(number);
      this.chunks.set(number, inflated);
      return inflated;
    }
    const table = this.table!;
    const compressed = Buffer.alloc(table.sizes[number]!);
    const file = openSync(this.dataPath, 'r');
    try {
      readSync(file, compressed, 0, compressed.length, table.starts[number]!);
    } finally {
      closeSync(file);
    }
    // dictzip flushes the deflate stream fully at each chunk's end: a chunk inflates alone, unfinished.
    inflated = inflateRawSync(compressed, { finishFlush: constants.Z_SYNC_FLUSH });
    if (this.chunks.size >= KEPT_CHUNKS) this.chunks.delete(this.chunks.keys().next().value!);
    this.chunks.set(number, inflated);
    return inflated;
  }
}
