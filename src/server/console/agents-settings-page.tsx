// Settings → Agents: the runners' defaults (`agents.<kind>` in the live settings store: model, address,
// key, command, login file, turns, time limit), one form per agent. A change applies to the next run
// any worker starts. Keys are write-only (set or not, with their last characters); a setting an
// environment variable fixes is shown as such and cannot be changed here.
import { CsrfField, FormNotice, Layout } from './layout.tsx';
import { CONSOLE_PATHS } from './console-paths.ts';
import type { SettingsNotice } from './settings-page.tsx';

export type AgentFieldKind = 'text' | 'url' | 'key' | 'number';

/** The fields an agent's form has, with their label and input kind, by agent. */
export const AGENT_FORMS: ReadonlyArray<{
  kind: 'openai' | 'codex' | 'claude-code';
  name: string;
  fields: ReadonlyArray<readonly [field: string, label: string, kind: AgentFieldKind]>;
}> = [
  {
    kind: 'openai',
    name: "Quarry's researcher (openai)",
    fields: [
      ['baseUrl', 'Chat Completions address', 'url'],
      ['apiKey', 'API key', 'key'],
      ['model', 'Model', 'text'],
      ['maxTurns', 'Turns at most', 'number'],
      ['timeLimitSeconds', 'Time limit (s)', 'number'],
    ],
  },
  {
    kind: 'codex',
    name: 'Codex',
    fields: [
      ['command', 'Command', 'text'],
      ['baseUrl', 'Responses API address', 'url'],
      ['apiKey', 'API key', 'key'],
      ['model', 'Model', 'text'],
      ['loginFile', 'Login file (auth.json)', 'text'],
      ['maxTurns', 'Turns at most', 'number'],
      ['timeLimitSeconds', 'Time limit (s)', 'number'],
    ],
  },
  {
    kind: 'claude-code',
    name: 'Claude Code',
    fields: [
      ['command', 'Command', 'text'],
      ['baseUrl', 'Anthropic API address', 'url'],
      ['apiKey', 'API key', 'key'],
      ['model', 'Model', 'text'],
      ['loginFile', 'Login file (.credentials.json)', 'text'],
      ['maxTurns', 'Turns at most', 'number'],
      ['timeLimitSeconds', 'Time limit (s)', 'number'],
    ],
  },
];

export interface AgentSettingsView {
  kind: string;
  name: string;
  /** Values set (store or file) as shown: a key as "set, ends in …ab12" (never itself), the rest as they are. */
  shown: Record<string, string | undefined>;
  /** The written defaults in use where nothing is set (`codex`, `40`), for the placeholder. */
  defaults: Record<string, string | undefined>;
  /** Which fields the environment fixes: the variable. */
  fixedBy: Record<string, string>;
  fields: ReadonlyArray<readonly [string, string, AgentFieldKind]>;
}

function Fixed(props: { by: string | undefined }) {
  return props.by ? <span class="fixed">Fixed by {props.by}: change it there and restart.</span> : null;
}

function AgentForm(props: { view: AgentSettingsView; csrf: string }) {
  const { view } = props;
  const headingId = `agent-${view.kind}`;
  return (
    <section class="card provider" aria-labelledby={headingId}>
      <h2 id={headingId}>{view.name}</h2>
      <form method="post" action={`${CONSOLE_PATHS.settingsAgents}/save#${headingId}`} class="stack">
        <CsrfField token={props.csrf} />
        <input type="hidden" name="agent" value={view.kind} />
        {view.fields.map(([field, label, kind]) => {
          const id = `${view.kind}-${field}`;
          const fixed = view.fixedBy[field];
          if (kind === 'key') {
            return (
              <>
                <label for={id}>{label}</label>
                <input
                  id={id}
                  name={field}
                  type="password"
                  autocomplete="off"
                  placeholder={view.shown[field] ? 'leave empty to keep it' : 'paste the key'}
                  disabled={fixed !== undefined}
                />
                <span class="muted">Key: {view.shown[field] ?? 'not set'}</span>
                <Fixed by={fixed} />
                {view.shown[field] && fixed === undefined ? (
                  <label class="inline-check">
                    <input type="checkbox" name={`remove_${field}`} value="yes" /> Remove the key
                  </label>
                ) : null}
              </>
            );
          }
          return (
            <>
              <label for={id}>{label}</label>
              <input
                id={id}
                name={field}
                type={kind}
                {...(kind === 'number' ? { min: 1 } : {})}
                value={view.shown[field] ?? ''}
                placeholder={view.defaults[field] ? `${view.defaults[field]} (default)` : 'default'}
                disabled={fixed !== undefined}
              />
              <Fixed by={fixed} />
            </>
          );
        })}
        <button type="submit">Save {view.name}</button>
      </form>
    </section>
  );
}

export function AgentsSettingsPage(props: {
  views: AgentSettingsView[];
  csrf: string;
  live: boolean;
  notice?: SettingsNotice;
}) {
  return (
    <Layout title="Settings → Agents" section="agents" csrf={props.csrf}>
      <FormNotice notice={props.notice} />
      {props.live ? (
        <p class="muted">
          The runners' defaults: a change applies to the next run any worker starts; no restart. An empty
          field means the default.
        </p>
      ) : (
        <p class="problem" role="alert">
          This server does not follow the live settings store, so nothing can be changed here: start it with
          `npm start` (or `quarry start`), or use `quarry settings set agents...`.
        </p>
      )}
      {props.views.map((view) => (
        <AgentForm view={view} csrf={props.csrf} />
      ))}
    </Layout>
  );
}
