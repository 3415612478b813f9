// A run's report and its kept pictures, for the operator (under /api/, so requireOperator guards
// them): `GET /api/runs/:id/report` as JSON, Markdown or HTML (by `?format=` or `Accept`), and
// `GET /api/runs/:id/pictures/:name`, a kept copy with long cache headers (its name is its content's
// hash, so it never changes). `?format=html&standalone=true` is the page to keep as a file
// (`npx quarry runs report ID --format html`): its thumbnails and site icons are inside it as data:
// addresses, because a file outlives the server, and Quarry's own addresses need the operator's
// sign-in, which a page opened from disk does not have. Markdown kept as a file (`--format md`) asks
// `?base_url=` with the server's address, so its pictures point back at this server, not at a
// relative `/api/` path no file has (a viewer still needs the operator's sign-in to show them).
import type { Context, Hono } from 'hono';
import pLimit from 'p-limit';
import type { QueueSystem } from '../queue/system.ts';
import { isPictureName, PICTURE_CONTENT_TYPES, PictureStore } from '../research/picture-store.ts';
import {
  buildRunReport,
  renderReport,
  reportEmbedPaths,
  type ReportFormat,
  type RunReport,
} from '../research/run-report.ts';
import { getRun } from '../research/run-store.ts';
import { RunNotFoundError } from '../research/start-run.ts';
import type { RouteRegistrar } from './app.ts';
import { siteIconStoreFor, type SiteIconRouteOptions } from './site-icon-route.ts';

export interface RunReportRouteOptions {
  /** How the site icons a standalone report embeds are fetched (tests point them at loopback). */
  siteIcons?: SiteIconRouteOptions;
}

/** Site icons fetched at once for a standalone report: a report cites tens of sites, not hundreds. */
const ICON_FETCHES_AT_ONCE = 4;

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

/**
 * `?base_url=`: the server's address as the caller reached it (`npx quarry runs report` gives the one
 * it talked to), put before Quarry's own addresses (kept pictures) so a report kept as a file points
 * back at this server; '' when not asked (relative addresses, for a page this server shows); undefined
 * when it is not an http(s) address without a query or fragment.
 */
function baseUrlAsked(context: Context): string | undefined {
  const asked = context.req.query('base_url');
  if (asked === undefined || asked === '') return '';
  let parsed: URL;
  try {
    parsed = new URL(asked);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.search || parsed.hash) return undefined;
  if (parsed.username || parsed.password) return undefined;
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

/** `?standalone=`: true (or 1) asks for the page that needs nothing else; anything else is an error. */
function standaloneAsked(context: Context): boolean | undefined {
  const asked = context.req.query('standalone');
  if (asked === undefined || asked === 'false' || asked === '0') return false;
  if (asked === '' || asked === 'true' || asked === '1') return true;
  return undefined;
}

function dataAddress(contentType: string, bytes: Buffer): string {
  return `data:${contentType};base64,${bytes.toString('base64')}`;
}

/**
 * The data: addresses of the Quarry paths a report kept as a file shows: its kept pictures' copies
 * from the picture store, the sites' icons from the icon store (fetched once when not kept yet). A
 * picture or icon that cannot be had is left out of the page.
 */
async function embeddedAssets(
  system: QueueSystem,
  report: RunReport,
  icons: ReturnType<typeof siteIconStoreFor>,
): Promise<Map<string, string>> {
  const { pictures, icons: hosts } = reportEmbedPaths(report);
  const store = PictureStore.forSystem(system);
  const embedded = new Map<string, string>();
  for (const { path, name } of pictures) {
    const bytes = await store.read(name);
    const type = PICTURE_CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (bytes && type) embedded.set(path, dataAddress(type, bytes));
  }
  const limit = pLimit(ICON_FETCHES_AT_ONCE);
  await Promise.all(
    hosts.map(({ path, host }) =>
      limit(async () => {
        try {
          embedded.set(path, dataAddress('image/png', (await icons.get(host)).png));
        } catch (error) {
          system.logger.warn({ err: error, host }, 'a site icon could not be put in a report');
        }
      }),
    ),
  );
  return embedded;
}

export function createRunReportRoute(options: RunReportRouteOptions = {}): RouteRegistrar {
  return (app: Hono, { system }) => {
    const icons = siteIconStoreFor(system, options.siteIcons);
    app.get(RUN_REPORT_PATH, async (context) => {
      const runId = context.req.param('id');
      const format = reportFormat(context);
      if (!format) {
        const message =
          'The format is not one of json, md, html: ask ?format=json, ?format=md or ?format=html.';
        return context.json({ error: message, problems: [{ field: 'format', message }] }, 400);
      }
      const standalone = standaloneAsked(context);
      if (standalone === undefined) {
        const message =
          'standalone is true or false: ask ?format=html&standalone=true for a page to keep as a file.';
        return context.json({ error: message, problems: [{ field: 'standalone', message }] }, 400);
      }
      const baseUrl = baseUrlAsked(context);
      if (baseUrl === undefined) {
        const message =
          "base_url is the server's address, http or https with no query, fragment or user: ask ?base_url=http://127.0.0.1:8787 for a report whose pictures point back at this server.";
        return context.json({ error: message, problems: [{ field: 'base_url', message }] }, 400);
      }
      const run = await getRun(system, runId);
      if (!run) return context.json({ error: new RunNotFoundError(runId).message }, 404);
      const report = await buildRunReport(system, run);
      const { body, contentType } = renderReport(
        report,
        format,
        standalone && format === 'html' ? { embedded: await embeddedAssets(system, report, icons) } : baseUrl,
      );
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
