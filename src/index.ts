// The package's root: what other programs may use.
export { isoDate } from './providers/dates.ts';
export { SearchError } from './providers/types.ts';
export type { SearchProvider, SearchQuery, SearchResult, ProviderCtx, ProviderCaps } from './providers/types.ts';
