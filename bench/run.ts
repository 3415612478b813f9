// `npm run bench`: runs the benchmark sections in order against one Redis and prints their figures;
// `npm run bench -- --json` prints them as one JSON object. `--only <name>` runs one section.
// A section is one line here (see bench/pipeline-stats.ts for the contract).
import { pipelineSection } from './pipeline.ts';
import { runsSection } from './runs.ts';
import { sessionsSection } from './sessions.ts';
import type { BenchSection } from './pipeline-stats.ts';

const SECTIONS: BenchSection[] = [pipelineSection, sessionsSection, runsSection];

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const onlyIndex = argv.indexOf('--only');
const only = onlyIndex >= 0 ? argv[onlyIndex + 1] : undefined;
if (only && !SECTIONS.some((section) => section.name === only)) {
  process.stderr.write(
    `There is no benchmark section "${only}": use one of ${SECTIONS.map((s) => s.name).join(', ')}.\n`,
  );
  process.exit(2);
}

const results: Record<string, number | string> = {};
const log = (line: string) => process.stderr.write(`${line}\n`);
for (const section of SECTIONS) {
  if (only && section.name !== only) continue;
  log(`[bench] ${section.name}...`);
  Object.assign(
    results,
    await section.run({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', results, log }),
  );
}

if (json) {
  process.stdout.write(`${JSON.stringify(results)}\n`);
} else {
  const width = Math.max(...Object.keys(results).map((name) => name.length));
  for (const [name, value] of Object.entries(results))
    process.stdout.write(`${name.padEnd(width)}  ${value}\n`);
}
// Sections close what they open; exit anyway so a stray handle cannot keep the benchmark alive.
process.exit(0);
