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
export { PROVIDERS, providerById, chainEntries } from './providers/index.ts';
export { searchChain, MemoryRestState, NoProviderError } from './providers/chain.ts';
export type { ChainAnswer, ChainEntry, RestState } from './providers/chain.ts';
export { parseQuery, withOperators, unsupported } from './providers/operators.ts';
export { plainText } from './providers/text.ts';
export { safeFetch, createGuardedFetch, FetchRefusedError, FetchFailedError } from './web/safe-fetch.ts';
export type { SafeFetchOptions, FetchedResource, HostLookup, RefusalReason } from './web/safe-fetch.ts';
export { decodeDocument, NotReadableError } from './web/decode.ts';
export type { DecodedDocument, DocumentKind } from './web/decode.ts';
export { readPage, readDocument, PageStatusError } from './web/read-page.ts';
export type { PageReading, ReadPageInput, ReadPageDeps, ReadPageSettings } from './web/read-page.ts';
export { readHtml, readHtmlWithEmbeddings, DEFAULT_PART_SIZE } from './web/read-html.ts';
export type {
  ReadHtmlOptions,
  ReadHtmlWithEmbeddingsOptions,
  EmbeddingsSettings,
  ReadHtmlResult,
  QuestionFilter,
  QuestionMatch,
  Passage,
} from './web/read-html.ts';
export {
  findMedia,
  findMediaInputShape,
  findMediaOutputShape,
  FindMediaInputError,
} from './media/find-media.ts';
export type {
  FindMediaInput,
  FindMediaAnswer,
  MediaItemAnswer,
  FindMediaProgress,
} from './media/find-media.ts';
export { lookupMediaItem } from './media/lookup-item.ts';
export type { LookupOptions, LookupDependencies } from './media/lookup-item.ts';
export type { Picture, Video, MediaItem, ItemLookup, MediaSearch } from './media/media-types.ts';
export { validateIconHost, SiteIconStore, SiteIconHostError } from './media/site-icons.ts';
