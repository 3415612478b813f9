// Where a run's own files live on the worker's machine: `<dataDir>/runs/<id>/work` (the agent's
// working folder) and `.../home` (its HOME), so a run neither reads nor changes the operator's own
// agent settings, and removing the run removes them.
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';

export function runFolder(config: Pick<Config, 'dataDir'>, runId: string): string {
  return resolve(join(config.dataDir, 'runs', runId));
}
