// What a search job carries, and how a provider's error crosses the queue. Job data holds the query
// and the provider's id, never a key: the worker takes keys from its own configuration.
import {
  SearchError,
  type PageFilterInput,
  type SearchErrorKind,
  type SearchQuery,
} from '../providers/types.ts';

export interface SearchJobData {
  /** Absent on a search (jobs from before page filters had no kind). */
  kind?: 'search';
  provider: string;
  query: SearchQuery;
}

/** A page filter on the provider's own queue, so its limits and credits hold as for a search. */
export interface PageFilterJobData {
  kind: 'filter-page';
  provider: string;
  page: PageFilterInput;
}

/** The last line of a failed search job's reason: the error's kind and details, for the caller to rebuild it. */
const DETAILS_MARKER = 'quarry-search-error ';

interface ErrorDetails {
  kind: SearchErrorKind;
  provider?: string;
  retryAt?: number;
  status?: number;
}

/** The failure text for a SearchError: its message first (what the dashboard shows), details last. */
export function encodeSearchError(error: SearchError): string {
  const details: ErrorDetails = { kind: error.kind };
  if (error.provider !== undefined) details.provider = error.provider;
  if (error.retryAt !== undefined) details.retryAt = error.retryAt;
  if (error.status !== undefined) details.status = error.status;
  return `${error.message}\n${DETAILS_MARKER}${JSON.stringify(details)}`;
}

/** Rebuilds the SearchError a worker failed with; any other failure becomes `unavailable`. */
export function decodeSearchError(failedReason: string, providerId: string): SearchError {
  const cut = failedReason.lastIndexOf(`\n${DETAILS_MARKER}`);
  if (cut >= 0) {
    try {
      const details = JSON.parse(failedReason.slice(cut + 1 + DETAILS_MARKER.length)) as ErrorDetails;
      return new SearchError(details.kind, failedReason.slice(0, cut), {
        provider: details.provider ?? providerId,
        retryAt: details.retryAt,
        status: details.status,
      });
    } catch {
      // Not our details after all: fall through and keep the whole text.
    }
  }
  return new SearchError('unavailable', `${providerId} failed: ${failedReason}`, { provider: providerId });
}
