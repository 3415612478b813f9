// The console's page frame: navigation on every page (bull-board included), sign-out, the stylesheet.
// Everything inside is JSX, which escapes text: what an agent, a page or a provider wrote is shown as
// text, never as markup.
import type { Child } from 'hono/jsx';
import { DASHBOARD_PATH } from '../dashboard.ts';
import { LOGOUT_PATH } from '../operator-auth.ts';
import { CSRF_FIELD } from './console-csrf.ts';
import { CONSOLE_PATHS } from './console-paths.ts';

export type ConsoleSection = 'runs' | 'providers' | 'settings' | 'agents' | 'tokens';

const SECTIONS: Array<[ConsoleSection, string, string]> = [
  ['runs', 'Runs', CONSOLE_PATHS.runs],
  ['providers', 'Providers', CONSOLE_PATHS.providers],
  ['settings', 'Settings → Search', CONSOLE_PATHS.settingsSearch],
  ['agents', 'Settings → Agents', CONSOLE_PATHS.settingsAgents],
  ['tokens', 'Tokens', CONSOLE_PATHS.tokens],
];

export function CsrfField(props: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={props.token} />;
}

export function Layout(props: {
  title: string;
  section: ConsoleSection;
  csrf: string;
  children?: Child;
  scripts?: string[];
}) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · Quarry`}</title>
        <link rel="stylesheet" href={`${CONSOLE_PATHS.assets}/console.css`} />
      </head>
      <body>
        <header class="top">
          <a class="brand" href={CONSOLE_PATHS.runs}>
            Quarry
          </a>
          <nav aria-label="Console">
            <ul>
              {SECTIONS.map(([section, label, path]) => (
                <li>
                  <a href={path} aria-current={section === props.section ? 'page' : undefined}>
                    {label}
                  </a>
                </li>
              ))}
              <li>
                <a href={DASHBOARD_PATH}>Queues (bull-board)</a>
              </li>
            </ul>
          </nav>
          <form method="post" action={LOGOUT_PATH} class="logout">
            <CsrfField token={props.csrf} />
            <button type="submit">Sign out</button>
          </form>
        </header>
        <main>
          <h1>{props.title}</h1>
          {props.children}
        </main>
        {(props.scripts ?? []).map((script) => (
          <script src={`${CONSOLE_PATHS.assets}/${script}`} defer></script>
        ))}
      </body>
    </html>
  );
}

const SETTINGS_SEARCH = 'Settings → Search';

/**
 * A message that teaches (a provider's error, a run's reason): shown as text, with each
 * "Settings → Search" made a link to that page.
 */
export function TeachingMessage(props: { text: string }) {
  const parts = props.text.split(SETTINGS_SEARCH);
  return (
    <span class="teaching">
      {parts.map((part, index) => (
        <>
          {part}
          {index < parts.length - 1 ? <a href={CONSOLE_PATHS.settingsSearch}>{SETTINGS_SEARCH}</a> : null}
        </>
      ))}
    </span>
  );
}

/** What a form's last answer said: saved (a status) or a problem (an alert), as a teaching message. */
export function FormNotice(props: { notice?: { kind: 'saved' | 'problem'; text: string } | undefined }) {
  const { notice } = props;
  if (!notice) return null;
  return (
    <p
      class={notice.kind === 'saved' ? 'notice' : 'problem'}
      role={notice.kind === 'saved' ? 'status' : 'alert'}
    >
      <TeachingMessage text={notice.text} />
    </p>
  );
}

/** A budget's use as a bar (a <meter>, which screen readers announce) and as numbers. */
export function BudgetBar(props: { used: number; limit: number | null; label: string }) {
  const limit = props.limit ?? 0;
  return (
    <span class="budget">
      <meter
        min={0}
        max={Math.max(limit, 1)}
        value={Math.min(props.used, Math.max(limit, 1))}
        aria-label={props.label}
      ></meter>
      <span class="budget-text">{budgetText(props.used, props.limit)}</span>
    </span>
  );
}

/** "3 of 40"; a budget of 0 says what it means (no search may run), not just "0 of 0". */
export function budgetText(used: number, limit: number | null): string {
  if (limit === null) return `${used}`;
  if (limit === 0 && used === 0) return '0 of 0 (none allowed)';
  return `${used} of ${limit}`;
}

/** Tenths of a second under this: a run cancelled after 0.4 s says 0.4 s, not 0 s. */
const TENTHS_BELOW_MS = 10_000;

/**
 * A duration as the console writes it. assets/durations.js writes it the same way in the browser
 * (the live duration of a running run): change both together.
 */
export function formatDuration(milliseconds: number): string {
  const positive = Math.max(0, milliseconds);
  if (positive < TENTHS_BELOW_MS) return `${(Math.floor(positive / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(positive / 1_000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}
