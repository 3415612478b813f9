// The operator's sign-in for browsers: `GET /login` shows a form taking the operator token (or, with
// `?once=<code>`, takes a one-time login link), `POST /login` checks the token, and both start a
// session (`operator-auth.ts`) and go on to `next`. `POST /logout` ends it, from a form that carries
// the session's form token (console-csrf.ts) like every console form, and from our own origin (Hono's
// `csrf`): a page elsewhere cannot sign the operator out. `GET /logout` shows that form. `/` leads
// here or to the console, so the server's bare address answers something an operator can use.
import type { Context, Hono } from 'hono';
import { csrf } from 'hono/csrf';
import { html } from 'hono/html';
import { CSRF_FIELD, csrfTokenFor, formTokenMatches } from './console/console-csrf.ts';
import { CONSOLE_PATHS } from './console/console-paths.ts';
import { LOGIN_PATH, LOGOUT_PATH, safeNextPath, type OperatorAuth } from './operator-auth.ts';

type Html = ReturnType<typeof html>;

/** The page both forms stand on: the console's style, a heading, why the last try was refused, the form. */
function standalonePage(
  context: Context,
  page: { title: string; heading: string; problem: string | undefined; content: Html },
  status: 200 | 401 | 403,
) {
  return context.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>${page.title} · Quarry</title>
          <link rel="stylesheet" href="${CONSOLE_PATHS.assets}/console.css" />
        </head>
        <body>
          <main>
            <h1>Quarry: ${page.heading}</h1>
            ${page.problem ? html`<p role="alert">${page.problem}</p>` : ''} ${page.content}
          </main>
        </body>
      </html>`,
    status,
  );
}

function loginPage(context: Context, next: string, hint: string, problem?: string, status: 200 | 401 = 200) {
  const content = html`<form method="post" action="${LOGIN_PATH}">
      <div class="card stack">
        <label for="token">Operator token</label>
        <input id="token" name="token" type="password" autocomplete="current-password" required />
        <input type="hidden" name="next" value="${next}" />
        <button type="submit">Sign in</button>
      </div>
    </form>
    <p>${hint}</p>`;
  return standalonePage(
    context,
    { title: 'Sign in', heading: 'sign in as the operator', problem, content },
    status,
  );
}

/** The sign-out form on its own page (GET /logout), or again with why a sign-out was refused. */
function logoutPage(context: Context, formToken: string, problem?: string, status: 200 | 403 = 200) {
  const content = html`<form method="post" action="${LOGOUT_PATH}">
      <div class="card stack">
        <p>This ends the operator session of this browser.</p>
        <input type="hidden" name="${CSRF_FIELD}" value="${formToken}" />
        <button type="submit">Sign out</button>
      </div>
    </form>
    <p><a href="${CONSOLE_PATHS.runs}">Back to the console</a></p>`;
  return standalonePage(context, { title: 'Sign out', heading: 'sign out', problem, content }, status);
}

export function mountLogin(
  app: Hono,
  auth: OperatorAuth,
  options: { adminToken: string; /** What the sign-in page says under the form. */ pageHint?: string },
): void {
  const { adminToken } = options;
  const pageHint = options.pageHint ?? auth.hint;
  app.get('/', async (context) =>
    context.redirect(
      (await auth.readOperatorSession(context))
        ? CONSOLE_PATHS.runs
        : `${LOGIN_PATH}?next=${encodeURIComponent(CONSOLE_PATHS.runs)}`,
      302,
    ),
  );

  app.get(LOGIN_PATH, async (context) => {
    const next = safeNextPath(context.req.query('next'));
    const once = context.req.query('once');
    if (once !== undefined) {
      if (!(await auth.redeemLoginCode(once))) {
        return loginPage(
          context,
          next,
          pageHint,
          'This login link was used already or has expired: sign in with the operator token, or make a new link with `npx quarry login-link`.',
          401,
        );
      }
      await auth.startOperatorSession(context, 'login-link');
      return context.redirect(next, 302);
    }
    return loginPage(context, next, pageHint);
  });

  app.post(LOGIN_PATH, async (context) => {
    const form = await context.req.parseBody();
    const next = safeNextPath(typeof form.next === 'string' ? form.next : undefined);
    const token = typeof form.token === 'string' ? form.token.trim() : undefined;
    if (!auth.isOperatorToken(token)) {
      return loginPage(context, next, pageHint, 'That is not the operator token.', 401);
    }
    await auth.startOperatorSession(context, 'token');
    // 303: the browser follows with a GET, and a reload does not post the token again.
    return context.redirect(next, 303);
  });

  // A sign-out posted from another site's page is refused before it is read (its Origin is not ours).
  app.use(LOGOUT_PATH, csrf());
  app.get(LOGOUT_PATH, async (context) => {
    const session = await auth.readOperatorSession(context);
    if (!session) return context.redirect(LOGIN_PATH, 302);
    return logoutPage(context, csrfTokenFor(adminToken, session.id));
  });
  app.post(LOGOUT_PATH, async (context) => {
    const session = await auth.readOperatorSession(context);
    // No session (signed out already, or it expired): nothing to end.
    if (!session) return context.redirect(LOGIN_PATH, 303);
    const form = await context.req.parseBody();
    if (!formTokenMatches(adminToken, session.id, form[CSRF_FIELD])) {
      return logoutPage(
        context,
        csrfTokenFor(adminToken, session.id),
        'You are still signed in: this sign-out did not come from a console page (its form token is missing or wrong). To sign out, use the button below or Sign out on any console page.',
        403,
      );
    }
    await auth.endOperatorSession(context);
    return context.redirect(LOGIN_PATH, 303);
  });
}
