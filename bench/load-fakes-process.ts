// The load scenario's loopback fakes in a process of their own (as real providers and sites would be),
// so their work does not share a measured process: Brave's recorded answer at `/brave`, and articles
// for read_page. Prints one JSON line with both addresses, runs until killed.
import { RECORDED, startFakeProviders } from '../test/mcp/quarry-harness.ts';
import { startArticleServer } from './article-server.ts';

const providers = await startFakeProviders({ brave: RECORDED.brave() });
const articles = await startArticleServer();
process.stdout.write(`${JSON.stringify({ brave: providers.url('brave'), articles: articles.url })}\n`);
process.on(
  'SIGTERM',
  () => void Promise.all([providers.close(), articles.close()]).then(() => process.exit(0)),
);
