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
}

/** The grant a session gets when nothing else says otherwise (stdio without flags). */
export const NORMAL_GRANT: SessionGrant = { mode: 'normal' };
