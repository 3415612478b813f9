// Corpus pages are stored as bytes; the benchmark and the tests decode them the same way.

/** Pages are bytes: UTF-8 when they decode as such, else the charset they declare, else windows-1252. */
export function decodePage(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const declared = /<meta[^>]+charset=["']?([\w-]+)/i.exec(bytes.subarray(0, 4096).toString('latin1'))?.[1];
    try {
      return new TextDecoder(declared ?? 'windows-1252').decode(bytes);
    } catch {
      return new TextDecoder('windows-1252').decode(bytes);
    }
  }
}
