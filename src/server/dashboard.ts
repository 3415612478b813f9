// bull-board at /dashboard/queues, behind `requireOperator` (the operator token as a bearer header, or
// a browser signed in at /login).
// Job data is passed through a redactor before it is shown: no job should carry a key, and if one
// ever did, the dashboard still would not show it.
import { FINALIZE_QUEUE, KEEP_PICTURE_QUEUE } from '../queue/finalize-queue.ts';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { MEDIA_QUEUE, READ_QUEUE, searchQueueName } from '../queue/names.ts';
import { RUNS_QUEUE } from '../queue/runs-queue.ts';
import type { QueueSystem } from '../queue/system.ts';
import { RUN_SWEEP_QUEUE } from '../research/run-retention.ts';

export const DASHBOARD_PATH = '/dashboard/queues';

/** Field names whose values never reach the dashboard. */
const SECRET_FIELD = /^(key|keyid|apikey|api_key|token|secret|password|authorization|cookie)$/i;

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, field]) => [
        name,
        SECRET_FIELD.test(name) ? '[redacted]' : redactSecrets(field),
      ]),
    );
  }
  return value;
}

/**
 * Every queue Quarry has, whichever of them this process works: one per search provider, `read`,
 * `media`, the research `runs` and their `run-sweep`. A queue added to Quarry is added here.
 */
export function quarryQueueNames(system: QueueSystem): string[] {
  return [
    ...[...system.providers.keys()].map(searchQueueName),
    READ_QUEUE,
    MEDIA_QUEUE,
    RUNS_QUEUE,
    RUN_SWEEP_QUEUE,
    FINALIZE_QUEUE,
    KEEP_PICTURE_QUEUE,
  ];
}

/**
 * A job's name on the dashboard. A provider's failure comes back as data (`{ ok: false, error }`,
 * job-result.ts), so BullMQ keeps that job among the completed ones: its name says it failed and how,
 * so an operator sees it in the list without opening each job.
 */
export function dashboardJobName(job: { name?: string; returnvalue?: unknown }): string {
  const name = job.name ?? '';
  const result = job.returnvalue as { ok?: unknown; error?: { kind?: unknown } } | null | undefined;
  if (result && typeof result === 'object' && result.ok === false) {
    const kind = typeof result.error?.kind === 'string' ? result.error.kind : 'error';
    return `${name} (failed: ${kind})`;
  }
  return name;
}

export function mountDashboard(
  app: Hono,
  system: QueueSystem,
  settings: { queues: readonly string[]; requireOperator: MiddlewareHandler },
): void {
  const serverAdapter = new HonoAdapter(serveStatic);
  serverAdapter.setBasePath(DASHBOARD_PATH);
  const adapters = settings.queues.map((name) => {
    const adapter = new BullMQAdapter(system.queue(name));
    adapter.setFormatter('data', redactSecrets);
    adapter.setFormatter('returnValue', redactSecrets);
    adapter.setFormatter('name', dashboardJobName);
    return adapter;
  });
  createBullBoard({
    queues: adapters,
    // @bull-board/hono ships its own copy of @bull-board/api's types (a patch version apart); the
    // shapes are the same, the private fields make TypeScript see two classes.
    serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    options: { uiConfig: { boardTitle: 'Quarry' } },
  });
  app.use(DASHBOARD_PATH, settings.requireOperator);
  app.use(`${DASHBOARD_PATH}/*`, settings.requireOperator);
  app.route(DASHBOARD_PATH, serverAdapter.registerPlugin());
}
