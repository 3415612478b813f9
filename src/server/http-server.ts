// Serves the Hono app over Node's HTTP server on the configured address (loopback by default).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface RunningHttpServer {
  /** The address it listens on, such as http://127.0.0.1:8787. */
  url: string;
  close(): Promise<void>;
}

export function startHttpServer(
  app: Hono,
  address: { host: string; port: number },
): Promise<RunningHttpServer> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, hostname: address.host, port: address.port },
      (info: AddressInfo) => {
        const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolve({
          url: `http://${host}:${info.port}`,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              // Keep-alive connections would hold close() open; they carry no work once we stop.
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      },
    );
    server.once('error', (error: NodeJS.ErrnoException) => {
      const hint =
        error.code === 'EADDRINUSE'
          ? `port ${address.port} on ${address.host} is taken: set PORT to a free one`
          : `set HOST and PORT to an address this machine can listen on`;
      reject(
        new Error(
          `The HTTP server could not listen on ${address.host}:${address.port} (${error.message}); ${hint}.`,
        ),
      );
    });
  });
}
