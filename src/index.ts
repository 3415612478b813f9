// The package's root: what other programs may use.
export { isoDate } from './providers/dates.ts';
export { SearchError } from './providers/types.ts';
export type {
  SearchProvider,
  SearchQuery,
  SearchResult,
  ProviderCtx,
  ProviderCaps,
} from './providers/types.ts';
export { safeFetch, createGuardedFetch, FetchRefusedError, FetchFailedError } from './web/safe-fetch.ts';
export type { SafeFetchOptions, FetchedResource, HostLookup, RefusalReason } from './web/safe-fetch.ts';
export { decodeDocument, NotReadableError } from './web/decode.ts';
export type { DecodedDocument, DocumentKind } from './web/decode.ts';
export { readPage, readDocument, PageStatusError } from './web/read-page.ts';
export type { PageReading, ReadPageInput, ReadPageDeps } from './web/read-page.ts';
