// A loopback proxy that refuses everything and writes down what it was asked for. Agent processes in
// the tests get it as HTTP_PROXY / HTTPS_PROXY / ALL_PROXY with NO_PROXY for loopback, so any try to
// reach a host outside this machine (update checks, telemetry, a hosted web search) lands here and
// the test can assert that nothing did.
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface OutsideTrafficRecorder {
  url: string;
  /** `CONNECT host:port` and absolute-URL requests it was asked to carry. */
  attempts: string[];
  /** The proxy variables for an agent's environment. */
  environment: Record<string, string>;
  close(): Promise<void>;
}

export async function startOutsideTrafficRecorder(): Promise<OutsideTrafficRecorder> {
  const attempts: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    attempts.push(`${request.method} ${request.url}`);
    response.writeHead(403, { 'content-type': 'text/plain' }).end('This test allows no outside traffic.');
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    // A client that gives up mid-answer resets the socket: that is not the recorder's failure.
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (request, socket: Socket) => {
    attempts.push(`CONNECT ${request.url}`);
    socket.on('error', () => {});
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  const address = await new Promise<AddressInfo>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(server.address() as AddressInfo));
  });
  const url = `http://127.0.0.1:${address.port}`;
  const noProxy = '127.0.0.1,localhost,::1';
  return {
    url,
    attempts,
    environment: {
      HTTP_PROXY: url,
      HTTPS_PROXY: url,
      ALL_PROXY: url,
      http_proxy: url,
      https_proxy: url,
      all_proxy: url,
      NO_PROXY: noProxy,
      no_proxy: noProxy,
    },
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}
