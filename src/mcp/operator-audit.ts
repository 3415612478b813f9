// What operators changed, kept in Redis as a stream (`<prefix>:state:audit`): budget changes now,
// the console's settings changes later. Entries say who (how the operator got in), what and when;
// they never hold a token or a key.
import type { QueueSystem } from '../queue/system.ts';

/** The stream keeps about this many entries (trimmed approximately, as Redis does cheaply). */
export const AUDIT_ENTRIES_KEPT = 10_000;

export interface OperatorAction {
  action: string;
  /** How the operator acted: `cli`, `api (bearer)`, `api (session)`. */
  actor: string;
  details: Record<string, unknown>;
}

export interface RecordedOperatorAction extends OperatorAction {
  id: string;
  at: string;
}

function auditKey(system: QueueSystem): string {
  return system.key('audit');
}

export async function recordOperatorAction(system: QueueSystem, action: OperatorAction): Promise<string> {
  const at = new Date().toISOString();
  const id = await system.connection.xadd(
    auditKey(system),
    'MAXLEN',
    '~',
    String(AUDIT_ENTRIES_KEPT),
    '*',
    'at',
    at,
    'action',
    action.action,
    'actor',
    action.actor,
    'details',
    JSON.stringify(action.details),
  );
  return id!;
}

/** The latest entries, newest first. */
export async function operatorActions(system: QueueSystem, count = 100): Promise<RecordedOperatorAction[]> {
  const entries = await system.connection.xrevrange(auditKey(system), '+', '-', 'COUNT', count);
  return entries.map(([id, fields]) => {
    const record: Record<string, string> = {};
    for (let index = 0; index < fields.length; index += 2) record[fields[index]!] = fields[index + 1]!;
    return {
      id,
      at: record.at ?? '',
      action: record.action ?? '',
      actor: record.actor ?? '',
      details: JSON.parse(record.details ?? '{}') as Record<string, unknown>,
    };
  });
}
