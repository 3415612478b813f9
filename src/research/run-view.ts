// A run as the API, the command line and events show it: snake_case, every field present (null when
// unknown), the budget as used and limit. Never the run's token, nor anything else secret.
import { runBudget } from '../queue/budgets.ts';
import type { QueueSystem } from '../queue/system.ts';
import type { CitationCheck } from './citations.ts';
import { pictureAddress } from './picture-store.ts';
import type { RunRecord, RunUsed } from './run-store.ts';

/** A run's picture: its original address beside its kept copies (null until kept, or when given up). */
export interface RunPictureView {
  url: string;
  source: 'find_media' | 'page';
  page: string | null;
  item: string | null;
  state: 'pending' | 'kept' | 'given-up';
  display: string | null;
  thumbnail: string | null;
  reason: string | null;
}

export interface BudgetView {
  used: number;
  limit: number;
}

export interface RunView {
  id: string;
  status: RunRecord['status'];
  question: string;
  agent: string;
  model: string | null;
  options: Record<string, unknown>;
  answer: string | null;
  reason: string | null;
  /** Searches: used and limit. */
  budget: BudgetView;
  /** Page reads and media look-ups, when the run limits them. */
  read_budget: BudgetView | null;
  media_budget: BudgetView | null;
  time_limit_seconds: number;
  usage: Record<string, unknown> | null;
  cost_usd: number | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  updated_at: string;
  /** The pictures the run found and their kept copies (empty until the agent has answered). */
  pictures: RunPictureView[];
  /** The answer's citations checked against what the run's tools returned; null before the answer. */
  citations: CitationCheck | null;
}

/**
 * The run's view. Once the run ended, its record says what it used and was allowed; while it runs,
 * the live counters do (an operator may change a budget mid-run).
 */
export async function runView(system: QueueSystem, run: RunRecord): Promise<RunView> {
  let used: RunUsed | undefined = run.used;
  let budgets = run.budgets;
  if (!used) {
    const live = await runBudget(system, run.id);
    used = { searches: live.searches.used, reads: live.reads.used, media: live.media.used };
    budgets = {
      searches: live.searches.limit ?? run.budgets.searches,
      ...(live.reads.limit !== undefined ? { reads: live.reads.limit } : {}),
      ...(live.media.limit !== undefined ? { media: live.media.limit } : {}),
    };
  }
  return {
    id: run.id,
    status: run.status,
    question: run.question,
    agent: run.agent,
    model: run.model ?? null,
    options: run.options,
    answer: run.answer ?? null,
    reason: run.reason ?? null,
    budget: { used: used.searches, limit: budgets.searches },
    read_budget: budgets.reads !== undefined ? { used: used.reads, limit: budgets.reads } : null,
    media_budget: budgets.media !== undefined ? { used: used.media, limit: budgets.media } : null,
    time_limit_seconds: run.timeLimitSeconds,
    usage: run.usage ?? null,
    cost_usd: run.costUsd ?? null,
    attempts: run.attempts,
    created_at: run.createdAt,
    started_at: run.startedAt ?? null,
    ended_at: run.endedAt ?? null,
    updated_at: run.updatedAt,
    pictures: (run.pictures ?? []).map((picture) => ({
      url: picture.url,
      source: picture.source,
      page: picture.page ?? null,
      item: picture.item ?? null,
      state: picture.state,
      display: picture.display ? pictureAddress(run.id, picture.display.name) : null,
      thumbnail: picture.thumbnail ? pictureAddress(run.id, picture.thumbnail.name) : null,
      reason: picture.reason ?? null,
    })),
    citations: run.citations ?? null,
  };
}
