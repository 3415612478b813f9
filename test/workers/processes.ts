// Starts worker processes for the tests and waits until they take jobs.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./worker-process.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  output: string[];
  exited: Promise<number | null>;
}

export async function startWorkerProcess(environment: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('READY')) resolve();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then((code) =>
      reject(new Error(`worker process exited (${code}) before it was ready:\n${output.join('')}`)),
    );
  });
  await ready;
  return { child, pid: child.pid!, output, exited };
}

export async function stopWorkerProcess(worker: WorkerProcess): Promise<void> {
  if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  worker.child.kill('SIGKILL');
  await worker.exited;
}
