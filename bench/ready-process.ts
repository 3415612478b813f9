// A child process of a bench scenario (a Quarry server, a worker, a fake provider), started with tsx
// from the repository's root and taken as ready once its output says so.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Started {
  name: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
  /** The inspector's address, for processes started with one. */
  inspector?: string;
}

export /** Starts a process and resolves once its output contains `readyWhen`. */
async function startProcess(
  name: string,
  args: string[],
  environment: Record<string, string>,
  readyWhen: string,
  options: { inspect?: boolean } = {},
): Promise<Started> {
  const inspect = options.inspect ? ['--inspect=127.0.0.1:0'] : [];
  const child = spawn(process.execPath, [...inspect, '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes(readyWhen)) resolve();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then((code) =>
      reject(new Error(`${name} exited (${code}) before it was ready:\n${output.join('')}`)),
    );
  });
  const inspector = /Debugger listening on (ws:\/\/\S+)/.exec(output.join(''))?.[1];
  return { name, child, output, exited, ...(inspector ? { inspector } : {}) };
}
