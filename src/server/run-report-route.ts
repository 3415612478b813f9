// A run's report and its kept pictures, for the operator (under /api/, so requireOperator guards
// them): `GET /api/runs/:id/report` as JSON, Markdown or HTML (by `?format=` or `Accept`), and
// `GET /api/runs/:id/pictures/:name`, a kept copy with long cache headers (its name is its content's
// hash, so it never changes).
import type { Context, Hono } from 'hono';
import { isPictureName, PICTURE_CONTENT_TYPES, PictureStore } from '../research/picture-store.ts';
import { buildRunReport, renderReport, type ReportFormat } from '../research/run-report.ts';
import { getRun } from '../research/run-store.ts';
import { RunNotFoundError } from '../research/start-run.ts';
import type { RouteRegistrar } from './app.ts';

export const RUN_REPORT_PATH = '/api/runs/:id/report';
export const RUN_PICTURE_PATH = '/api/runs/:id/pictures/:name';

/** A year: the longest max-age caches honour, for bytes that never change under their name. */
const PICTURE_MAX_AGE_SECONDS = 365 * 86_400;

const FORMATS: Record<string, ReportFormat> = {
  json: 'json',
  md: 'md',
  markdown: 'md',
  html: 'html',
};

/** The format asked for: `?format=` first, then the Accept header's first known type, else JSON. */
export function reportFormat(context: Context): ReportFormat | undefined {
  const asked = context.req.query('format');
  if (asked !== undefined) return FORMATS[asked.toLowerCase()];
  const accept = (context.req.header('accept') ?? '').toLowerCase();
  for (const part of accept.split(',')) {
    const type = part.split(';', 1)[0]!.trim();
    if (type === 'text/html') return 'html';
    if (type === 'text/markdown') return 'md';
    if (type === 'application/json') return 'json';
  }
  return 'json';
}

export function createRunReportRoute(): RouteRegistrar {
  return (app: Hono, { system }) => {
    app.get(RUN_REPORT_PATH, async (context) => {
      const runId = context.req.param('id');
      const format = reportFormat(context);
      if (!format) {
        const message =
          'The format is not one of json, md, html: ask ?format=json, ?format=md or ?format=html.';
        return context.json({ error: message, problems: [{ field: 'format', message }] }, 400);
      }
      const run = await getRun(system, runId);
      if (!run) return context.json({ error: new RunNotFoundError(runId).message }, 404);
      const { body, contentType } = renderReport(await buildRunReport(system, run), format);
      return context.body(body, 200, { 'content-type': contentType, vary: 'accept' });
    });

    app.get(RUN_PICTURE_PATH, async (context) => {
      const runId = context.req.param('id');
      const name = context.req.param('name');
      const store = PictureStore.forSystem(system);
      // A run's own pictures only: a name another run kept is not this run's to show.
      if (!isPictureName(name) || !(await store.usedBy(runId, name)))
        return context.json({ error: `Run ${runId} has no kept picture named ${name}.` }, 404);
      const bytes = await store.read(name);
      if (!bytes) return context.json({ error: `The kept picture ${name} is gone from the store.` }, 404);
      const extension = name.slice(name.lastIndexOf('.') + 1);
      return context.body(new Uint8Array(bytes), 200, {
        'content-type': PICTURE_CONTENT_TYPES[extension] ?? 'application/octet-stream',
        'cache-control': `private, max-age=${PICTURE_MAX_AGE_SECONDS}, immutable`,
        etag: `"${name.slice(0, name.indexOf('.'))}"`,
        'x-content-type-options': 'nosniff',
      });
    });
  };
}
