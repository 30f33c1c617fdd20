/** A graphql-ws client that subscribes and then never reads its socket again: the slow consumer. */
import WebSocket from 'ws';

export interface StalledSocket {
  /** Resolves with the close code the server sent. */
  closed: Promise<number>;
  /** Starts reading again (so the test can let the socket drain and close). */
  resume(): void;
}

/** Opens `url`, authenticates, sends `query` ten times (ten feeds fill the kernel's buffers ten times faster), then stops reading. */
export async function stalledSubscriber(url: string, token: string, query: string): Promise<StalledSocket> {
  const socket = new WebSocket(url, 'graphql-transport-ws');
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  await new Promise((resolve) => socket.once('message', resolve));
  for (let id = 1; id <= 10; id++) socket.send(JSON.stringify({ id: String(id), type: 'subscribe', payload: { query } }));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const raw = (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
  raw.pause();
  return { closed, resume: () => raw.resume() };
}
