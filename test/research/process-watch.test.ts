// The process watch the agent tests rely on sees a child, its end, and a socket aimed outside.
// The socket is UDP `connect()`ed to a documentation address (TEST-NET-1): that sends no packet.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { watchProcesses } from './process-watch.ts';
import { waitFor } from './agents/agent-test-kit.ts';

describe('watchProcesses', () => {
  it('sees the processes a test starts, which are alive, and their sockets to outside addresses', async () => {
    const watch = watchProcesses(20);
    const child = spawn(process.execPath, [
      '-e',
      "const s = require('node:dgram').createSocket('udp4'); s.connect(53, '192.0.2.1', () => console.log('connected')); setTimeout(() => {}, 30000);",
    ]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => output.includes('connected'), 10_000, 'the socket');
    await waitFor(() => watch.outsideSockets().length > 0, 5_000, 'the watch to see the socket');
    expect(watch.outsideSockets()).toEqual(['udp 192.0.2.1:53 (node)']);
    expect(watch.alive().map((entry) => entry.pid)).toEqual([child.pid]);
    child.kill('SIGKILL');
    await new Promise((done) => child.once('exit', done));
    watch.stop();
    expect(watch.seen().map((entry) => entry.pid)).toEqual([child.pid]);
    expect(watch.alive()).toEqual([]);
  });
});
