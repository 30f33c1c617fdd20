/**
 * A TCP relay between the server and the engine that a test can cut and restore, to
 * see how the server behaves when the database goes away (without stopping the shared engine).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Refuses new connections and drops open ones. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  // While cut, the proxy keeps its port and drops every connection at once: closing the listener
  // would free the port, and a client reconnecting to it from the ephemeral range can then be
  // given that very port (a TCP self-connect), so the proxy could not listen on it again.
  let refusing = false;

  async function listen(): Promise<void> {
    server = createServer((client) => {
      if (refusing) {
        client.destroy();
        return;
      }
      const upstream = connect(targetPort, targetHost);
      open.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as AddressInfo).port;
  }

  async function stopListening(): Promise<void> {
    for (const socket of open) socket.destroy();
    open.clear();
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    async cut() {
      refusing = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    async restore() {
      refusing = false;
    },
    close: stopListening,
  };
}
