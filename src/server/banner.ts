// What `npm start` prints once the server listens: where agents connect, how to make them a token,
// and a one-time link that signs the operator's browser in to the dashboard.
import type { QueueSystem } from '../queue/system.ts';
import { DASHBOARD_PATH } from './dashboard.ts';
import { MCP_PATH } from './mcp-route.ts';
import { issueLoginLink, LOGIN_LINK_SECONDS, LOGIN_PATH } from './operator-auth.ts';

/**
 * An address a browser on this machine can open: a server bound to every interface (0.0.0.0, ::,
 * as in Docker) is reached at loopback.
 */
export function reachableUrl(url: string): string {
  const address = new URL(url);
  if (address.hostname === '0.0.0.0' || address.hostname === '[::]') address.hostname = '127.0.0.1';
  return address.origin;
}

/** The banner's lines for a server at `listening` (it makes a fresh one-time login link each time). */
export async function startBanner(system: QueueSystem, listening: string): Promise<string> {
  const url = reachableUrl(listening);
  const loginLink = await issueLoginLink(system, url, DASHBOARD_PATH);
  return [
    `Quarry is listening at ${url}`,
    `  MCP for agents:  ${url}${MCP_PATH}  (Streamable HTTP; or \`npx quarry mcp --stdio\`)`,
    `  agent token:     npx quarry token create  (add --deep --run ID --budget N for a research run); agents send "Authorization: Bearer <token>"`,
    `  dashboard:       ${loginLink}`,
    `                   (a one-time sign-in link, valid ${LOGIN_LINK_SECONDS / 60} minutes; afterwards sign in at ${url}${LOGIN_PATH} with the operator token)`,
  ].join('\n');
}
