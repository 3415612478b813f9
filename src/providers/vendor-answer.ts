// A vendor's answer is read through a minimal schema, never cast: an answer that is not JSON, breaks
// off, or lacks the fields a provider reads becomes an `unavailable` SearchError that names the
// provider and what was wrong, so the chain moves on to the next provider instead of stopping on a
// TypeError deep inside a provider's mapping.
import type { z } from 'zod';
import {
  providerError,
  request,
  urlVariable,
  type ProviderIdentity,
  type ProviderResponse,
  type RequestOptions,
} from './request.ts';
import type { ProviderCtx, SearchError } from './types.ts';

/** How many schema problems a message lists: the first few say what is wrong, the rest repeat it. */
const SHOWN_ISSUES = 3;
/** How much of a body that is not JSON a message quotes: enough to recognise a captive portal or a login page. */
const QUOTED_LENGTH = 60;

/** `['web', 'results', 0, 'url']` → `web.results[0].url`; the answer itself is "the answer". */
export function issuePath(path: readonly PropertyKey[]): string {
  let shown = '';
  for (const part of path) {
    if (typeof part === 'number') shown += `[${part}]`;
    else shown += shown ? `.${String(part)}` : String(part);
  }
  return shown || 'the answer';
}

/** Zod's issues as a short reading: "lacks web.results; results[0].url is a number, not a string". */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.slice(0, SHOWN_ISSUES).map((issue) => {
    const where = issuePath(issue.path);
    if (issue.code === 'invalid_type') {
      const received = /received (\w+)/.exec(issue.message)?.[1];
      if (received === 'undefined') return `lacks ${where}`;
      const shown =
        received === 'null' ? 'null' : received ? `${article(received)} ${received}` : 'of another type';
      return `${where} is ${shown}, not ${article(issue.expected)} ${issue.expected}`;
    }
    if (issue.code === 'invalid_union') return `${where} is none of the shapes expected`;
    return `${where}: ${issue.message.replace(/^Invalid input:\s*/i, '')}`;
  });
  const more = issues.length > SHOWN_ISSUES ? `; and ${issues.length - SHOWN_ISSUES} more` : '';
  return `${lines.join('; ')}${more}`;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/**
 * What to change after a malformed answer. A vendor's own API that answers nonsense is the vendor's
 * (or a proxy's) fault; an instance the operator runs, or an address they set, is theirs to check.
 */
function whatToChange(provider: ProviderIdentity): string {
  const variable = urlVariable(provider);
  if (provider.url?.required) {
    return `check that ${variable} points at a working ${provider.name} instance and that the instance is up to date.`;
  }
  return `this is ${provider.name}'s fault or a proxy's: nothing to change in Quarry's settings unless ${variable} points at something else.`;
}

/** The SearchError for an answer that is not what the provider promised; `what` says what it was. */
export function malformedAnswer(
  provider: ProviderIdentity,
  ctx: Pick<ProviderCtx, 'key'>,
  answer: Pick<ProviderResponse, 'status' | 'address'>,
  what: string,
  cause?: unknown,
): SearchError {
  return providerError(
    provider,
    ctx,
    'unavailable',
    `${provider.name} answered with ${what} at ${answer.address}; ${whatToChange(provider)}`,
    { status: answer.status, cause },
  );
}

function quoted(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (!text) return 'an empty body';
  return `"${text.length > QUOTED_LENGTH ? `${text.slice(0, QUOTED_LENGTH - 1)}…` : text}"`;
}

/** Parses an answer's body as JSON and checks it against the provider's schema. */
export function readVendorJson<Schema extends z.ZodType>(
  answer: ProviderResponse,
  schema: Schema,
  provider: ProviderIdentity,
  ctx: Pick<ProviderCtx, 'key'>,
): z.output<Schema> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch (error) {
    const type = answer.headers.get('content-type') ?? 'no content type';
    const what = /json/i.test(type)
      ? `JSON that breaks off or is broken (${(error as Error).message})`
      : `something that is not JSON (${type}, ${quoted(answer.body)})`;
    throw malformedAnswer(provider, ctx, answer, what, error);
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    throw malformedAnswer(
      provider,
      ctx,
      answer,
      `JSON in an unexpected shape (${describeIssues(checked.error.issues)})`,
      checked.error,
    );
  }
  return checked.data;
}

/** Sends a request (see `request`) and reads its JSON answer through the provider's schema. */
export async function requestJson<Schema extends z.ZodType>(
  url: URL | string,
  schema: Schema,
  options: RequestOptions,
): Promise<z.output<Schema>> {
  const answer = await request(url, {
    ...options,
    headers: { accept: 'application/json', ...options.headers },
  });
  return readVendorJson(answer, schema, options.provider, options.ctx);
}
