// The real `quarry worker` command: starts workers for every queue, stops on SIGTERM with exit 0.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freshConfig, removePrefix, REDIS_URL } from '../queue/helpers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('quarry worker', () => {
  it('starts workers for the search, read and media queues and exits 0 on SIGTERM', async () => {
    const { prefix } = freshConfig();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'worker'], {
      cwd: ROOT,
      env: {
        ...process.env,
        REDIS_URL,
        QUARRY_PREFIX: prefix,
        QUARRY_SETTINGS: 'none',
        QUARRY_DATA_DIR: mkdtempSync(join(tmpdir(), 'quarry-worker-')),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('workers started')) resolve();
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        void exited.then((code) => reject(new Error(`quarry worker exited (${code}):\n${output}`)));
      });
      const started = JSON.parse(output.split('\n').find((line) => line.includes('workers started'))!) as {
        queues: string[];
      };
      expect(started.queues).toEqual(expect.arrayContaining(['search.duckduckgo', 'read', 'media']));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('"msg":"stopped"');
    } finally {
      child.kill('SIGKILL');
      await removePrefix(prefix);
    }
  });
});
