// A loopback page server for read_page in the reliability scenarios: every address is its own article
// (so a read of a new address fetches, none comes from the page cache), answered after `delayMs`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ArticleServer {
  url: string;
  close(): Promise<void>;
}

export async function startArticleServer(options: { delayMs?: number } = {}): Promise<ArticleServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').replace(/[^a-z0-9/-]/gi, '');
    const paragraphs = Array.from(
      { length: 12 },
      (_, index) =>
        `<p>Paragraph ${index + 1} of the article at ${path}: a worker that dies mid-read hands the job ` +
        `back, and another worker reads the page again, so the agent gets its answer all the same.</p>`,
    ).join('');
    setTimeout(() => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html><head><title>Article ${path}</title></head>` +
            `<body><article><h1>Article ${path}</h1>${paragraphs}</article></body></html>`,
        );
    }, options.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
