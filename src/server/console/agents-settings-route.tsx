// Settings → Agents on the console (the page: agents-settings-page.tsx): GET shows each agent's
// settings as the live store has them; POST saves one agent's form. Registered by the console route
// after its operator and CSRF middleware, so both cover it.
import type { Context, Hono } from 'hono';
import { SettingsError, type SettingsStore } from '../../settings/settings-store.ts';
import { AGENT_FORMS, AgentsSettingsPage, type AgentSettingsView } from './agents-settings-page.tsx';
import { CONSOLE_PATHS } from './console-paths.ts';
import type { SettingsNotice } from './settings-page.tsx';

function agentViews(settings: SettingsStore | undefined): AgentSettingsView[] {
  return AGENT_FORMS.map(({ kind, name, fields }) => {
    const shown: Record<string, string | undefined> = {};
    const defaults: Record<string, string | undefined> = {};
    const fixedBy: Record<string, string> = {};
    for (const row of settings?.display(`agents.${kind}`) ?? []) {
      const field = row.path.slice(`agents.${kind}.`.length);
      // A key's row value is already masked ("set, ends in …ab12").
      const value = String(row.value);
      if (row.source === 'default') defaults[field] = value;
      else shown[field] = value;
      if (row.fixedBy) fixedBy[field] = row.fixedBy;
    }
    // With no time limit of its own, a run of this agent gets the runs' (QUARRY_RUN_TIME_LIMIT_SECONDS).
    const runsLimit = settings?.current().runs.timeLimitSeconds;
    if (defaults.timeLimitSeconds === undefined && runsLimit !== undefined)
      defaults.timeLimitSeconds = String(runsLimit);
    return { kind, name, fields, shown, defaults, fixedBy };
  });
}

export function registerAgentsSettings(
  app: Hono,
  options: { settings: SettingsStore | undefined; formToken: (page: Context) => string },
): void {
  const { settings, formToken } = options;
  const page = (context: Context, notice?: SettingsNotice, status: 200 | 400 = 200) =>
    context.html(
      <AgentsSettingsPage
        views={agentViews(settings)}
        csrf={formToken(context)}
        live={settings !== undefined}
        {...(notice ? { notice } : {})}
      />,
      status,
    );
  app.get(CONSOLE_PATHS.settingsAgents, (context) => page(context));

  app.post(`${CONSOLE_PATHS.settingsAgents}/save`, async (context) => {
    const form = await context.req.parseBody();
    const agent = AGENT_FORMS.find((candidate) => candidate.kind === form.agent);
    if (!agent)
      return page(context, { kind: 'problem', text: 'There is no such agent: reload the page.' }, 400);
    if (!settings) {
      return page(
        context,
        {
          kind: 'problem',
          text: 'This server does not follow the live settings store: use `quarry settings set agents...`.',
        },
        400,
      );
    }
    const view = agentViews(settings).find((candidate) => candidate.kind === agent.kind)!;
    const changes: Array<[string, unknown]> = [];
    for (const [field, , kind] of agent.fields) {
      // A field the environment fixes is left alone (its input is disabled, so the form leaves it out).
      if (view.fixedBy[field] !== undefined) continue;
      const path = `agents.${agent.kind}.${field}`;
      const given = typeof form[field] === 'string' ? (form[field] as string).trim() : undefined;
      if (kind === 'key') {
        if (given) changes.push([path, given]);
        else if (form[`remove_${field}`] === 'yes') changes.push([path, undefined]);
        continue;
      }
      if (given === undefined || given === (view.shown[field] ?? '')) continue;
      // Empty: the default applies again. Not a number: the text as typed, so the refusal quotes it.
      const number = Number(given);
      changes.push([
        path,
        given === '' ? undefined : kind === 'number' && Number.isFinite(number) ? number : given,
      ]);
    }
    try {
      for (const [path, value] of changes) {
        if (value === undefined) await settings.unset(path);
        else await settings.set(path, value);
      }
    } catch (error) {
      if (!(error instanceof SettingsError)) throw error;
      return page(context, { kind: 'problem', text: error.message }, 400);
    }
    return page(context, {
      kind: 'saved',
      text:
        changes.length > 0
          ? `${agent.name}'s settings are saved: the next run uses them.`
          : `Nothing changed for ${agent.name}.`,
    });
  });
}
