export const CHROMIUM: string;
export function ensureChromium(options?: { log?: (line: string) => void }): void;
