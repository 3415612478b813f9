// What a session may do, from its token (HTTP) or its command line (stdio).
import type { AgentKind } from './agent-kind.ts';

export const SESSION_MODES = ['normal', 'deep'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

export interface SessionGrant {
  /** `deep`: a deep-research session; every search counts against the run's budget, built-in search is off. */
  mode: SessionMode;
  /** The run this session's searches are charged to. */
  runId?: string;
  /** Overrides the kind read from the client's `initialize`. */
  agentKind?: AgentKind;
  /** May start research runs with the `research` tool: operators decide, per token (off unless given). */
  research?: boolean;
  /** The agent the research tool's runs use unless the caller names one of the built-in ones. */
  researchAgent?: string;
}

/** The grant a session gets when nothing else says otherwise (stdio without flags). */
export const NORMAL_GRANT: SessionGrant = { mode: 'normal' };
