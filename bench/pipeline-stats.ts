// What every benchmark section shares: the section contract bench/run.ts runs, and the statistics.

/** Figures so far (earlier sections' included), and where to write progress lines. */
export interface BenchContext {
  redisUrl: string;
  results: Record<string, number | string>;
  log: (line: string) => void;
}

/** One section of `npm run bench`: runs, then returns flat figures merged into the one JSON object. */
export interface BenchSection {
  name: string;
  run(context: BenchContext): Promise<Record<string, number | string>>;
}

/** The value below which `fraction` of the samples fall (nearest rank). */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}

/** Milliseconds with a tenth of a microsecond, enough for a JSON figure. */
export function round(value: number, digits = 3): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Times one call in milliseconds. */
export async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

/** Runs `total` calls with `concurrency` callers in a closed loop; returns calls per second. */
export async function closedLoop(
  total: number,
  concurrency: number,
  call: (index: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        await call(index);
      }
    }),
  );
  return total / ((performance.now() - started) / 1_000);
}
