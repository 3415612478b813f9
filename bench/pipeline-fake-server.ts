// The benchmark's fake search provider in a process of its own (as a real provider would be), so
// its work does not share the measured process: prints its address, runs until killed.
import { startFakeSearchServer } from '../test/queue/fake-provider.ts';

const server = await startFakeSearchServer();
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
