import WebSocket from 'ws';

/**
 * One subscription on its own socket, speaking graphql-transport-ws and nothing more: each
 * message is timestamped the moment it reaches JavaScript, before it is parsed.
 *
 * Why not graphql-ws's client: the fan-out scenario runs a thousand subscribers in one process,
 * on the machine the server runs on. There the library's own work per message (parse, validate,
 * dispatch through promises: ~30 µs) queued up behind each event, so the 1,000th subscriber's
 * figure measured the bench working through the 999 messages before it, not the server. Real
 * subscribers each read their own message on their own machine.
 */
export interface LeanSubscriber {
  /** Closes the socket (1000) and resolves once it is closed. */
  close(): Promise<void>;
}

export interface LeanSubscriberHandlers {
  /** A `next` message's payload (`{ data, errors? }`) and when it arrived (performance.now()). */
  next(payload: { data?: unknown; errors?: unknown[] }, receivedAt: number): void;
  error(message: string): void;
}

export function leanSubscribe(
  url: string,
  operation: { query: string; variables: Record<string, unknown> },
  handlers: LeanSubscriberHandlers,
): LeanSubscriber {
  const socket = new WebSocket(url, 'graphql-transport-ws');
  let closing = false;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
  socket.on('message', (raw: Buffer) => {
    const receivedAt = performance.now();
    const message = JSON.parse(raw.toString()) as { type: string; payload?: unknown };
    if (message.type === 'next') handlers.next(message.payload as { data?: unknown; errors?: unknown[] }, receivedAt);
    else if (message.type === 'connection_ack') socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: operation }));
    else if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    else if (message.type === 'error') handlers.error(JSON.stringify(message.payload));
  });
  socket.on('error', (error) => handlers.error(error.message));
  socket.on('close', (code, reason) => {
    if (!closing) handlers.error(`socket closed: ${code} ${reason.toString()}`);
  });
  return {
    async close() {
      closing = true;
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close(1000);
      const fallback = setTimeout(() => socket.terminate(), 2_000);
      await closed;
      clearTimeout(fallback);
    },
  };
}
