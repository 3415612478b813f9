// A run's end: what keeping pictures costs. A loopback picture host serves distinct 1600×1200 JPEG
// photos (made with sharp, with detail in them so encoding does real work). Figures:
// - picture_keep_p50_ms, picture_keep_p99_ms: one picture kept (fetch through the guarded fetch,
//   check with sharp, rotate + resize to a display copy and a thumbnail in WebP, write both and the
//   Redis index), one after another;
// - picture_fetch_p50_ms, picture_check_p50_ms, picture_resize_p50_ms, picture_write_p50_ms: its steps;
// - finalize_10_pictures_ms: a run's finalizing with 10 pictures, from the flow's start to the run's
//   `succeeded` (the median of a few runs), with the finalize and keep-picture workers in this process
//   at the standard concurrency;
// - standalone_report_10_pictures_ms, _kb: the HTML report of such a run kept as a file
//   (`?format=html&standalone=true`: its 10 thumbnails inside it as data: addresses), asked of the
//   report route in this process (the median of a few), and its size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../src/config.ts';
import { FINALIZE_QUEUE, KEEP_PICTURE_QUEUE } from '../src/queue/finalize-queue.ts';
import { createQueueSystem } from '../src/queue/system.ts';
import { pendingPictures, startFinalizeFlow } from '../src/research/finalize-flow.ts';
import { createKeepPictureProcessor, processFinalizeJob } from '../src/research/finalize-processor.ts';
import { keepPicture, type KeepTimings } from '../src/research/keep-picture.ts';
import { PictureStore } from '../src/research/picture-store.ts';
import { createRun, getRun, moveRun } from '../src/research/run-store.ts';
import { createApp } from '../src/server/app.ts';
import { createRunReportRoute } from '../src/server/run-report-route.ts';
import { createGuardedFetch } from '../src/web/safe-fetch.ts';
import { startWorkers } from '../src/workers/start-workers.ts';
import { photo, startPictureHost } from '../test/research/picture-host.ts';
import { percentile, round, type BenchContext, type BenchSection } from './pipeline-stats.ts';

const DISTINCT_PICTURES = 20;
const KEEP_SAMPLES = 60;
const FINALIZE_PICTURES = 10;
const FINALIZE_REPEATS = 3;

async function run(context: BenchContext): Promise<Record<string, number | string>> {
  const host = await startPictureHost();
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-run-end-'));
  const config = parseConfig({
    redisUrl: context.redisUrl,
    prefix: `{bench-run-end-${process.pid}}`,
    logLevel: 'silent',
    dataDir,
    fetch: { allow: ['127.0.0.1'] },
  });
  const system = createQueueSystem(config);
  const guarded = createGuardedFetch({ allow: ['127.0.0.1'] });
  try {
    for (let index = 0; index < DISTINCT_PICTURES; index += 1)
      host.serve(`/p${index}.jpg`, await photo(1600 + index, 1200), 'image/jpeg');

    const store = PictureStore.forSystem(system);
    const totals: number[] = [];
    const steps: KeepTimings[] = [];
    for (let sample = 0; sample < KEEP_SAMPLES; sample += 1) {
      const timings: KeepTimings = { fetchMs: 0, checkMs: 0, resizeMs: 0, writeMs: 0 };
      const started = performance.now();
      await keepPicture(`${host.url}/p${sample % DISTINCT_PICTURES}.jpg`, {
        runId: 'run-00000000000000be',
        store,
        fetch: guarded,
        timings,
      });
      totals.push(performance.now() - started);
      steps.push(timings);
    }
    const stepP50 = (step: keyof KeepTimings) =>
      round(
        percentile(
          steps.map((timings) => timings[step]),
          0.5,
        ),
        1,
      );
    context.log(`[bench] kept ${KEEP_SAMPLES} pictures`);

    const workers = await startWorkers(system, {
      processors: {
        [FINALIZE_QUEUE]: processFinalizeJob,
        [KEEP_PICTURE_QUEUE]: createKeepPictureProcessor({ fetch: () => guarded }),
      },
    });
    const finalizeTimes: number[] = [];
    const finalizedRuns: string[] = [];
    try {
      for (let repeat = 0; repeat < FINALIZE_REPEATS; repeat += 1) {
        const record = await createRun(system, {
          question: 'bench',
          agent: 'command:bench',
          budgets: { searches: 1 },
          timeLimitSeconds: 60,
        });
        await moveRun(system, record.id, 'running', { fields: { attempts: 1 } });
        const wanted = Array.from({ length: FINALIZE_PICTURES }, (_unused, index) => ({
          url: `${host.url}/p${(repeat * FINALIZE_PICTURES + index) % DISTINCT_PICTURES}.jpg`,
          source: 'page' as const,
        }));
        await moveRun(system, record.id, 'finalizing', {
          fields: { answer: 'bench', pictures: pendingPictures(wanted) },
        });
        const started = performance.now();
        await startFinalizeFlow(system, record.id, wanted);
        for (;;) {
          const current = await getRun(system, record.id);
          if (current?.status === 'succeeded') break;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        finalizeTimes.push(performance.now() - started);
        finalizedRuns.push(record.id);
      }
    } finally {
      await workers.close();
    }
    context.log(`[bench] finalized ${FINALIZE_REPEATS} runs of ${FINALIZE_PICTURES} pictures`);

    const adminToken = 'bench-run-end-operator-token';
    const app = await createApp(system, { adminToken, routes: [createRunReportRoute()] });
    const reportTimes: number[] = [];
    let reportBytes = 0;
    for (const runId of finalizedRuns) {
      const started = performance.now();
      const answer = await app.request(`/api/runs/${runId}/report?format=html&standalone=true`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const page = await answer.text();
      reportTimes.push(performance.now() - started);
      if (answer.status !== 200 || (page.match(/src="data:image\/webp/g) ?? []).length !== FINALIZE_PICTURES)
        throw new Error(`the standalone report of ${runId} is not whole (${answer.status})`);
      reportBytes = Buffer.byteLength(page);
    }
    return {
      picture_keep_p50_ms: round(percentile(totals, 0.5), 1),
      picture_keep_p99_ms: round(percentile(totals, 0.99), 1),
      picture_fetch_p50_ms: stepP50('fetchMs'),
      picture_check_p50_ms: stepP50('checkMs'),
      picture_resize_p50_ms: stepP50('resizeMs'),
      picture_write_p50_ms: stepP50('writeMs'),
      finalize_10_pictures_ms: round(percentile(finalizeTimes, 0.5), 0),
      standalone_report_10_pictures_ms: round(percentile(reportTimes, 0.5), 1),
      standalone_report_10_pictures_kb: round(reportBytes / 1024, 0),
    };
  } finally {
    await system.close();
    const { Redis } = await import('ioredis');
    const redis = new Redis(context.redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${config.prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
    redis.disconnect();
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const runEndSection: BenchSection = { name: 'run-end', run };
