/**
 * MongoDB wire-protocol framing: the subset the official driver speaks to a standalone server.
 * https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/
 */
import { BSON, type Document } from 'bson';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;

const HEADER_BYTES = 16;
/** Same limit mongod advertises as maxMessageSizeBytes. */
export const MAX_MESSAGE_BYTES = 48_000_000;

const FLAG_CHECKSUM_PRESENT = 1 << 0;
const FLAG_MORE_TO_COME = 1 << 1;
const FLAG_EXHAUST_ALLOWED = 1 << 16;

/**
 * Deserialize so that re-serializing gives back the same BSON types (Int32 stays Int32, Long stays Long,
 * regexes keep their flags), because commands are forwarded to DocumentDB after small edits.
 */
export const LOSSLESS = { promoteLongs: false, promoteValues: false, promoteBuffers: false, bsonRegExp: true } as const;

/** A protocol violation after which the connection cannot be trusted to stay in frame. */
export class WireFramingError extends Error {}

/** A well-framed message whose content is unusable; answered with an error reply. */
export class WireContentError extends Error {}

export interface WireMessage {
  requestId: number;
  opCode: number;
  body: Buffer;
}

/**
 * Reassembles messages from socket chunks. Chunks are only joined once a whole message is there,
 * so a large insert arriving in many small chunks is copied once, not once per chunk.
 */
export class MessageReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private nextMessageLength = 4;

  /** Returns the messages completed by `chunk`; throws WireFramingError on a bad declared length. */
  push(chunk: Buffer): WireMessage[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.buffered < this.nextMessageLength) return [];
    const buffer = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.buffered);
    const messages: WireMessage[] = [];
    let offset = 0;
    this.nextMessageLength = 4;
    while (buffer.length - offset >= 4) {
      const length = buffer.readInt32LE(offset);
      if (length < HEADER_BYTES || length > MAX_MESSAGE_BYTES) {
        throw new WireFramingError(`invalid message length ${length}`);
      }
      if (buffer.length - offset < length) {
        this.nextMessageLength = length;
        break;
      }
      messages.push({
        requestId: buffer.readInt32LE(offset + 4),
        opCode: buffer.readInt32LE(offset + 12),
        body: buffer.subarray(offset + HEADER_BYTES, offset + length),
      });
      offset += length;
    }
    const rest = buffer.subarray(offset);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return messages;
  }
}

function readDocument(buffer: Buffer, offset: number): { document: Document; end: number } {
  if (offset + 4 > buffer.length) throw new WireContentError('truncated BSON document');
  const size = buffer.readInt32LE(offset);
  if (size < 5 || offset + size > buffer.length) throw new WireContentError(`invalid BSON document size ${size}`);
  try {
    return { document: BSON.deserialize(buffer.subarray(offset, offset + size), LOSSLESS), end: offset + size };
  } catch (error) {
    throw new WireContentError(`invalid BSON: ${(error as Error).message}`);
  }
}

function readCString(buffer: Buffer, offset: number): { value: string; end: number } {
  const nul = buffer.indexOf(0, offset);
  if (nul < 0) throw new WireContentError('unterminated string');
  return { value: buffer.toString('utf8', offset, nul), end: nul + 1 };
}

export interface CommandMessage {
  /** The command document with every document sequence (kind 1 section) folded in as an array field. */
  command: Document;
  /** The client expects no reply (unacknowledged writes). */
  moreToCome: boolean;
  /** The client accepts a stream of replies to this one request (the monitor's awaitable hello). */
  exhaustAllowed: boolean;
}

export function parseOpMsg(body: Buffer): CommandMessage {
  if (body.length < 5) throw new WireContentError('OP_MSG too short');
  const flags = body.readUInt32LE(0);
  const end = flags & FLAG_CHECKSUM_PRESENT ? body.length - 4 : body.length;
  let command: Document | undefined;
  const sequences: Array<[string, Document[]]> = [];
  let offset = 4;
  while (offset < end) {
    const kind = body[offset];
    offset += 1;
    if (kind === 0) {
      const { document, end: next } = readDocument(body, offset);
      command = document;
      offset = next;
    } else if (kind === 1) {
      if (offset + 4 > end) throw new WireContentError('truncated document sequence');
      const sectionEnd = offset + body.readInt32LE(offset);
      if (sectionEnd > end || sectionEnd < offset + 5) throw new WireContentError('invalid document sequence size');
      const identifier = readCString(body, offset + 4);
      const documents: Document[] = [];
      let cursor = identifier.end;
      while (cursor < sectionEnd) {
        const { document, end: next } = readDocument(body, cursor);
        documents.push(document);
        cursor = next;
      }
      sequences.push([identifier.value, documents]);
      offset = sectionEnd;
    } else {
      throw new WireContentError(`unknown OP_MSG section kind ${kind}`);
    }
  }
  if (!command) throw new WireContentError('OP_MSG without a body section');
  for (const [identifier, documents] of sequences) command[identifier] = documents;
  return { command, moreToCome: (flags & FLAG_MORE_TO_COME) !== 0, exhaustAllowed: (flags & FLAG_EXHAUST_ALLOWED) !== 0 };
}

export interface LegacyQuery {
  collection: string;
  query: Document;
}

export function parseOpQuery(body: Buffer): LegacyQuery {
  if (body.length < 4) throw new WireContentError('OP_QUERY too short');
  const collection = readCString(body, 4);
  const { document } = readDocument(body, collection.end + 8);
  // Old drivers wrap the command as { $query: {...}, $readPreference: ... }.
  const query = document.$query && typeof document.$query === 'object' ? (document.$query as Document) : document;
  return { collection: collection.value, query };
}

let nextRequestId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const buffer = Buffer.alloc(HEADER_BYTES);
  buffer.writeInt32LE(length, 0);
  buffer.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
  return buffer;
}

/**
 * An OP_MSG reply; `reply` may already be BSON bytes (DocumentDB results are passed through untouched).
 * `moreToCome` marks one reply of a stream: more will follow without another request.
 */
export function encodeOpMsgReply(responseTo: number, reply: Document | Uint8Array, options: { moreToCome?: boolean } = {}): Buffer {
  const document = reply instanceof Uint8Array ? reply : BSON.serialize(reply);
  const prefix = Buffer.alloc(5); // flagBits, then section kind 0
  if (options.moreToCome) prefix.writeUInt32LE(FLAG_MORE_TO_COME, 0);
  return Buffer.concat([header(HEADER_BYTES + 5 + document.length, responseTo, OP_MSG), prefix, document]);
}

export function encodeOpReply(responseTo: number, reply: Document): Buffer {
  const document = BSON.serialize(reply);
  const fields = Buffer.alloc(20); // responseFlags, cursorID (int64), startingFrom, numberReturned
  fields.writeInt32LE(1, 16);
  return Buffer.concat([header(HEADER_BYTES + 20 + document.length, responseTo, OP_REPLY), fields, document]);
}
