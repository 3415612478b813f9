// Numbers for citing pages, stable within one MCP session: the same address keeps its number across
// searches and reads, so an agent's [n] marks and its Sources list never collide.

/** Addresses are compared without their fragment: `page#intro` and `page` are one source. */
function citationKey(address: string): string {
  const hashAt = address.indexOf('#');
  return hashAt === -1 ? address : address.slice(0, hashAt);
}

export class CitationNumbers {
  readonly #numbers = new Map<string, number>();

  /** The page's number in this session, given it now when it has none. */
  numberFor(address: string): number {
    const key = citationKey(address);
    const existing = this.#numbers.get(key);
    if (existing !== undefined) return existing;
    const assigned = this.#numbers.size + 1;
    this.#numbers.set(key, assigned);
    return assigned;
  }

  /** The page's number if a search or read gave it one already. */
  existing(address: string): number | undefined {
    return this.#numbers.get(citationKey(address));
  }
}
