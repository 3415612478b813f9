// `npm run bench:reliability`: causes faults on purpose against real processes on loopback and prints
// what was lost, scenario by scenario; `-- --json` prints one JSON array, one object per scenario.
// `--only <name>` runs one scenario. Every scenario is bounded in time and stops by itself.
import { badInputScenario } from './reliability-bad-input.ts';
import { hangingProviderScenario } from './reliability-hanging-provider.ts';
import { loadScenario } from './reliability-load.ts';
import { overheadScenario } from './reliability-overhead.ts';
import { redisRestartScenario } from './reliability-redis-restart.ts';
import { workerKillsScenario } from './reliability-worker-kills.ts';
import type { ReliabilityScenario, ScenarioFigures } from './reliability-scenario.ts';

const SCENARIOS: ReliabilityScenario[] = [
  overheadScenario,
  hangingProviderScenario,
  workerKillsScenario,
  redisRestartScenario,
  loadScenario,
  badInputScenario,
];

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const onlyIndex = argv.indexOf('--only');
const only = onlyIndex >= 0 ? argv[onlyIndex + 1] : undefined;
if (only && !SCENARIOS.some((scenario) => scenario.name === only)) {
  process.stderr.write(
    `There is no reliability scenario "${only}": use one of ${SCENARIOS.map((s) => s.name).join(', ')}.\n`,
  );
  process.exit(2);
}

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (line: string) => process.stderr.write(`${line}\n`);
const report: Array<{ scenario: string } & ScenarioFigures> = [];
for (const scenario of SCENARIOS) {
  if (only && scenario.name !== only) continue;
  log(`[reliability] ${scenario.name}: ${scenario.promise}`);
  const started = performance.now();
  const figures = await scenario.run({ redisUrl, log });
  const entry = {
    scenario: scenario.name,
    ...figures,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  report.push(entry);
  // Each scenario prints its figures as it ends, so a long run shows them before the last one.
  if (!json) {
    const width = Math.max(...Object.keys(entry).map((name) => name.length));
    for (const [name, value] of Object.entries(entry))
      process.stdout.write(`${name.padEnd(width)}  ${value}\n`);
    process.stdout.write('\n');
  } else {
    log(JSON.stringify(entry));
  }
}
if (json) process.stdout.write(`${JSON.stringify(report)}\n`);
// Scenarios close what they open; exit anyway so a stray handle cannot keep the bench alive.
process.exit(0);
