// How we decide that a title names a thing: compare words, not bytes, so case, accents, punctuation
// and spacing differences (`Fermat's Last Theorem` vs `fermats last theorem`) do not matter.

/** Lower case, accents dropped, every run of non-letters and non-digits turned into one space. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when `title` names `name` as whole words (`Tankurt Manas - Test | Official Video` names `Tankurt Manas`). */
export function titleNamesThing(title: string, name: string): boolean {
  const wanted = normalizeName(name);
  if (!wanted) return false;
  return ` ${normalizeName(title)} `.includes(` ${wanted} `);
}

/** True when an article's title is the thing's name itself (Wikipedia's first-letter case rule included). */
export function titleIsName(title: string, name: string): boolean {
  const wanted = normalizeName(name);
  return wanted !== '' && normalizeName(title) === wanted;
}
