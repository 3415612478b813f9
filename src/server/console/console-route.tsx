// The operators' console on the Quarry server: Runs, a run, Providers, Settings → Search, Tokens.
// Server-rendered pages (Hono's JSX, which escapes text); the only client script follows a run's
// timeline. Behind the same operator middleware as /api (requireOperator), with CSRF protection on
// every form: Hono's `csrf` (the Origin must be ours) and a per-session form token (console-csrf.ts).
import { readFileSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import { csrf } from 'hono/csrf';
import { issueToken, keptBudgetNote, tokenStoreFor, TokenRequestError } from '../../mcp/issue-token.ts';
import { TokenIdError } from '../../mcp/tokens.ts';
import { searchQueueName } from '../../queue/names.ts';
import { searchThroughQueues } from '../../queue/search.ts';
import type { QueueSystem } from '../../queue/system.ts';
import { readRunEvents } from '../../research/run-events.ts';
import { RunRequestError } from '../../research/run-request.ts';
import { isFinished, isRunStatus, type RunStatus } from '../../research/run-status.ts';
import { getRun, listRuns } from '../../research/run-store.ts';
import { runView } from '../../research/run-view.ts';
import { cancelRun, RunNotFoundError, startRun } from '../../research/start-run.ts';
import { maskedSecret } from '../../settings/settings-display.ts';
import { SettingsError, type SettingsStore } from '../../settings/settings-store.ts';
import type { AppContext, RouteRegistrar } from '../app.ts';
import { MCP_PATH } from '../mcp-route.ts';
import { registerAgentsSettings } from './agents-settings-route.tsx';
import { csrfTokenOf, requireFormToken } from './console-csrf.ts';
import { CONSOLE_PATH, CONSOLE_PATHS } from './console-paths.ts';
import { providerHealth, providersInOrder } from './provider-health.ts';
import { recentFailedCalls } from './provider-failures.ts';
import { ProviderFailuresPage, ProvidersPage } from './providers-page.tsx';
import { apiReportSchema, type ApiReport } from './run-report.tsx';
import { RunPage, RunsPage, type StartRunForm } from './runs-pages.tsx';
import {
  PROVIDER_NUMBER_FIELDS,
  SettingsPage,
  type ProviderSettingsView,
  type SettingsNotice,
  type TestOutcome,
} from './settings-page.tsx';
import { TokensPage, type MadeToken } from './tokens-page.tsx';

/** Runs the Runs page lists: the newest; older ones are a filter or `quarry runs list` away. */
const RUNS_SHOWN = 50;
/** A run page draws its report from this many of the run's events at most. */
const REPORT_EVENTS = 10_000;
/** What the Test button searches for: plain words every general search engine answers. */
const TEST_QUERY = 'open source web search';

const ASSETS: Record<string, { body: string; type: string }> = Object.fromEntries(
  [
    ['console.css', 'text/css; charset=utf-8'],
    ['run-timeline.js', 'text/javascript; charset=utf-8'],
    ['durations.js', 'text/javascript; charset=utf-8'],
    ['runs-list.js', 'text/javascript; charset=utf-8'],
  ].map(([name, type]) => [
    name,
    { body: readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8'), type: type! },
  ]),
);

function text(form: Record<string, unknown>, field: string): string | undefined {
  const value = form[field];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** A whole number from a form field; undefined when empty; NaN (refused by the schema) when not a number. */
function number(form: Record<string, unknown>, field: string): number | undefined {
  const value = text(form, field);
  return value === undefined || value === '' ? undefined : Number(value);
}

export function createConsoleRoute(): RouteRegistrar {
  return (app: Hono, context: AppContext) => {
    const { system, operatorAuth, adminToken, settings } = context;
    const formToken = (page: Context) => csrfTokenOf(page, adminToken);

    app.get(`${CONSOLE_PATHS.assets}/:name`, (page) => {
      const asset = ASSETS[page.req.param('name')];
      if (!asset) return page.notFound();
      return page.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'no-cache' });
    });
    app.use(CONSOLE_PATH, operatorAuth.requireOperator);
    app.use(`${CONSOLE_PATH}/*`, async (page, next) =>
      page.req.path.startsWith(`${CONSOLE_PATHS.assets}/`)
        ? next()
        : operatorAuth.requireOperator(page, next),
    );
    app.use(`${CONSOLE_PATH}/*`, csrf());
    app.use(`${CONSOLE_PATH}/*`, requireFormToken(adminToken));
    app.get(CONSOLE_PATH, (page) => page.redirect(CONSOLE_PATHS.runs, 302));

    /**
     * The run-end report (GET /api/runs/:id/report, when this server has that route), asked of the app
     * itself with the operator token: no network, and the same answer a script gets. Undefined when
     * the route is not there (the page then draws the report from the run's record and events).
     */
    async function reportOf(runId: string): Promise<ApiReport | undefined> {
      const answer = await app.request(`/api/runs/${encodeURIComponent(runId)}/report?format=json`, {
        headers: { authorization: `Bearer ${adminToken}`, accept: 'application/json' },
      });
      if (answer.status !== 200) return undefined;
      const parsed = apiReportSchema.safeParse(await answer.json().catch(() => undefined));
      if (!parsed.success) {
        system.logger.warn(
          { runId, problems: parsed.error.issues.slice(0, 3) },
          'the run report did not read as expected',
        );
        return undefined;
      }
      return parsed.data;
    }

    // Runs.
    async function runsPage(
      page: Context,
      extra: { form?: StartRunForm; problems?: Array<{ field: string; message: string }> } = {},
      status: 200 | 400 = 200,
    ) {
      const statusText = page.req.query('status');
      const wanted: RunStatus | undefined = statusText && isRunStatus(statusText) ? statusText : undefined;
      const listed = await listRuns(system, { limit: RUNS_SHOWN, ...(wanted ? { status: [wanted] } : {}) });
      const runs = await Promise.all(listed.runs.map((run) => runView(system, run)));
      return page.html(
        <RunsPage
          runs={runs}
          status={wanted}
          csrf={formToken(page)}
          now={Date.now()}
          defaults={{
            budget: system.config.runs.budget,
            timeLimitSeconds: system.config.runs.timeLimitSeconds,
          }}
          {...extra}
        />,
        status,
      );
    }
    app.get(CONSOLE_PATHS.runs, (page) => runsPage(page));
    app.post(CONSOLE_PATHS.runs, async (page) => {
      const form = await page.req.parseBody();
      const filled: StartRunForm = {
        question: text(form, 'question') ?? '',
        agent: text(form, 'agent') ?? '',
        budget: text(form, 'budget') ?? '',
        time_limit_seconds: text(form, 'time_limit_seconds') ?? '',
      };
      try {
        const run = await startRun(system, {
          question: filled.question,
          agent: filled.agent,
          ...(number(form, 'budget') !== undefined ? { budget: number(form, 'budget') } : {}),
          ...(number(form, 'time_limit_seconds') !== undefined
            ? { time_limit_seconds: number(form, 'time_limit_seconds') }
            : {}),
        });
        return page.redirect(CONSOLE_PATHS.run(run.id), 303);
      } catch (error) {
        if (!(error instanceof RunRequestError)) throw error;
        return runsPage(page, { form: filled, problems: error.problems }, 400);
      }
    });
    app.get(`${CONSOLE_PATHS.runs}/:id`, async (page) => {
      const run = await getRun(system, page.req.param('id'));
      if (!run)
        return page.html(
          <NotFound csrf={formToken(page)} what={new RunNotFoundError(page.req.param('id')).message} />,
          404,
        );
      const view = await runView(system, run);
      const events = await readRunEvents(system, run.id, { count: REPORT_EVENTS });
      const report = isFinished(view.status) ? await reportOf(run.id) : undefined;
      return page.html(
        <RunPage run={view} events={events} report={report} csrf={formToken(page)} now={Date.now()} />,
      );
    });
    app.post(`${CONSOLE_PATHS.runs}/:id/cancel`, async (page) => {
      try {
        await cancelRun(system, page.req.param('id'));
      } catch (error) {
        if (!(error instanceof RunNotFoundError)) throw error;
        return page.html(<NotFound csrf={formToken(page)} what={error.message} />, 404);
      }
      return page.redirect(CONSOLE_PATHS.run(page.req.param('id')), 303);
    });

    // Providers.
    app.get(CONSOLE_PATHS.providers, async (page) =>
      page.html(
        <ProvidersPage providers={await providerHealth(system)} csrf={formToken(page)} now={Date.now()} />,
      ),
    );

    app.get(`${CONSOLE_PATHS.providers}/:id/failures`, async (page) => {
      const provider = system.providers.get(page.req.param('id'));
      if (!provider)
        return page.html(
          <NotFound
            csrf={formToken(page)}
            what={`No search provider has the id ${page.req.param('id').slice(0, 60)}: the Providers page lists them.`}
          />,
          404,
        );
      return page.html(
        <ProviderFailuresPage
          provider={provider}
          failures={await recentFailedCalls(system, provider.id)}
          queue={searchQueueName(provider.id)}
          csrf={formToken(page)}
        />,
      );
    });

    // Settings → Search.
    const settingsPage = (
      page: Context,
      extra: { notice?: SettingsNotice; test?: TestOutcome } = {},
      status: 200 | 400 = 200,
    ) =>
      page.html(
        <SettingsPage
          views={settingsViews(system, settings)}
          csrf={formToken(page)}
          live={settings !== undefined}
          orderFixedBy={fixedByOf(settings, 'providerOrder')}
          {...extra}
        />,
        status,
      );
    app.get(CONSOLE_PATHS.settingsSearch, (page) => settingsPage(page));

    /** Applies one change to the store and shows the page again with what happened. */
    async function change(page: Context, changes: Array<[string, unknown]>, saved: string) {
      if (!settings)
        return settingsPage(
          page,
          {
            notice: {
              kind: 'problem',
              text: 'This server does not follow the live settings store: use `npx quarry settings set`.',
            },
          },
          400,
        );
      const fixed: string[] = [];
      try {
        for (const [path, value] of changes) {
          const outcome = value === undefined ? await settings.unset(path) : await settings.set(path, value);
          if (outcome.fixedBy) fixed.push(`${path} (${outcome.fixedBy})`);
        }
      } catch (error) {
        if (!(error instanceof SettingsError)) throw error;
        return settingsPage(page, { notice: { kind: 'problem', text: error.message } }, 400);
      }
      const note =
        fixed.length > 0 ? ` The environment still wins in this process for ${fixed.join(', ')}.` : '';
      return settingsPage(page, { notice: { kind: 'saved', text: `${saved}${note}` } });
    }

    type ProviderOf<Map> = Map extends ReadonlyMap<string, infer Value> ? Value : never;
    type ProviderForm = { form: Record<string, unknown>; provider: ProviderOf<typeof system.providers> };

    /** A Settings → Search form about one provider: a provider the page did not name gets a 400. */
    function providerFormRoute(
      path: string,
      handle: (page: Context, request: ProviderForm) => Promise<Response>,
    ) {
      app.post(`${CONSOLE_PATHS.settingsSearch}/${path}`, async (page) => {
        const form = await page.req.parseBody();
        const provider = system.providers.get(text(form, 'provider') ?? '');
        if (!provider)
          return settingsPage(
            page,
            { notice: { kind: 'problem', text: 'There is no such provider: reload the page.' } },
            400,
          );
        return handle(page, { form, provider });
      });
    }

    providerFormRoute('order', async (page, { form, provider }) => {
      const order = providersInOrder(system).ordered;
      const at = order.indexOf(provider.id);
      const to = text(form, 'direction') === 'up' ? at - 1 : at + 1;
      if (at < 0 || to < 0 || to >= order.length) return settingsPage(page);
      [order[at], order[to]] = [order[to]!, order[at]!];
      return change(
        page,
        [['providerOrder', order]],
        `${provider.name} moved ${text(form, 'direction')}: the order is ${order.join(', ')}.`,
      );
    });

    providerFormRoute('switch', async (page, { form, provider }) => {
      const on = text(form, 'enabled') === 'true';
      const order = providersInOrder(system).ordered;
      const changes: Array<[string, unknown]> = [];
      // On: in the order (last, when it was not listed) and not switched off. Off: stays in its place.
      if (on && !order.includes(provider.id)) changes.push(['providerOrder', [...order, provider.id]]);
      changes.push([`providers.${provider.id}.enabled`, on]);
      return change(page, changes, `${provider.name} is ${on ? 'on' : 'off'}.`);
    });

    providerFormRoute('provider', async (page, { form, provider }) => {
      const base = `providers.${provider.id}`;
      const fixed = fixedFields(settings, provider.id);
      const changes: Array<[string, unknown]> = [];
      // A field the environment fixes is left alone (its input is disabled, so the form leaves it out).
      const key = text(form, 'key');
      if (fixed.key === undefined) {
        if (key) changes.push([`${base}.key`, key]);
        else if (text(form, 'remove_key') === 'yes') changes.push([`${base}.key`, undefined]);
      }
      const keyId = text(form, 'keyId');
      if (fixed.keyId === undefined && keyId) changes.push([`${base}.keyId`, keyId]);
      const url = text(form, 'url');
      const currentUrl = system.config.providers[provider.id]?.url;
      // The page shows an address's password as ***: the same address sent back changes nothing.
      if (
        provider.url &&
        fixed.url === undefined &&
        url !== undefined &&
        url !== (currentUrl && withoutPassword(currentUrl))
      ) {
        changes.push([`${base}.url`, url || undefined]);
      }
      for (const [field] of PROVIDER_NUMBER_FIELDS) {
        if (fixed[field] !== undefined || form[field] === undefined) continue;
        changes.push([`${base}.${field}`, number(form, field)]);
      }
      return change(page, changes, `${provider.name}'s settings are saved.`);
    });

    providerFormRoute('test', async (page, { provider }) => {
      let test: TestOutcome;
      try {
        // Through the queues, like an agent's search: a worker runs it with that worker's settings.
        const answer = await searchThroughQueues(
          system,
          {
            text: TEST_QUERY,
            k: 3,
            sites: [],
            excludeSites: [],
            categories: [],
            languages: [],
            fileTypes: [],
            homepagesOnly: false,
          },
          { provider: provider.id },
        );
        test = {
          provider: provider.id,
          ok: true,
          text: `${answer.providerName} answered with ${answer.results.length} results for “${TEST_QUERY}”.`,
          results: answer.results.map((result) => ({ title: result.title, url: result.url })),
        };
      } catch (error) {
        test = {
          provider: provider.id,
          ok: false,
          text: error instanceof Error ? error.message : String(error),
        };
      }
      return settingsPage(page, { test });
    });

    // Settings → Agents (its own file).
    registerAgentsSettings(app, { settings, formToken });

    // Tokens.
    const tokensPage = async (
      page: Context,
      extra: { made?: MadeToken; notice?: { kind: 'saved' | 'problem'; text: string } } = {},
      status: 200 | 201 | 400 | 404 = 200,
    ) =>
      page.html(
        <TokensPage tokens={await tokenStoreFor(system).list()} csrf={formToken(page)} {...extra} />,
        status,
      );
    app.get(CONSOLE_PATHS.tokens, (page) => tokensPage(page));
    app.post(CONSOLE_PATHS.tokens, async (page) => {
      const form = await page.req.parseBody();
      const request: Record<string, unknown> = { mode: text(form, 'mode') || 'normal' };
      for (const field of ['run_id', 'agent_kind', 'label'] as const)
        if (text(form, field)) request[field] = text(form, field);
      for (const field of ['budget', 'read_budget', 'media_budget', 'ttl_seconds'] as const)
        if (number(form, field) !== undefined) request[field] = number(form, field);
      try {
        const issued = await issueToken(system, request);
        const { record } = issued;
        const summary = [
          `mode ${record.mode}`,
          record.runId ? `run ${record.runId}` : undefined,
          issued.budgets.searches !== undefined ? `${issued.budgets.searches} searches` : undefined,
          record.agentKind ? `agent kind ${record.agentKind}` : undefined,
        ].filter(Boolean);
        return tokensPage(
          page,
          {
            made: {
              token: issued.token,
              mcpUrl: new URL(MCP_PATH, page.req.url).toString(),
              summary: `Made a token (${summary.join(', ')}). Copy it now: Quarry keeps only its hash.`,
              ...(keptBudgetNote(issued) ? { note: keptBudgetNote(issued)! } : {}),
            },
          },
          201,
        );
      } catch (error) {
        if (!(error instanceof TokenRequestError)) throw error;
        return tokensPage(page, { notice: { kind: 'problem', text: error.message } }, 400);
      }
    });
    app.post(`${CONSOLE_PATHS.tokens}/revoke`, async (page) => {
      const form = await page.req.parseBody();
      try {
        const revoked = await tokenStoreFor(system).revokeById(text(form, 'id') ?? '');
        return tokensPage(page, {
          notice: {
            kind: 'saved',
            text: `Token ${revoked.id} is revoked: sessions that use it are refused from now on.`,
          },
        });
      } catch (error) {
        if (!(error instanceof TokenIdError)) throw error;
        return tokensPage(page, { notice: { kind: 'problem', text: error.message } }, 404);
      }
    });
  };
}

function NotFound(props: { csrf: string; what: string }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Not found · Quarry</title>
        <link rel="stylesheet" href={`${CONSOLE_PATHS.assets}/console.css`} />
      </head>
      <body>
        <main>
          <h1>Not found</h1>
          <p>{props.what}</p>
          <p>
            <a href={CONSOLE_PATHS.runs}>Back to the runs</a>
          </p>
        </main>
      </body>
    </html>
  );
}

function fixedByOf(settings: SettingsStore | undefined, path: string): string | undefined {
  return settings?.display(path).find((row) => row.path === path && row.fixedBy)?.fixedBy;
}

/** Which of a provider's settings the environment fixes, by field. */
function fixedFields(settings: SettingsStore | undefined, providerId: string): Record<string, string> {
  const fixed: Record<string, string> = {};
  for (const row of settings?.display(`providers.${providerId}`) ?? []) {
    if (row.fixedBy) fixed[row.path.slice(`providers.${providerId}.`.length)] = row.fixedBy;
  }
  return fixed;
}

function settingsViews(system: QueueSystem, settings: SettingsStore | undefined): ProviderSettingsView[] {
  const { ordered, others } = providersInOrder(system);
  return [...ordered, ...others].map((id) => {
    const provider = system.providers.get(id)!;
    const values = system.config.providers[id] ?? {};
    const position = ordered.indexOf(id);
    return {
      provider,
      position: position >= 0 ? position + 1 : null,
      on: position >= 0 && values.enabled !== false,
      // Write-only: the page gets "set, ends in …ab12", never the key.
      ...(values.key ? { keyShown: maskedSecret(values.key) } : {}),
      ...(values.keyId ? { keyIdShown: maskedSecret(values.keyId) } : {}),
      ...(values.url ? { url: withoutPassword(values.url) } : {}),
      numbers: Object.fromEntries(
        PROVIDER_NUMBER_FIELDS.map(([field]) => [field, values[field]]),
      ) as ProviderSettingsView['numbers'],
      fixedBy: fixedFields(settings, id),
    };
  });
}

function withoutPassword(url: string): string {
  try {
    const address = new URL(url);
    if (address.password) address.password = '***';
    return address.toString();
  } catch {
    return url;
  }
}
