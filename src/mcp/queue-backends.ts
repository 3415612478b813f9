// The tools' backends on the real pipeline: every call is a job (or a chain of jobs) on the queues,
// worked by whichever worker process takes it. Searches are charged to the run inside
// searchThroughQueues (once per call, fallbacks included); reads are counted against the run here,
// which only refuses when the run was given a read budget.
import { chargeRun, RunBudgetExhaustedError } from '../queue/budgets.ts';
import { findMediaThroughQueue } from '../queue/media-queue.ts';
import { readThroughQueue } from '../queue/read-queue.ts';
import { searchThroughQueues } from '../queue/search.ts';
import type { QueueSystem } from '../queue/system.ts';
import { providerIds } from '../providers/index.ts';
import { ToolFailure } from './tool-definition.ts';
import type { ProgressReport, ReadPagePart, ReadPageResult, ToolBackends } from './tool-backends.ts';

/** What the read worker reports as it goes, as a step count for progress notifications. */
const READ_STAGES = ['cache', 'fetch', 'decode', 'read'] as const;

export function readProgress(progress: unknown): ProgressReport | undefined {
  const stage = (progress as { stage?: unknown } | null)?.stage;
  const index = READ_STAGES.indexOf(stage as (typeof READ_STAGES)[number]);
  if (index === -1) return undefined;
  return {
    progress: index + 1,
    total: READ_STAGES.length,
    message: `${stage === 'read' ? 'reading' : `${stage}ing`} the page`,
  };
}

/** The read worker's answer, as much of it as the tool needs (see src/web/read-page.ts). */
interface PageReadingShape {
  url?: string;
  finalUrl?: string;
  title?: string;
  text?: string;
  part?: number;
  partCount?: number;
  parts?: string[];
  publishedDate?: string;
  image?: string;
  matches?: Array<{ part: number; text: string; score?: number }>;
  note?: string;
  method?: string;
}

export function toReadPageResult(
  reading: PageReadingShape,
  requested: { url: string; question?: string; part?: number },
): ReadPageResult {
  const partCount = reading.partCount ?? reading.parts?.length ?? 1;
  let parts: ReadPagePart[];
  if (requested.question !== undefined) {
    parts = (reading.matches ?? []).map((match) => ({ number: match.part, text: match.text }));
  } else {
    const number = reading.part ?? requested.part ?? 1;
    parts = [{ number, text: reading.text ?? reading.parts?.[number - 1] ?? '' }];
  }
  // Every match scoring 0 is the page's beginning, given because no passage matched the question.
  const unmatched =
    requested.question !== undefined &&
    parts.length > 0 &&
    (reading.matches ?? []).every((match) => match.score === 0);
  return {
    url: reading.finalUrl ?? reading.url ?? requested.url,
    partCount,
    parts,
    ...(unmatched ? { matched: false } : {}),
    ...(reading.title ? { title: reading.title } : {}),
    ...(reading.publishedDate ? { publishedDate: reading.publishedDate } : {}),
    ...(reading.image ? { image: reading.image } : {}),
    ...(reading.note ? { note: reading.note } : {}),
    ...(requested.question !== undefined && reading.method ? { method: reading.method } : {}),
  };
}

export function queueToolBackends(system: QueueSystem): ToolBackends {
  const known = system.providers.size > 0 ? [...system.providers.keys()] : providerIds();
  return {
    providerIds: () => known,
    search: ({ query, provider, runId, signal }) =>
      searchThroughQueues(system, query, {
        signal,
        ...(runId ? { runId } : {}),
        ...(provider ? { provider } : {}),
      }),
    async read({ url, question, part, runId, signal, onProgress }) {
      if (runId) await chargeRun(system, runId, 'reads').catch(rethrowBudget);
      const reading = (await readThroughQueue(
        system,
        { url, ...(question !== undefined ? { question } : {}), ...(part !== undefined ? { part } : {}) },
        {
          signal,
          onProgress: (progress) => {
            const report = readProgress(progress);
            if (report) onProgress?.(report);
          },
        },
      )) as PageReadingShape;
      return toReadPageResult(reading, { url, question, part });
    },
    async findMedia({ input, runId, signal, onProgress }) {
      if (runId) await chargeRun(system, runId, 'media').catch(rethrowBudget);
      return findMediaThroughQueue(system, input, {
        signal,
        onProgress: (progress) =>
          onProgress?.({
            progress: progress.done,
            total: progress.total,
            message: `found media for ${progress.name}`,
          }),
      });
    },
  };
}

function rethrowBudget(error: unknown): never {
  if (error instanceof RunBudgetExhaustedError) throw new ToolFailure(error.message);
  throw error;
}
