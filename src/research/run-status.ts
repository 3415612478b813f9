// A run's statuses and the moves between them. A finished run stays finished: nothing moves it again,
// so a late message (a cancel after the answer, a stalled job picked up after a time-out) changes nothing.

export const RUN_STATUSES = [
  'queued',
  'running',
  'finalizing',
  'succeeded',
  'failed',
  'cancelled',
  'timed-out',
  'interrupted',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Statuses a run ends in; none of them moves again. */
export const FINISHED_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled', 'timed-out'];

/**
 * Where each status may go. `interrupted` (its worker died) goes back to `running` when it is tried
 * again, or to `failed` when it has had its attempts. A run whose agent answered goes to `finalizing`
 * (its pictures kept), and only the finalize flow's parent moves it on to `succeeded`.
 */
const MOVES: Record<RunStatus, readonly RunStatus[]> = {
  queued: ['running', 'cancelled', 'failed'],
  running: ['finalizing', 'succeeded', 'failed', 'cancelled', 'timed-out', 'interrupted'],
  finalizing: ['succeeded', 'failed', 'cancelled', 'timed-out', 'interrupted'],
  interrupted: ['running', 'failed', 'cancelled'],
  succeeded: [],
  failed: [],
  cancelled: [],
  'timed-out': [],
};

export function isFinished(status: RunStatus): boolean {
  return FINISHED_STATUSES.includes(status);
}

export function isRunStatus(value: string): value is RunStatus {
  return (RUN_STATUSES as readonly string[]).includes(value);
}

/** The statuses a run may be in to move to `to`. */
export function statusesThatMayMoveTo(to: RunStatus): RunStatus[] {
  return RUN_STATUSES.filter((from) => MOVES[from].includes(to));
}

export function mayMove(from: RunStatus, to: RunStatus): boolean {
  return MOVES[from].includes(to);
}
