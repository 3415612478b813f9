// What `npm start` prints once the server listens: where agents connect, how to make them a token,
// and a one-time link that signs the operator's browser in to the dashboard.
import type { QueueSystem } from '../queue/system.ts';
import { DASHBOARD_PATH } from './dashboard.ts';
import { MCP_PATH } from './mcp-route.ts';
import { issueLoginLink, LOGIN_LINK_SECONDS, LOGIN_PATH } from './operator-auth.ts';

/** The banner's lines for a server at `url` (it makes a fresh one-time login link each time). */
export async function startBanner(system: QueueSystem, url: string): Promise<string> {
  const loginLink = await issueLoginLink(system, url, DASHBOARD_PATH);
  return [
    `Quarry is listening at ${url}`,
    `  MCP for agents:  ${url}${MCP_PATH}  (Streamable HTTP; or \`npx quarry mcp --stdio\`)`,
    `  agent token:     npx quarry token create  (add --deep --run ID --budget N for a research run); agents send "Authorization: Bearer <token>"`,
    `  dashboard:       ${loginLink}`,
    `                   (a one-time sign-in link, valid ${LOGIN_LINK_SECONDS / 60} minutes; afterwards sign in at ${url}${LOGIN_PATH} with the operator token)`,
  ].join('\n');
}
