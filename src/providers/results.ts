// What every provider does last: keep only results with a web address, give each a title and a
// snippet (never missing), drop fields that are unknown, drop repeats, and stop at k.
import type { SearchResult } from './types.ts';

export type ResultDraft = {
  [Field in keyof SearchResult]?: SearchResult[Field] | null | undefined;
};

function webAddress(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Normalised results, at most `k`, in the engine's order. */
export function finishResults(drafts: readonly ResultDraft[], k: number): SearchResult[] {
  const seen = new Set<string>();
  const results: SearchResult[] = [];
  for (const draft of drafts) {
    const url = webAddress(draft.url);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const result: SearchResult = {
      title: draft.title?.trim() || url,
      url,
      snippet: draft.snippet?.trim() ?? '',
    };
    if (draft.date) result.date = draft.date;
    if (draft.category) result.category = draft.category;
    if (draft.fileType) result.fileType = draft.fileType;
    if (draft.language) result.language = draft.language;
    const image = webAddress(draft.image);
    if (image) result.image = image;
    results.push(result);
    if (results.length >= k) break;
  }
  return results;
}

/** `pdf` when an address or a MIME type says so; undefined otherwise (never guessed from nothing). */
export function fileTypeOf(url: string | null | undefined, mime?: string | null): string | undefined {
  if (mime && /application\/pdf/i.test(mime)) return 'pdf';
  if (mime && /text\/html/i.test(mime)) return 'html';
  if (url && /\.pdf(?:$|[?#])/i.test(url)) return 'pdf';
  return undefined;
}
