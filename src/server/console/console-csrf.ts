// CSRF protection for the console's forms, on top of Hono's `csrf` middleware (which refuses a form
// posted from another origin): every form carries a token tied to the browser's operator session, so a
// form that did not come from one of our pages is refused even where the Origin header is missing.
// The token is an HMAC of the session id (itself a secret, in a signed cookie) with the operator token:
// nothing more to keep, and it ends with the session.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

export const CSRF_FIELD = 'csrf';

export function csrfTokenFor(adminToken: string, sessionId: string): string {
  return createHmac('sha256', adminToken).update(`quarry console form:${sessionId}`).digest('base64url');
}

/** The form token of the signed-in browser; empty for a bearer-token caller (it posts no forms). */
export function csrfTokenOf(context: Context, adminToken: string): string {
  const operator = context.get('operator');
  return operator?.via === 'session' ? csrfTokenFor(adminToken, operator.session.id) : '';
}

function same(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a form's token field is the one for this session (constant time). */
export function formTokenMatches(adminToken: string, sessionId: string, given: unknown): boolean {
  return same(csrfTokenFor(adminToken, sessionId), typeof given === 'string' ? given : '');
}

/**
 * Refuses a POST from a signed-in browser whose form lacks the session's token. Runs after
 * `requireOperator`. A caller with the bearer token is not a browser carrying a cookie: no forgery to fear.
 */
export function requireFormToken(adminToken: string): MiddlewareHandler {
  return async (context, next) => {
    if (context.req.method !== 'POST') return next();
    const operator = context.get('operator');
    if (operator?.via !== 'session') return next();
    const form = await context.req.parseBody();
    if (!formTokenMatches(adminToken, operator.session.id, form[CSRF_FIELD])) {
      return context.text(
        'This form is out of date or did not come from the console (its CSRF token is missing or wrong): reload the page and send it again.',
        403,
      );
    }
    return next();
  };
}
