// Research runs over REST, for the operator (the app's requireOperator guards /api/*): start one, list them, read one, follow its
// events (Server-Sent Events, resumable from Last-Event-ID, ending when the run ends), cancel one.
import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { followRunEvents, isEventId, readRunEvents } from '../research/run-events.ts';
import { RunRequestError } from '../research/run-request.ts';
import { isRunStatus, RUN_STATUSES, type RunStatus } from '../research/run-status.ts';
import { getRun, isRunId, listRuns } from '../research/run-store.ts';
import { runView } from '../research/run-view.ts';
import { cancelRun, RunNotFoundError, startRun } from '../research/start-run.ts';
import type { QueueSystem } from '../queue/system.ts';
import type { RouteRegistrar } from './app.ts';

export const RUNS_PATH = '/api/runs';

/** A page of `GET /api/runs` when `limit` is not given, and the most one page holds. */
const DEFAULT_PAGE = 20;
const MAX_PAGE = 200;
/** A question of 20000 characters and 16 KiB of options fit, with room for the JSON around them. */
const MAX_REQUEST_BYTES = 128 * 1024;
/** Under the minute after which common proxies close an idle connection. */
const KEEP_ALIVE_MS = 15_000;

function badRequest(context: Context, field: string, message: string) {
  return context.json({ error: message, problems: [{ field, message }] }, 400);
}

function runMissing(context: Context, runId: string) {
  return context.json({ error: new RunNotFoundError(runId).message }, 404);
}

export function createRunsRoute(): RouteRegistrar {
  // Under /api/, so the app's operator middleware (requireOperator) guards every route here.
  return (app: Hono, { system }) => {
    app.post(RUNS_PATH, async (context) => {
      const text = await context.req.text();
      if (Buffer.byteLength(text) > MAX_REQUEST_BYTES) {
        return context.json(
          {
            error: `A run request is at most ${MAX_REQUEST_BYTES} bytes: shorten the question or the options.`,
          },
          413,
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return badRequest(
          context,
          '(body)',
          'The body is not JSON: send {"question": "...", "agent": "claude-code", "budget": 20}.',
        );
      }
      try {
        const run = await startRun(system, body);
        return context.json(await runView(system, run), 201);
      } catch (error) {
        if (error instanceof RunRequestError) {
          return context.json({ error: error.message, problems: error.problems }, 400);
        }
        throw error;
      }
    });

    app.get(RUNS_PATH, async (context) => {
      const statusText = context.req.query('status');
      let status: RunStatus[] | undefined;
      if (statusText) {
        const wanted = statusText.split(',').map((value) => value.trim());
        const unknown = wanted.filter((value) => !isRunStatus(value));
        if (unknown.length > 0) {
          return badRequest(
            context,
            'status',
            `status ${unknown.join(', ')} is not a run status: give one or more (comma-separated) of ${RUN_STATUSES.join(', ')}.`,
          );
        }
        status = wanted as RunStatus[];
      }
      const limitText = context.req.query('limit');
      const limit = limitText === undefined ? DEFAULT_PAGE : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
        return badRequest(
          context,
          'limit',
          `limit must be a whole number from 1 to ${MAX_PAGE} (default ${DEFAULT_PAGE}).`,
        );
      }
      const before = context.req.query('before');
      if (before !== undefined && !isRunId(before)) {
        return badRequest(context, 'before', 'before must be a run id (the `next` of the previous page).');
      }
      const page = await listRuns(system, {
        limit,
        ...(status ? { status } : {}),
        ...(before ? { before } : {}),
      });
      return context.json({
        runs: await Promise.all(page.runs.map((run) => runView(system, run))),
        next: page.next ?? null,
      });
    });

    app.get(`${RUNS_PATH}/:id`, async (context) => {
      const run = await getRun(system, context.req.param('id'));
      if (!run) return runMissing(context, context.req.param('id'));
      return context.json(await runView(system, run));
    });

    app.post(`${RUNS_PATH}/:id/cancel`, async (context) => {
      try {
        const run = await cancelRun(system, context.req.param('id'));
        return context.json(await runView(system, run));
      } catch (error) {
        if (error instanceof RunNotFoundError) return runMissing(context, context.req.param('id'));
        throw error;
      }
    });

    app.get(`${RUNS_PATH}/:id/events`, async (context) => eventsResponse(context, system));
  };
}

/**
 * The run's events: as Server-Sent Events (each with its stream id, so a client that reconnects with
 * Last-Event-ID, or `?after=`, continues after it), ending with an `end` event once the run ended; or,
 * with `?format=json`, the events so far as one JSON answer.
 */
async function eventsResponse(context: Context, system: QueueSystem) {
  const runId = context.req.param('id')!;
  const run = await getRun(system, runId);
  if (!run) return runMissing(context, runId);
  const after = context.req.header('last-event-id') ?? context.req.query('after');
  if (after !== undefined && !isEventId(after)) {
    return badRequest(
      context,
      'after',
      'Last-Event-ID (or after) must be an event id as the events carry it, such as 1767225600000-0.',
    );
  }
  const format = context.req.query('format');
  if (format !== undefined && format !== 'json' && format !== 'sse') {
    return badRequest(
      context,
      'format',
      'format must be json (the events so far) or sse (follow them; the default).',
    );
  }
  if (format === 'json') {
    return context.json({
      events: await readRunEvents(system, runId, { ...(after ? { after } : {}), count: 10_000 }),
    });
  }
  return streamSSE(context, async (stream) => {
    const stopped = new AbortController();
    stream.onAbort(() => stopped.abort());
    // A comment now and then keeps proxies from closing a stream that waits on a quiet agent.
    const keepAlive = setInterval(
      () => void stream.write(': keep-alive\n\n').catch(() => undefined),
      KEEP_ALIVE_MS,
    );
    stopped.signal.addEventListener('abort', () => clearInterval(keepAlive), { once: true });
    for await (const event of followRunEvents(system, runId, {
      ...(after ? { after } : {}),
      signal: stopped.signal,
    })) {
      await stream.writeSSE({ id: event.id, event: event.type, data: JSON.stringify(event.data) });
    }
    clearInterval(keepAlive);
    if (stopped.signal.aborted) return;
    const ended = await getRun(system, runId);
    await stream.writeSSE({ event: 'end', data: JSON.stringify({ status: ended?.status ?? null }) });
  });
}
