// Tokens: the MCP bearer tokens that work now (never the token itself: only its hash is kept), a form
// to make one (shown once, with the lines to paste into Claude Code and Codex), and revoke.
import { AGENT_KINDS } from '../../mcp/agent-kind.ts';
import type { ListedToken } from '../../mcp/tokens.ts';
import { CsrfField, FormNotice, formatTime, Layout } from './layout.tsx';
import { CardsTable } from './cards-table.tsx';
import { CONSOLE_PATHS } from './console-paths.ts';

export interface MadeToken {
  token: string;
  mcpUrl: string;
  summary: string;
  note?: string;
}

export function TokensPage(props: {
  tokens: ListedToken[];
  csrf: string;
  made?: MadeToken;
  notice?: { kind: 'saved' | 'problem'; text: string };
}) {
  return (
    <Layout title="Tokens" section="tokens" csrf={props.csrf}>
      <FormNotice notice={props.notice} />
      {props.made ? (
        <section class="card" aria-labelledby="made-heading">
          <h2 id="made-heading">The new token (shown only this once)</h2>
          <p>{props.made.summary}</p>
          {props.made.note ? <p class="fixed">{props.made.note}</p> : null}
          <p class="token-shown" aria-label="The new token">
            {props.made.token}
          </p>
          <h3>Claude Code</h3>
          <pre class="token-shown">{`claude mcp add --transport http quarry ${props.made.mcpUrl} --header "Authorization: Bearer ${props.made.token}"`}</pre>
          <h3>Codex</h3>
          <p>In ~/.codex/config.toml:</p>
          <pre class="token-shown">{`[mcp_servers.quarry]\nurl = "${props.made.mcpUrl}"\nbearer_token_env_var = "QUARRY_TOKEN"`}</pre>
          <p>and in the shell that starts Codex:</p>
          <pre class="token-shown">{`export QUARRY_TOKEN="${props.made.token}"`}</pre>
        </section>
      ) : null}

      <section class="card" aria-labelledby="create-heading">
        <h2 id="create-heading">Make a token</h2>
        <form method="post" action={CONSOLE_PATHS.tokens} class="stack">
          <CsrfField token={props.csrf} />
          <div class="row">
            <span class="field">
              <label for="token-mode">Mode</label>
              <select id="token-mode" name="mode">
                <option value="normal">normal</option>
                <option value="deep">deep (every search counts against the run)</option>
              </select>
            </span>
            <span class="field">
              <label for="token-run">Run id (optional)</label>
              <input id="token-run" name="run_id" />
            </span>
            <span class="field">
              <label for="token-agent">Agent kind</label>
              <select id="token-agent" name="agent_kind">
                <option value="">as the client says</option>
                {AGENT_KINDS.map((kind) => (
                  <option value={kind}>{kind}</option>
                ))}
              </select>
            </span>
          </div>
          <div class="row">
            <span class="field">
              <label for="token-budget">Search budget</label>
              <input id="token-budget" name="budget" type="number" min={1} placeholder="not limited" />
            </span>
            <span class="field">
              <label for="token-read-budget">Read budget</label>
              <input
                id="token-read-budget"
                name="read_budget"
                type="number"
                min={0}
                placeholder="not limited"
              />
            </span>
            <span class="field">
              <label for="token-media-budget">Media budget</label>
              <input
                id="token-media-budget"
                name="media_budget"
                type="number"
                min={0}
                placeholder="not limited"
              />
            </span>
            <span class="field">
              <label for="token-ttl">Time to live (seconds)</label>
              <input id="token-ttl" name="ttl_seconds" type="number" min={60} placeholder="no expiry" />
            </span>
          </div>
          <label for="token-label">Label</label>
          <input id="token-label" name="label" maxlength={200} />
          <button type="submit">Make the token</button>
        </form>
      </section>

      <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">Tokens that work now</h2>
        {props.tokens.length === 0 ? (
          <p>
            No tokens work now: make one above, or with <code>npx quarry token create</code>.
          </p>
        ) : (
          <CardsTable
            columns={[
              'Id',
              'Mode',
              'Run',
              'Agent kind',
              'Searches',
              'Label',
              'Made',
              'Expires',
              <span class="muted">Action</span>,
            ]}
          >
            {props.tokens.map((token) => (
              <tr>
                <td data-label="Id">
                  <code>{token.id}</code>
                </td>
                <td data-label="Mode">{token.mode}</td>
                <td data-label="Run" class="nowrap">
                  {token.runId ?? '—'}
                </td>
                <td data-label="Agent kind">{token.agentKind ?? '—'}</td>
                <td data-label="Searches" class="nowrap">
                  {token.budget !== undefined ? `at most ${token.budget}` : 'not limited'}
                </td>
                <td data-label="Label">{token.label ?? ''}</td>
                <td data-label="Made" class="nowrap">
                  {formatTime(token.createdAt)}
                </td>
                <td data-label="Expires" class="nowrap">
                  {token.expiresAt ? formatTime(token.expiresAt) : 'never'}
                </td>
                <td data-label="Action">
                  <form method="post" action={`${CONSOLE_PATHS.tokens}/revoke`}>
                    <CsrfField token={props.csrf} />
                    <input type="hidden" name="id" value={token.id} />
                    <button type="submit" class="danger" aria-label={`Revoke token ${token.id}`}>
                      Revoke
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </CardsTable>
        )}
      </section>
    </Layout>
  );
}
