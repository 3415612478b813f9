// The loopback model API and a research Quarry for the tests of one describe block (or file): started
// before the first test, stopped after the last. Held model requests are let go first, so nothing
// waits on a fake that is closing.
import { afterAll, beforeAll } from 'vitest';
import {
  researcherSettings,
  startFakeModelApis,
  type FakeModelApis,
  type ModelScript,
} from './fake-model-apis.ts';
import { startResearchQuarry, type ResearchQuarry } from './run-harness.ts';

export interface ResearcherSuite {
  readonly models: FakeModelApis;
  readonly quarry: ResearchQuarry;
}

export function researcherSuite(
  script: ModelScript,
  options: {
    /** Quarry's settings (asked for when it starts, so they may name what an earlier hook started). */
    settings?: () => Record<string, string>;
    /** Starts a worker process with Quarry's researcher on the fake, this as the operator's key. */
    workerKey?: string;
  } = {},
): ResearcherSuite {
  let models: FakeModelApis | undefined;
  let quarry: ResearchQuarry | undefined;
  beforeAll(async () => {
    models = await startFakeModelApis(script);
    quarry = await startResearchQuarry(options.settings?.());
    if (options.workerKey) await quarry.startWorker(researcherSettings(models, options.workerKey));
  }, 60_000);
  afterAll(async () => {
    models?.release();
    await quarry?.close();
    await models?.close();
  });
  const started = <Part>(part: Part | undefined): Part => {
    if (part === undefined) throw new Error('The researcher suite is not started yet: use it inside a test.');
    return part;
  };
  return {
    get models() {
      return started(models);
    },
    get quarry() {
      return started(quarry);
    },
  };
}
