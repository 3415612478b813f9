// What a number typed on the command line means. JavaScript's Number() also takes '' (0), '0x10' (16),
// '1e3' (1000) and ' 7 ', so a flag's value is a whole number only when it is decimal digits.

/** The whole number `text` is written as in decimal digits (blanks around allowed); NaN otherwise. */
export function typedWholeNumber(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}
