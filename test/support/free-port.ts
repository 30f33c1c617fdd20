import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback port nobody listens on right now (for processes that need the port up front). */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
