// A loopback server that misbehaves as a provider can: it accepts the connection and never answers
// (`hang`), answers long after any timeout (`slow`), or sends a 200 whose body never ends (`endless`).
// Raw TCP, so nothing in an HTTP library smooths the behaviour; it counts the sockets it holds open.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type Misbehaviour = 'hang' | 'slow' | 'endless';

export interface MisbehavingServer {
  url: string;
  mode: Misbehaviour;
  /** Sockets open now, and connections accepted so far. */
  readonly openSockets: number;
  readonly connections: number;
  /** Body bytes the endless mode wrote so far. */
  readonly bytesSent: number;
  close(): Promise<void>;
}

/** One result, repeated as the endless body's chunk: a valid prefix that never closes. */
const ENDLESS_CHUNK = Buffer.from(
  `${JSON.stringify({ url: 'https://example.com/endless', title: 'endless', content: 'x'.repeat(400) })},`.repeat(
    40,
  ),
);

export async function startMisbehavingServer(mode: Misbehaviour, slowMs: number): Promise<MisbehavingServer> {
  const sockets = new Set<Socket>();
  let connections = 0;
  let bytesSent = 0;
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    const timers: NodeJS.Timeout[] = [];
    socket.on('close', () => {
      sockets.delete(socket);
      for (const timer of timers) clearTimeout(timer);
    });
    socket.on('error', () => undefined);
    let answered = false;
    socket.on('data', () => {
      if (answered) return;
      answered = true;
      const current = state.mode;
      if (current === 'hang') return;
      if (current === 'slow') {
        const body = JSON.stringify({ results: [{ url: 'https://example.com/slow', title: 'slow' }] });
        timers.push(
          setTimeout(() => {
            if (!socket.destroyed)
              socket.end(
                `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
              );
          }, slowMs),
        );
        return;
      }
      // endless: headers, the start of a valid answer, then results forever, at the reader's pace.
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{"results":[');
      const pump = () => {
        while (!socket.destroyed) {
          bytesSent += ENDLESS_CHUNK.length;
          if (!socket.write(ENDLESS_CHUNK)) {
            socket.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state: MisbehavingServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode,
    get openSockets() {
      return sockets.size;
    },
    get connections() {
      return connections;
    },
    get bytesSent() {
      return bytesSent;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return state;
}
