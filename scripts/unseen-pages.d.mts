export const UNSEEN_PAGES: string;
export function ensureUnseenPages(): boolean;
