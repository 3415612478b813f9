// Where the operators' console lives on the Quarry server. One place, so links and redirects agree.
export const CONSOLE_PATH = '/console';
export const CONSOLE_PATHS = {
  runs: `${CONSOLE_PATH}/runs`,
  run: (runId: string) => `${CONSOLE_PATH}/runs/${encodeURIComponent(runId)}`,
  providers: `${CONSOLE_PATH}/providers`,
  providerFailures: (providerId: string) =>
    `${CONSOLE_PATH}/providers/${encodeURIComponent(providerId)}/failures`,
  /** The page the providers' messages call "Settings → Search". */
  settingsSearch: `${CONSOLE_PATH}/settings/search`,
  /** Settings → Agents: the runners' defaults (`agents.*`). */
  settingsAgents: `${CONSOLE_PATH}/settings/agents`,
  tokens: `${CONSOLE_PATH}/tokens`,
  assets: `${CONSOLE_PATH}/assets`,
} as const;
