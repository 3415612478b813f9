// What the tools call to get their work done. The MCP layer only validates, words answers and carries
// the session; the work runs as queue jobs behind these functions (see queue-backends.ts), so the tools
// can be built and tested on their own and the pipeline can change under them.
import type { FindMediaAnswer, FindMediaArguments } from '../media/find-media.ts';
import type { ChainAnswer } from '../providers/chain.ts';
import type { SearchQuery } from '../providers/types.ts';

export interface WebSearchCall {
  query: SearchQuery;
  /** Ask only this provider (by id). */
  provider?: string;
  /** Charge this run's search budget (once per call, fallbacks included). */
  runId?: string;
  signal: AbortSignal;
}

/** How far a long call has got, for progress notifications. */
export interface ProgressReport {
  progress: number;
  total?: number;
  message?: string;
}

export interface ReadPageCall {
  url: string;
  question?: string;
  part?: number;
  /** The run, so a run that budgets reads too can be charged. */
  runId?: string;
  signal: AbortSignal;
  onProgress?: (report: ProgressReport) => void;
}

export interface ReadPagePart {
  /** 1-based. */
  number: number;
  text: string;
}

export interface ReadPageResult {
  /** The address the page was read from, after redirects. */
  url: string;
  title?: string;
  /** ISO day or date-time with its zone, when the page states one. */
  publishedDate?: string;
  /** The page's picture (`og:image` or its lead image). */
  image?: string;
  partCount: number;
  /** The part asked for, or the parts that answer the question. */
  parts: ReadPagePart[];
  /** False when no passage matched the question and `parts` are the page's beginning instead. */
  matched?: false;
  /** Something about the reading that needs saying (no main text found, a part out of range). */
  note?: string;
  /** Given a question: how the parts were picked (`local-bm25`, or a provider's filter such as `exa-highlights`). */
  method?: string;
}

export interface FindMediaCall {
  input: FindMediaArguments;
  /** The run, so a run that budgets media look-ups too can be charged. */
  runId?: string;
  signal: AbortSignal;
  onProgress?: (report: ProgressReport) => void;
}

export interface ToolBackends {
  search(call: WebSearchCall): Promise<ChainAnswer>;
  read(call: ReadPageCall): Promise<ReadPageResult>;
  /** find_media is offered when this is present. */
  findMedia?(call: FindMediaCall): Promise<FindMediaAnswer>;
  /** Provider ids an agent may ask for by name (the configured order). */
  providerIds(): readonly string[];
}
