// Settings → Search: the chain's order (move up/down), each provider's switch, key (write-only: set or
// not, with its last characters), address, limits and credits, and a Test button. Saved to the live
// settings store, which every process follows within a second. A setting an environment variable
// fixes is shown as such, and its field cannot be changed here.
import type { SearchProvider } from '../../providers/types.ts';
import { CsrfField, FormNotice, Layout, TeachingMessage } from './layout.tsx';
import { CONSOLE_PATHS } from './console-paths.ts';

/** The per-provider numbers an operator may set here, with their labels. */
export const PROVIDER_NUMBER_FIELDS = [
  ['concurrency', 'Calls in flight (all workers)'],
  ['rateMax', 'Requests per interval'],
  ['ratePerMs', 'Interval (ms)'],
  ['creditsPerDay', 'Credits per day'],
  ['creditsPerMonth', 'Credits per month'],
] as const;

export interface ProviderSettingsView {
  provider: SearchProvider;
  position: number | null;
  on: boolean;
  /** The key as shown: "set, ends in …ab12" or "set"; never the key itself. Absent when not set. */
  keyShown?: string;
  keyIdShown?: string;
  /** The address, without a password it may hold. */
  url?: string;
  numbers: Record<(typeof PROVIDER_NUMBER_FIELDS)[number][0], number | undefined>;
  /** Which settings the environment fixes, by field (`key`, `url`, `enabled`, ...): the variable. */
  fixedBy: Record<string, string>;
}

export interface TestOutcome {
  provider: string;
  ok: boolean;
  text: string;
  results?: Array<{ title: string; url: string }>;
}

export interface SettingsNotice {
  kind: 'saved' | 'problem';
  text: string;
}

function masked(shown: string | undefined): string {
  return shown ?? 'not set';
}

function Fixed(props: { by: string | undefined }) {
  return props.by ? <span class="fixed">Fixed by {props.by}: change it there and restart.</span> : null;
}

function ProviderSettings(props: {
  view: ProviderSettingsView;
  csrf: string;
  orderFixedBy: string | undefined;
  first: boolean;
  last: boolean;
  test: TestOutcome | undefined;
}) {
  const { view } = props;
  const { provider } = view;
  const id = provider.id;
  const headingId = `settings-${id}`;
  // The answer to a form opens at this provider's section (the action's fragment), not at the top.
  const action = (what: string) => `${CONSOLE_PATHS.settingsSearch}/${what}#${headingId}`;
  return (
    <section class="card provider" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <span>
          {view.position !== null ? `${view.position}. ` : ''}
          {provider.name}
        </span>
        <span class={`status state-${view.on ? 'answering' : 'off'}`}>{view.on ? 'on' : 'off'}</span>
      </h2>
      <p class="muted">{provider.description}</p>
      <div class="settings-actions">
        {view.position !== null ? (
          <>
            {(['up', 'down'] as const).map((direction) => (
              <form method="post" action={action('order')} class="inline">
                <CsrfField token={props.csrf} />
                <input type="hidden" name="provider" value={id} />
                <input type="hidden" name="direction" value={direction} />
                <button
                  type="submit"
                  class="secondary"
                  disabled={
                    (direction === 'up' ? props.first : props.last) || props.orderFixedBy !== undefined
                  }
                  aria-label={`Move ${direction}: ${provider.name}`}
                >
                  Move {direction}
                </button>
              </form>
            ))}
          </>
        ) : null}
        <form method="post" action={action('switch')} class="inline">
          <CsrfField token={props.csrf} />
          <input type="hidden" name="provider" value={id} />
          <input type="hidden" name="enabled" value={view.on ? 'false' : 'true'} />
          <button
            type="submit"
            class="secondary"
            disabled={
              view.fixedBy.enabled !== undefined ||
              (!view.on && props.orderFixedBy !== undefined && view.position === null)
            }
          >
            {view.on ? `Turn ${provider.name} off` : `Turn ${provider.name} on`}
          </button>
        </form>
        <form method="post" action={action('test')} class="inline">
          <CsrfField token={props.csrf} />
          <input type="hidden" name="provider" value={id} />
          <button type="submit" aria-label={`Test ${provider.name}`}>
            Test
          </button>
        </form>
      </div>
      <Fixed by={view.fixedBy.enabled} />
      {props.test ? (
        <div class={`test-answer ${props.test.ok ? 'notice' : 'problem'}`} role="status">
          <p>
            <strong>Test of {provider.name}:</strong> <TeachingMessage text={props.test.text} />
          </p>
          {props.test.results && props.test.results.length > 0 ? (
            <ol>
              {props.test.results.map((result) => (
                <li>
                  {result.title} <span class="host">{result.url}</span>
                </li>
              ))}
            </ol>
          ) : null}
        </div>
      ) : null}
      <details open={view.position !== null}>
        <summary>Key, address, limits and credits</summary>
        <form method="post" action={action('provider')} class="stack">
          <CsrfField token={props.csrf} />
          <input type="hidden" name="provider" value={id} />
          {provider.key !== 'none' ? (
            <>
              <label for={`${id}-key`}>API key{provider.key === 'optional' ? ' (optional)' : ''}</label>
              <input
                id={`${id}-key`}
                name="key"
                type="password"
                autocomplete="off"
                placeholder={view.keyShown ? 'leave empty to keep it' : 'paste the key'}
                disabled={view.fixedBy.key !== undefined}
                aria-describedby={`${id}-key-state`}
              />
              <span id={`${id}-key-state`} class="muted">
                Key: {masked(view.keyShown)}
                {provider.keyUrl ? (
                  <>
                    {' '}
                    (get one at <a href={provider.keyUrl}>{new URL(provider.keyUrl).hostname}</a>)
                  </>
                ) : null}
              </span>
              <Fixed by={view.fixedBy.key} />
              {view.keyShown && view.fixedBy.key === undefined ? (
                <label class="inline-check">
                  <input type="checkbox" name="remove_key" value="yes" /> Remove the key
                </label>
              ) : null}
            </>
          ) : null}
          {provider.keyIdEnv ? (
            <>
              <label for={`${id}-key-id`}>Key id ({provider.keyIdEnv})</label>
              <input
                id={`${id}-key-id`}
                name="keyId"
                type="password"
                autocomplete="off"
                placeholder={view.keyIdShown ? 'leave empty to keep it' : ''}
                disabled={view.fixedBy.keyId !== undefined}
              />
              <span class="muted">Key id: {masked(view.keyIdShown)}</span>
              <Fixed by={view.fixedBy.keyId} />
            </>
          ) : null}
          {provider.url ? (
            <>
              <label for={`${id}-url`}>Address{provider.url.required ? '' : ' (optional)'}</label>
              <input
                id={`${id}-url`}
                name="url"
                type="url"
                value={view.url ?? ''}
                placeholder={provider.url.placeholder}
                disabled={view.fixedBy.url !== undefined}
              />
              <Fixed by={view.fixedBy.url} />
            </>
          ) : null}
          <div class="row">
            {PROVIDER_NUMBER_FIELDS.map(([field, label]) => (
              <span class="field">
                <label for={`${id}-${field}`}>{label}</label>
                <input
                  id={`${id}-${field}`}
                  name={field}
                  type="number"
                  min={0}
                  value={view.numbers[field] === undefined ? '' : String(view.numbers[field])}
                  placeholder={field.startsWith('credits') ? 'no allowance' : "the provider's default"}
                  disabled={view.fixedBy[field] !== undefined}
                />
                <Fixed by={view.fixedBy[field]} />
              </span>
            ))}
          </div>
          <button type="submit">Save {provider.name}</button>
        </form>
      </details>
    </section>
  );
}

export function SettingsPage(props: {
  views: ProviderSettingsView[];
  csrf: string;
  live: boolean;
  orderFixedBy: string | undefined;
  notice?: SettingsNotice;
  test?: TestOutcome;
}) {
  const ordered = props.views.filter((view) => view.position !== null);
  return (
    <Layout title="Settings → Search" section="settings" csrf={props.csrf}>
      <FormNotice notice={props.notice} />
      {props.live ? (
        <p class="muted">Changes here apply in every Quarry process within a second; no restart.</p>
      ) : (
        <p class="problem" role="alert">
          This server does not follow the live settings store, so nothing can be changed here: start it with
          `npm start` (or `npx quarry start`), or use `npx quarry settings set`.
        </p>
      )}
      {props.orderFixedBy ? (
        <p class="fixed">The order is fixed by {props.orderFixedBy}: change it there and restart.</p>
      ) : null}
      {props.views.map((view) => (
        <ProviderSettings
          view={view}
          csrf={props.csrf}
          orderFixedBy={props.orderFixedBy}
          first={view.position === 1}
          last={view.position === ordered.length}
          test={props.test?.provider === view.provider.id ? props.test : undefined}
        />
      ))}
    </Layout>
  );
}
