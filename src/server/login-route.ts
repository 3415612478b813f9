// The operator's sign-in for browsers: `GET /login` shows a form taking the operator token (or, with
// `?once=<code>`, takes a one-time login link), `POST /login` checks the token, and both start a
// session (`operator-auth.ts`) and go on to `next`. `POST /logout` ends it. `/` leads here or to the
// console, so the server's bare address answers something an operator can use.
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { CONSOLE_PATHS } from './console/console-paths.ts';
import { LOGIN_PATH, LOGOUT_PATH, safeNextPath, type OperatorAuth } from './operator-auth.ts';

function loginPage(context: Context, next: string, hint: string, problem?: string, status: 200 | 401 = 200) {
  return context.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Sign in · Quarry</title>
          <link rel="stylesheet" href="${CONSOLE_PATHS.assets}/console.css" />
        </head>
        <body>
          <main>
            <h1>Quarry: sign in as the operator</h1>
            ${problem ? html`<p role="alert">${problem}</p>` : ''}
            <form method="post" action="${LOGIN_PATH}">
              <div class="card stack">
                <label for="token">Operator token</label>
                <input id="token" name="token" type="password" autocomplete="current-password" required />
                <input type="hidden" name="next" value="${next}" />
                <button type="submit">Sign in</button>
              </div>
            </form>
            <p>${hint}</p>
          </main>
        </body>
      </html>`,
    status,
  );
}

export function mountLogin(app: Hono, auth: OperatorAuth): void {
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
          auth.hint,
          'This login link was used already or has expired: sign in with the operator token, or restart Quarry for a new link.',
          401,
        );
      }
      await auth.startOperatorSession(context, 'login-link');
      return context.redirect(next, 302);
    }
    return loginPage(context, next, auth.hint);
  });

  app.post(LOGIN_PATH, async (context) => {
    const form = await context.req.parseBody();
    const next = safeNextPath(typeof form.next === 'string' ? form.next : undefined);
    const token = typeof form.token === 'string' ? form.token.trim() : undefined;
    if (!auth.isOperatorToken(token)) {
      return loginPage(context, next, auth.hint, 'That is not the operator token.', 401);
    }
    await auth.startOperatorSession(context, 'token');
    // 303: the browser follows with a GET, and a reload does not post the token again.
    return context.redirect(next, 303);
  });

  app.post(LOGOUT_PATH, async (context) => {
    await auth.endOperatorSession(context);
    return context.redirect(LOGIN_PATH, 303);
  });
}
