import { BSON, type Document, Int32, Long, ObjectId } from 'bson';
import type pg from 'pg';
import type { CursorRegistry } from './cursors.js';
import { badValue, commandNotFound, cursorNotFound, MongoCommandError, mongoWriteErrorCode } from './mongo-errors.js';
import type { TransactionRegistry } from './transactions.js';
import { LOSSLESS, MAX_MESSAGE_BYTES } from './wire-codec.js';

type Queryable = Pick<pg.Pool, 'query'>;

/** A reply document, or BSON bytes from DocumentDB passed through untouched. */
export type CommandReply = Document | Uint8Array;

export interface CommandContext {
  connectionId: number;
}

const MAX_WIRE_VERSION = 21; // MongoDB 7.0; the v7 driver needs at least 9.
const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
const LOGICAL_SESSION_TIMEOUT_MINUTES = 30;

/** Fields the driver adds for the server itself; DocumentDB's functions must only see the command. */
const DRIVER_FIELDS = [
  '$db',
  'lsid',
  'txnNumber',
  '$clusterTime',
  'autocommit',
  'startTransaction',
  'readConcern',
  'writeConcern',
  '$readPreference',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
];

const bsonParam = (position: number) => `$${position}::bytea::documentdb_core.bson`;

function commandBson(command: Document): Buffer {
  const forwarded: Document = {};
  for (const [field, value] of Object.entries(command)) if (!DRIVER_FIELDS.includes(field)) forwarded[field] = value;
  return Buffer.from(BSON.serialize(forwarded));
}

function stringField(command: Document, field: string): string {
  const value = command[field];
  if (typeof value !== 'string' || value === '') throw badValue(`'${field}' must be a non-empty string`);
  return value;
}

function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (value instanceof Long) return value.toBigInt();
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (value && typeof (value as { valueOf(): unknown }).valueOf === 'function') {
    const primitive = (value as { valueOf(): unknown }).valueOf();
    if (typeof primitive === 'number' && Number.isInteger(primitive)) return BigInt(primitive);
  }
  throw badValue('cursor id must be an integer');
}

/** Cursor id of a first page / getMore page, read from the page itself. */
function pageCursorId(page: Buffer): bigint {
  const { cursor } = BSON.deserialize(page, { useBigInt64: true }) as { cursor?: { id?: bigint | number } };
  return BigInt(cursor?.id ?? 0);
}

/** DocumentDB reports write errors with its own packed codes; the driver expects MongoDB's. */
function withMongoWriteErrorCodes(result: Buffer): CommandReply {
  const reply = BSON.deserialize(result, LOSSLESS);
  const writeErrors = reply.writeErrors as Array<{ code: { valueOf(): number }; errmsg?: string }> | undefined;
  if (!writeErrors?.length) return result;
  for (const writeError of writeErrors) {
    const code = mongoWriteErrorCode(Number(writeError.code.valueOf()));
    writeError.code = new Int32(code);
    if (code === 11000) writeError.errmsg = `E11000 duplicate key error: ${writeError.errmsg ?? ''}`;
  }
  return reply;
}

/**
 * This adapter's topology version. Advertising one lets the driver monitor the server over one
 * long-lived awaitable hello (the streaming protocol, as with mongod) instead of polling: a polling
 * check on a connection that drops at that very moment can wait forever in driver 7.9, so a server
 * would never see the database come back.
 */
const PROCESS_ID = new ObjectId();

/** Answers hello/isMaster as a standalone server that supports sessions (and so transactions). */
export function helloReply(connectionId: number): Document {
  return {
    helloOk: true,
    topologyVersion: { processId: PROCESS_ID, counter: Long.fromNumber(0) },
    isWritablePrimary: true,
    ismaster: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_BYTES,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: LOGICAL_SESSION_TIMEOUT_MINUTES,
    connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
}

export function isHelloCommand(name: string): boolean {
  return name === 'hello' || name === 'isMaster' || name === 'ismaster';
}

/** Longest wait an awaitable hello may ask for (mongod accepts any; the driver asks for heartbeatFrequencyMS). */
const MAX_AWAIT_MS = 60_000;

/**
 * An awaitable hello carries the client's last `topologyVersion` and `maxAwaitTimeMS`. mongod holds
 * it until its topology changes or the time is up; this topology never changes, so the answer comes
 * after `waitMs`, or at once when the client knew another process (`answerNow`). Undefined for an
 * ordinary hello or any other command.
 */
export function awaitableHello(command: Document): { waitMs: number; answerNow: boolean } | undefined {
  const name = Object.keys(command)[0] ?? '';
  const known = command.topologyVersion as { processId?: unknown } | undefined;
  const maxAwait = Number(command.maxAwaitTimeMS?.valueOf());
  if (!isHelloCommand(name) || !known || !Number.isFinite(maxAwait) || maxAwait < 0) return undefined;
  const sameProcess = known.processId instanceof ObjectId && known.processId.equals(PROCESS_ID);
  return { waitMs: Math.min(maxAwait, MAX_AWAIT_MS), answerNow: !sameProcess };
}

/** Runs MongoDB commands through DocumentDB's SQL API. */
export class CommandDispatcher {
  constructor(
    private readonly pool: pg.Pool,
    private readonly cursors: CursorRegistry,
    private readonly transactions: TransactionRegistry,
  ) {}

  async run(command: Document, context: CommandContext): Promise<CommandReply> {
    const name = Object.keys(command)[0] ?? '';
    const serverReply = await this.serverCommand(name, command, context);
    if (serverReply) return serverReply;

    const database = stringField(command, '$db');
    const transactionClient = await this.transactions.enter(command, context.connectionId);
    let failed = true;
    try {
      const reply = await this.dataCommand(name, database, command, transactionClient);
      failed = false;
      return reply;
    } finally {
      if (transactionClient) await this.transactions.finished(command, failed);
    }
  }

  /** Commands answered by the adapter itself, without touching a collection. */
  private async serverCommand(name: string, command: Document, context: CommandContext) {
    if (isHelloCommand(name)) return helloReply(context.connectionId);
    switch (name) {
      case 'ping':
        return { ok: 1 };
      case 'buildInfo':
      case 'buildinfo':
        return {
          version: '7.0.0',
          versionArray: [7, 0, 0, 0],
          gitVersion: 'documentdb-wire-adapter',
          bits: 64,
          maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
          ok: 1,
        };
      case 'getParameter':
        return { featureCompatibilityVersion: { version: '7.0' }, ok: 1 };
      case 'endSessions':
        await this.transactions.endSessions((command.endSessions as unknown[] | undefined) ?? []);
        return { ok: 1 };
      case 'commitTransaction':
        return this.transactions.commit(command);
      case 'abortTransaction':
        return this.transactions.abort(command);
      case 'killCursors':
        return this.killCursors(command);
      default:
        return undefined;
    }
  }

  private async dataCommand(
    name: string,
    database: string,
    command: Document,
    transactionClient: pg.PoolClient | undefined,
  ): Promise<CommandReply> {
    const db: Queryable = transactionClient ?? this.pool;
    const spec = () => commandBson(command);
    switch (name) {
      case 'insert':
      case 'update':
      case 'delete': {
        const { rows } = await db.query(`SELECT p_result::bytea AS result FROM documentdb_api.${name}($1, ${bsonParam(2)})`, [
          database,
          spec(),
        ]);
        return withMongoWriteErrorCodes(rows[0].result);
      }
      case 'findAndModify':
      case 'findandmodify': {
        const { rows } = await db.query(`SELECT p_result::bytea AS result FROM documentdb_api.find_and_modify($1, ${bsonParam(2)})`, [
          database,
          spec(),
        ]);
        return rows[0].result;
      }
      case 'find':
        return this.firstPage('find_cursor_first_page', database, spec(), transactionClient);
      case 'aggregate':
        return this.firstPage('aggregate_cursor_first_page', database, spec(), transactionClient);
      case 'listCollections':
        return this.firstPage('list_collections_cursor_first_page', database, spec(), transactionClient);
      case 'listIndexes':
        return this.firstPage('list_indexes_cursor_first_page', database, spec(), transactionClient);
      case 'getMore':
        return this.getMore(database, command, transactionClient);
      case 'count':
        return this.singleBson(db, `documentdb_api.count_query($1, ${bsonParam(2)})`, [database, spec()]);
      case 'distinct':
        return this.singleBson(db, `documentdb_api.distinct_query($1, ${bsonParam(2)})`, [database, spec()]);
      case 'createIndexes':
        return this.createIndexes(db, database, spec());
      case 'dropIndexes':
      case 'deleteIndexes':
        return this.singleBson(db, `documentdb_api_internal.drop_indexes_non_concurrently($1, ${bsonParam(2)})`, [database, spec()]);
      case 'create':
        return this.singleBson(db, `documentdb_api.create_collection_view($1, ${bsonParam(2)})`, [database, spec()]);
      case 'drop': {
        const collection = stringField(command, 'drop');
        await db.query('SELECT documentdb_api.drop_collection($1, $2)', [database, collection]);
        return { ns: `${database}.${collection}`, ok: 1 };
      }
      case 'dropDatabase':
        await db.query('SELECT documentdb_api.drop_database($1)', [database]);
        return { dropped: database, ok: 1 };
      case 'dbStats':
        return this.singleBson(db, 'documentdb_api.db_stats($1)', [database]);
      case 'collStats':
        return this.singleBson(db, 'documentdb_api.coll_stats($1, $2)', [database, stringField(command, 'collStats')]);
      case 'listDatabases':
        return this.singleBson(db, `documentdb_api.list_databases(${bsonParam(1)})`, [spec()]);
      case 'renameCollection':
        return this.singleBson(db, `documentdb_api.rename_collection(${bsonParam(1)})`, [spec()]);
      default:
        throw commandNotFound(name);
    }
  }

  /** Calls a DocumentDB function that returns one bson value. */
  private async singleBson(db: Queryable, call: string, args: Array<string | Buffer>): Promise<Buffer> {
    const { rows } = await db.query(`SELECT ${call}::bytea AS result`, args);
    return rows[0].result;
  }

  private async createIndexes(db: Queryable, database: string, spec: Buffer): Promise<CommandReply> {
    // The "non-concurrent" build is synchronous, so a query right after createIndexes can use the index.
    const result = await this.singleBson(db, `documentdb_api_internal.create_indexes_non_concurrently($1, ${bsonParam(2)}, true)`, [
      database,
      spec,
    ]);
    const reply = BSON.deserialize(result, LOSSLESS);
    const shardReply = (reply.raw as Document | undefined)?.defaultShard as Document | undefined;
    if (!shardReply) return reply;
    if (Number(shardReply.ok?.valueOf()) !== 1) {
      throw new MongoCommandError(
        Number(shardReply.code?.valueOf() ?? 67),
        String(shardReply.codeName ?? 'CannotCreateIndex'),
        String(shardReply.errmsg ?? 'index creation failed'),
      );
    }
    return { ...shardReply, ok: 1 };
  }

  private async firstPage(
    sqlFunction: string,
    database: string,
    spec: Buffer,
    transactionClient: pg.PoolClient | undefined,
  ): Promise<CommandReply> {
    const client = transactionClient ?? (await this.pool.connect());
    let keepClient = false;
    try {
      const { rows } = await client.query(
        `SELECT cursorpage::bytea AS page, continuation::bytea AS continuation, persistconnection
           FROM documentdb_api.${sqlFunction}($1, ${bsonParam(2)})`,
        [database, spec],
      );
      const { page, continuation, persistconnection } = rows[0] as {
        page: Buffer;
        continuation: Buffer | null;
        persistconnection: boolean;
      };
      const cursorId = pageCursorId(page);
      if (cursorId !== 0n && continuation) {
        keepClient = persistconnection && !transactionClient;
        this.cursors.open({
          id: cursorId,
          database,
          continuation,
          client: persistconnection ? client : undefined,
          ownsClient: keepClient,
        });
      }
      return page;
    } finally {
      if (!transactionClient && !keepClient) client.release();
    }
  }

  private async getMore(database: string, command: Document, transactionClient: pg.PoolClient | undefined): Promise<CommandReply> {
    const id = toBigInt(command.getMore);
    const cursor = this.cursors.get(id);
    if (!cursor) throw cursorNotFound(id);
    const db: Queryable = cursor.client ?? transactionClient ?? this.pool;
    try {
      const { rows } = await db.query(
        `SELECT cursorpage::bytea AS page, continuation::bytea AS continuation
           FROM documentdb_api.cursor_get_more($1, ${bsonParam(2)}, ${bsonParam(3)})`,
        [database, commandBson(command), cursor.continuation],
      );
      const { page, continuation } = rows[0] as { page: Buffer; continuation: Buffer | null };
      if (pageCursorId(page) === 0n || !continuation) await this.cursors.close(id);
      else cursor.continuation = continuation;
      return page;
    } catch (error) {
      await this.cursors.close(id);
      throw error;
    }
  }

  private async killCursors(command: Document): Promise<Document> {
    const killed: unknown[] = [];
    const notFound: unknown[] = [];
    for (const id of (command.cursors as unknown[] | undefined) ?? []) {
      if (await this.cursors.close(toBigInt(id))) killed.push(id);
      else notFound.push(id);
    }
    return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
  }
}
