// The contract every scenario of `npm run bench:reliability` follows. A scenario is a function with
// its sizes as arguments: the bench runs it long, the tests in test/reliability run it short and
// check the figures it returns (what was lost, what stayed held), never its timings.

/** A scenario's figures: counts, milliseconds, bytes, and a few words where a count says too little. */
export type ScenarioFigures = Record<string, number | string | boolean>;

export interface ScenarioContext {
  redisUrl: string;
  /** Progress lines (stderr in the bench). */
  log: (line: string) => void;
}

export interface ReliabilityScenario {
  name: string;
  /** What the scenario promises, in one line (printed by the bench and the README). */
  promise: string;
  /** The long version, as the bench runs it. */
  run(context: ScenarioContext): Promise<ScenarioFigures>;
}
