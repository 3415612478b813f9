// `quarry login-link`: a one-time link that signs a browser in to the dashboard, for an operator who
// no longer has the one `npm start` printed (or runs Quarry in Docker). It is made in Redis, so any
// server process on the same Redis and prefix honours it.
import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { reachableUrl } from '../server/banner.ts';
import { DASHBOARD_PATH } from '../server/dashboard.ts';
import { issueLoginLink, LOGIN_LINK_SECONDS } from '../server/operator-auth.ts';
import { UsageError } from './exit-codes.ts';
import { withQueueSystem } from './queue-system-or-fail.ts';

export function registerLoginLinkCommand(program: Command): void {
  program
    .command('login-link')
    .description(
      `Print a one-time link that signs a browser in to the dashboard (valid ${LOGIN_LINK_SECONDS / 60} minutes).`,
    )
    .option('--url <address>', 'the server address as the browser reaches it (default http://HOST:PORT)')
    .action(async (flags: { url?: string }) => {
      if (flags.url !== undefined && !URL.canParse(flags.url))
        throw new UsageError(
          "--url takes the server's address as a browser reaches it, such as http://127.0.0.1:8787.",
        );
      const config = loadConfig();
      const base =
        flags.url ??
        reachableUrl(`http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`);
      await withQueueSystem(async (system) => {
        process.stdout.write(`${await issueLoginLink(system, base, DASHBOARD_PATH)}\n`);
      });
    });
}
