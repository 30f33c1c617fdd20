import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { awaitableHello, CommandDispatcher, type CommandReply, helloReply, isHelloCommand } from './commands.js';
import { CursorRegistry } from './cursors.js';
import { invalidBson, MongoCommandError, mongoErrorFromPostgres } from './mongo-errors.js';
import { TransactionRegistry } from './transactions.js';
import {
  encodeOpMsgReply,
  encodeOpReply,
  OP_MSG,
  OP_QUERY,
  parseOpMsg,
  parseOpQuery,
  MessageReader,
  WireContentError,
  WireFramingError,
  type WireMessage,
} from './wire-codec.js';

export interface WireServer {
  port: number;
  close(): Promise<void>;
}

export interface WireServerOptions {
  /** PostgreSQL with the DocumentDB extension. */
  pool: pg.Pool;
  log: (message: string) => void;
}

const REAP_INTERVAL_MS = 5_000;
/** Shortest interval between two replies of a streamed hello. */
const MIN_STREAM_INTERVAL_MS = 500;
const QUIET_SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE']);

/**
 * A MongoDB wire-protocol listener on 127.0.0.1 (ephemeral port) that serves the official driver
 * from DocumentDB. Malformed input only ever costs the connection that sent it.
 */
export async function startWireServer({ pool, log }: WireServerOptions): Promise<WireServer> {
  const cursors = new CursorRegistry(log);
  const transactions = new TransactionRegistry(pool, cursors, log);
  const dispatcher = new CommandDispatcher(pool, cursors, transactions);
  const sockets = new Set<net.Socket>();
  let nextConnectionId = 1;

  const reaper = setInterval(() => {
    Promise.all([transactions.reapAbandoned(), cursors.closeIdle()]).catch((error: Error) =>
      log(`wire: reaping abandoned transactions/cursors failed: ${error.stack ?? error.message}`),
    );
  }, REAP_INTERVAL_MS);
  reaper.unref();

  /**
   * Answers the driver monitor's awaitable hello after `waitMs` and, when the client allows exhaust,
   * goes on answering every `waitMs` (moreToCome set) until the connection closes, as mongod does.
   */
  async function streamHello(
    socket: net.Socket,
    requestId: number,
    hello: { waitMs: number; answerNow: boolean },
    exhaust: boolean,
    connectionId: number,
  ): Promise<void> {
    let responseTo = requestId;
    let waitMs = hello.answerNow ? 0 : hello.waitMs;
    do {
      if (!(await waitWhileOpen(socket, waitMs))) return;
      const response = encodeOpMsgReply(responseTo, helloReply(connectionId), { moreToCome: exhaust });
      responseTo = response.readInt32LE(4);
      // A reader that stopped reading gets no more: the stream goes on when it drains.
      if (!socket.write(response) && !(await drained(socket))) return;
      // The driver never asks for less than its 500 ms minimum heartbeat; a stream never spins.
      waitMs = Math.max(hello.waitMs, MIN_STREAM_INTERVAL_MS);
    } while (exhaust);
  }

  async function reply(socket: net.Socket, message: WireMessage, connectionId: number): Promise<Buffer | undefined> {
    if (message.opCode === OP_QUERY) {
      // Drivers send the first handshake as a legacy OP_QUERY; nothing else is served that way.
      const { query } = parseOpQuery(message.body);
      const name = Object.keys(query)[0] ?? '';
      return encodeOpReply(
        message.requestId,
        isHelloCommand(name)
          ? helloReply(connectionId)
          : new MongoCommandError(352, 'UnsupportedOpQueryCommand', `OP_QUERY is only served for hello, not '${name}'`).toReply(),
      );
    }
    let command;
    let moreToCome = false;
    let exhaustAllowed = false;
    try {
      ({ command, moreToCome, exhaustAllowed } = parseOpMsg(message.body));
    } catch (error) {
      if (error instanceof WireContentError) return encodeOpMsgReply(message.requestId, invalidBson(error.message).toReply());
      throw error;
    }
    const hello = awaitableHello(command);
    if (hello) {
      await streamHello(socket, message.requestId, hello, exhaustAllowed, connectionId);
      return undefined;
    }
    let result: CommandReply;
    try {
      result = await dispatcher.run(command, { connectionId });
    } catch (error) {
      const mongoError = mongoErrorFromPostgres(error);
      if (!mongoError) log(`wire: command ${Object.keys(command)[0]} failed unexpectedly: ${(error as Error).stack ?? error}`);
      result = (mongoError ?? new MongoCommandError(1, 'InternalError', (error as Error).message)).toReply();
    }
    return moreToCome ? undefined : encodeOpMsgReply(message.requestId, result);
  }

  function serve(socket: net.Socket): void {
    const connectionId = nextConnectionId++;
    sockets.add(socket);
    socket.setNoDelay(true);
    const reader = new MessageReader();
    // Messages of one connection are answered in order; the driver never pipelines on one connection.
    let queue: Promise<void> = Promise.resolve();

    socket.on('data', (chunk) => {
      let messages: WireMessage[];
      try {
        messages = reader.push(chunk);
      } catch (error) {
        const reason = error instanceof WireFramingError ? error.message : ((error as Error).stack ?? String(error));
        log(`wire: closing connection ${connectionId}: ${reason}`);
        socket.destroy();
        return;
      }
      for (const message of messages) {
        queue = queue.then(async () => {
          if (socket.destroyed) return;
          if (message.opCode !== OP_MSG && message.opCode !== OP_QUERY) {
            log(`wire: closing connection ${connectionId}: unsupported opCode ${message.opCode}`);
            socket.destroy();
            return;
          }
          try {
            const response = await reply(socket, message, connectionId);
            if (response && !socket.destroyed) socket.write(response);
          } catch (error) {
            log(`wire: closing connection ${connectionId} after an unexpected error: ${(error as Error).stack ?? error}`);
            socket.destroy();
          }
        });
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!QUIET_SOCKET_ERRORS.has(error.code ?? '')) log(`wire: connection ${connectionId} error: ${error.message}`);
    });
    socket.on('close', () => {
      sockets.delete(socket);
      void queue
        .then(() => transactions.connectionClosed(connectionId))
        .catch((error: Error) => log(`wire: cleanup of connection ${connectionId} failed: ${error.message}`));
    });
  }

  const server = net.createServer(serve);
  server.on('error', (error) => log(`wire: server error: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      clearInterval(reaper);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      await transactions.closeAll();
      await cursors.closeAll();
    },
  };
}

/** Resolves true once the socket drained its write buffer, or false as soon as it closes. */
function drained(socket: net.Socket): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (open: boolean) => () => {
      socket.off('drain', onDrain).off('close', onClose);
      resolve(open);
    };
    const onDrain = done(true);
    const onClose = done(false);
    socket.once('drain', onDrain).once('close', onClose);
  });
}

/** Resolves true after `ms`, or false as soon as the socket closes. */
function waitWhileOpen(socket: net.Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const closed = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      socket.off('close', closed);
      resolve(!socket.destroyed);
    }, ms);
    socket.once('close', closed);
  });
}
