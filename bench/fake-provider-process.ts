// The fake search provider in a process of its own (bench/pipeline-fake-server.ts), as a real provider
// would be, so its work does not share the measured process.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface FakeProviderProcess {
  url: string;
  stop: () => void;
}

/** Starts the fake provider in its own process; resolves with its address and a way to stop it. */
export async function startFakeProviderProcess(): Promise<FakeProviderProcess> {
  const script = fileURLToPath(new URL('./pipeline-fake-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child.once('exit', (code) =>
      reject(new Error(`The fake provider process exited (${code}) before it listened.`)),
    );
  });
  return { url, stop: () => child.kill('SIGTERM') };
}
