// GET /api/site-icon/:host: a site's icon as a small PNG, fetched once through the guarded fetch and
// served from the data folder afterwards, with cache headers (an ETag, and a max-age: a day for a
// found icon, the retry time at most for a generated default).
import type { Hono } from 'hono';
import {
  FOUND_ICON_MAX_AGE_SECONDS,
  SiteIconHostError,
  SiteIconStore,
  validateIconHost,
} from '../media/site-icons.ts';
import { createGuardedFetch, type HostLookup } from '../web/safe-fetch.ts';
import type { QueueSystem } from '../queue/system.ts';
import type { RouteRegistrar } from './app.ts';

export const SITE_ICON_PATH = '/api/site-icon/:host';

export interface SiteIconRouteOptions {
  /** Resolver for the guarded fetch; tests make names resolve to their loopback servers. */
  lookup?: HostLookup;
  /** The home page of a host; default `https://<host>/`. Tests point it at a loopback port. */
  siteUrl?: (host: string) => string;
  /** Clock for the missing-icon retry time. */
  now?: () => number;
}

/** The site icons kept for this installation (the report kept as a file embeds them from here too). */
export function siteIconStoreFor(system: QueueSystem, options: SiteIconRouteOptions = {}): SiteIconStore {
  const { config } = system;
  return new SiteIconStore({
    redis: system.connection,
    keyPrefix: system.key('site-icon'),
    dataDir: config.dataDir,
    iconSize: config.media.iconSize,
    missingSeconds: config.media.iconMissingSeconds,
    fetch: createGuardedFetch({ ...config.fetch, ...(options.lookup ? { lookup: options.lookup } : {}) }),
    siteUrl: options.siteUrl,
    now: options.now,
  });
}

export function createSiteIconRoute(options: SiteIconRouteOptions = {}): RouteRegistrar {
  return (app: Hono, { system }) => {
    const { config } = system;
    const store = siteIconStoreFor(system, options);

    app.get(SITE_ICON_PATH, async (context) => {
      let host: string;
      try {
        host = validateIconHost(context.req.param('host'), config.fetch.allow);
      } catch (error) {
        if (error instanceof SiteIconHostError) return context.json({ error: error.message }, 400);
        throw error;
      }
      let icon;
      try {
        icon = await store.get(host);
      } catch (error) {
        system.logger.warn({ err: error, host }, 'site icon could not be kept');
        return context.json(
          {
            error: `The icon of ${host} could not be kept (${(error as Error).message.split('\n', 1)[0]}); check that Redis answers and that the data folder (QUARRY_DATA_DIR) is writable.`,
          },
          503,
        );
      }
      const maxAge =
        icon.kind === 'found'
          ? FOUND_ICON_MAX_AGE_SECONDS
          : Math.min(config.media.iconMissingSeconds, FOUND_ICON_MAX_AGE_SECONDS);
      const headers = {
        'content-type': 'image/png',
        'cache-control': `public, max-age=${maxAge}`,
        etag: icon.etag,
        'x-quarry-icon': icon.kind,
      };
      if (context.req.header('if-none-match') === icon.etag) return context.body(null, 304, headers);
      return context.body(new Uint8Array(icon.png), 200, headers);
    });
  };
}
