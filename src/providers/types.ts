// The search-provider contract. Every provider file imports this and the shared helpers, nothing else
// of ours: the contract stands apart from its implementations.

/** What a provider can keep a search to. A filter it cannot keep is reported back, never thrown. */
export interface ProviderCaps {
  /** The most results one request returns. */
  maxK: number;
  /** Keeps results to given sites (operator or parameter). */
  sites: boolean;
  /** Leaves given sites out. */
  excludeSites: boolean;
  /** Category ids it understands (`news`, `images`, `videos`, `science`, ...); empty when none. */
  categories: readonly string[];
  /** Keeps results to a date range (`from`/`to`) or at least a recency window. */
  dates: 'range' | 'recency' | false;
  /** Restricts results to languages. */
  languages: boolean;
  /** File types it can keep to (`pdf`, `html`). */
  fileTypes: readonly FileType[];
  /** Can return home pages only. */
  homepagesOnly: boolean;
  /** Can return snippets filtered to a question (query-focused extracts). */
  filteredSnippets: boolean;
}

export type FileType = 'html' | 'pdf';
export type Recency = 'day' | 'week' | 'month' | 'year';

/** A search as every provider sees it: the operators are already read out of the words. */
export interface SearchQuery {
  /** The words, with `site:`, `-site:` and `filetype:` taken out. */
  text: string;
  /** How many results, 1 to 100. */
  k: number;
  /** Sites (host names, maybe with a path) to keep to. */
  sites: string[];
  /** Sites to leave out. */
  excludeSites: string[];
  /** Category ids. */
  categories: string[];
  /** First day, `YYYY-MM-DD`. */
  from?: string;
  /** Last day, `YYYY-MM-DD`. */
  to?: string;
  /** Recency window for engines that only take that. */
  recency?: Recency;
  /** ISO 639-1 language codes. */
  languages: string[];
  fileTypes: FileType[];
  homepagesOnly: boolean;
  /** A question to filter snippets to, for providers that can. */
  question?: string;
}

/** The filter names `unsupported()` reports; they match the tool's argument names. */
export type QueryFilter =
  | 'k'
  | 'sites'
  | 'exclude_sites'
  | 'categories'
  | 'from'
  | 'to'
  | 'recency'
  | 'languages'
  | 'file_types'
  | 'homepages_only'
  | 'question';

export interface ProviderCtx {
  /** The key from settings, when the provider takes one. */
  key?: string;
  /** A second credential some vendors need (Google's engine id). */
  keyId?: string;
  /** The base address from settings (SearXNG's, or any provider's `QUARRY_<ID>_URL`). */
  url?: string;
  signal?: AbortSignal;
  fetch: typeof fetch;
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
  /** Per-request time limit in milliseconds. */
  timeoutMs?: number;
}

export interface SearchResult {
  title: string;
  url: string;
  /** Plain text; `''` when the engine gives none. */
  snippet: string;
  /** `YYYY-MM-DD` or a date-time with its zone; omitted when unknown, never guessed. */
  date?: string;
  category?: string;
  fileType?: string;
  language?: string;
  /** A thumbnail the engine gives. */
  image?: string;
}

export interface ProviderAnswer {
  results: SearchResult[];
  /** Filters the provider could not keep (see `unsupported()`). */
  ignored: QueryFilter[];
}

export interface SearchProvider {
  /** Stable, lowercase. */
  id: string;
  name: string;
  /** One line for Settings. */
  description: string;
  caps: ProviderCaps;
  key: 'required' | 'optional' | 'none';
  /** Where a user gets a key. */
  keyUrl?: string;
  /** The environment variable that holds its key. */
  keyEnv?: string;
  /** The environment variable that holds a second credential it requires (Google's engine id). */
  keyIdEnv?: string;
  /** For a provider the user runs: a placeholder address, and the user must set one. */
  url?: { placeholder: string; required: boolean; env: string };
  /** Only providers that need nothing from the user start on. */
  enabledByDefault: boolean;
  /** Default per-provider limits, each with its reason. */
  limits: ProviderLimits;
  search(query: SearchQuery, ctx: ProviderCtx): Promise<ProviderAnswer>;
  /**
   * Optional: the provider's own extracts of one page that answer a question (Exa's highlights,
   * Tavily's extract with a query). read_page uses them, when such a provider is on and keyed, to
   * pick the page's passages; failures are SearchErrors like a search's.
   */
  filterPage?(input: PageFilterInput, ctx: ProviderCtx): Promise<PageFilterAnswer>;
}

/** A page and the question its extracts should answer. */
export interface PageFilterInput {
  url: string;
  question: string;
  /** How many extracts at most; the provider's default when absent. */
  k?: number;
}

export interface PageFilterAnswer {
  /** Plain-text extracts of the page, best first; empty when the provider found none. */
  snippets: string[];
  /** Named in read_page's `method` when the extracts pick the passages, e.g. `exa-highlights`. */
  method: string;
}

export interface ProviderLimits {
  /** Calls in flight at once, across all workers. */
  concurrency: number;
  /** At most `max` requests per `perMs` milliseconds, across all workers. */
  rate: { max: number; perMs: number };
}

export type SearchErrorKind = 'auth' | 'credits' | 'limit' | 'blocked' | 'unavailable' | 'invalid';

/** Kinds that pass the search on to the next provider. `invalid` goes back to the caller. */
export const FALLTHROUGH_KINDS: readonly SearchErrorKind[] = [
  'auth',
  'credits',
  'limit',
  'blocked',
  'unavailable',
];

export class SearchError extends Error {
  override readonly name = 'SearchError';
  readonly kind: SearchErrorKind;
  /** Which provider failed, when known. */
  readonly provider?: string;
  /** Epoch milliseconds before which the provider should not be asked again. */
  readonly retryAt?: number;
  /** HTTP status, when the failure was an HTTP answer. */
  readonly status?: number;

  constructor(
    kind: SearchErrorKind,
    message: string,
    options: { provider?: string; retryAt?: number; status?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.provider = options.provider;
    this.retryAt = options.retryAt;
    this.status = options.status;
  }

  get fallsThrough(): boolean {
    return FALLTHROUGH_KINDS.includes(this.kind);
  }
}
