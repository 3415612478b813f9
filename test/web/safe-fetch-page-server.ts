// A loopback HTTP server for the safe-fetch and read-page tests: it records every request (path and Host
// header) so a test can show that a refused address never reached it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  host: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type RouteHandler = (request: IncomingMessage, response: ServerResponse, body: string) => unknown;

export interface PageServer {
  server: Server;
  port: number;
  /** http://<host>:<port> for a host name the test's lookup resolves to this server. */
  origin(host?: string): string;
  requests: RecordedRequest[];
  route(path: string, handler: RouteHandler): void;
  close(): Promise<void>;
}

/** Starts a server on `address` (default 127.0.0.1) with a free port. Unknown paths answer 404. */
export async function startPageServer(address = '127.0.0.1', port = 0): Promise<PageServer> {
  const routes = new Map<string, RouteHandler>();
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = (request.url ?? '/').split('?')[0]!;
      requests.push({
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        host: request.headers.host ?? '',
        headers: request.headers,
        body,
      });
      const handler = routes.get(path);
      if (!handler) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      Promise.resolve(handler(request, response, body)).catch((error: Error) => {
        if (!response.headersSent) response.writeHead(500).end(error.message);
      });
    });
  });
  // Slow routes keep sockets open; close them when the test ends.
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    server,
    port: actualPort,
    origin: (host = address) => `http://${host}:${actualPort}`,
    requests,
    route: (path, handler) => routes.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
