// What an agent is told when no search provider could answer. Claude Code and Codex have a built-in
// web search to fall back on; in a deep-research session built-in search is off and every search must
// count, so the agent is told what is wrong instead; other agents get what the operator must fix.
import type { AgentKind } from './agent-kind.ts';
import type { SessionMode } from './session-grant.ts';

/** Which advice the answer gave, for the structured result and for tests. */
export type NoProviderAdvice =
  'use-claude-code-websearch' | 'use-codex-web-search' | 'deep-no-builtin' | 'fix-settings';

export interface NoProviderWording {
  advice: NoProviderAdvice;
  /** The first line of the tool's error result. */
  headline: string;
}

export function noProviderWording(
  agentKind: AgentKind,
  mode: SessionMode,
  retryAt?: number,
): NoProviderWording {
  const retry = retryAt
    ? ` The soonest a provider can be asked again is ${new Date(retryAt).toISOString()}.`
    : '';
  if (mode === 'deep') {
    return {
      advice: 'deep-no-builtin',
      headline:
        'No search provider could answer this search, and this is a deep-research session: built-in web search is off and every search counts, so do not switch to another search tool. ' +
        `Answer from what you have found so far and say that search was unavailable; the operator must fix a provider in Quarry's Settings → Search (reasons below).${retry}`,
    };
  }
  if (agentKind === 'claude-code') {
    return {
      advice: 'use-claude-code-websearch',
      headline: `No Quarry search provider could answer this search: use your built-in WebSearch tool for it instead (Quarry's reasons below).${retry}`,
    };
  }
  if (agentKind === 'codex') {
    return {
      advice: 'use-codex-web-search',
      headline: `No Quarry search provider could answer this search: use your built-in web search for it instead (Quarry's reasons below).${retry}`,
    };
  }
  return {
    advice: 'fix-settings',
    headline: `No search provider could answer this search: fix one of the providers below in Quarry's Settings → Search (a key, an address, or turning one on), then search again.${retry}`,
  };
}
