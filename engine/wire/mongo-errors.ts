import type { Document } from 'bson';

/** A MongoDB command error, sent back as `{ ok: 0, errmsg, code, codeName, errorLabels? }`. */
export class MongoCommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    readonly errorLabels: string[] = [],
  ) {
    super(message);
  }

  toReply(): Document {
    const reply: Document = { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName };
    if (this.errorLabels.length > 0) reply.errorLabels = this.errorLabels;
    return reply;
  }
}

export const TRANSIENT_TRANSACTION_ERROR = 'TransientTransactionError';

export const writeConflict = (message: string) => new MongoCommandError(112, 'WriteConflict', message, [TRANSIENT_TRANSACTION_ERROR]);
export const noSuchTransaction = (message: string) =>
  new MongoCommandError(251, 'NoSuchTransaction', message, [TRANSIENT_TRANSACTION_ERROR]);
export const commandNotFound = (name: string) => new MongoCommandError(59, 'CommandNotFound', `no such command: '${name}'`);
export const badValue = (message: string) => new MongoCommandError(2, 'BadValue', message);
export const cursorNotFound = (id: bigint) => new MongoCommandError(43, 'CursorNotFound', `cursor id ${id} not found`);
export const invalidBson = (message: string) => new MongoCommandError(22, 'InvalidBSON', message);

/**
 * DocumentDB raises MongoDB errors as SQLSTATEs of class "M" (its documentdb_codes.txt);
 * these are the ones a client can meaningfully branch on. Others surface as InternalError with their message.
 */
const DOCUMENTDB_SQLSTATES: Record<string, [number, string]> = {
  M0000: [1, 'InternalError'],
  M0001: [2, 'BadValue'],
  M0002: [5, 'GraphContainsCycle'],
  M0003: [9, 'FailedToParse'],
  M0004: [14, 'TypeMismatch'],
  M0005: [15, 'Overflow'],
  M00DO: [16, 'InvalidLength'],
  M0006: [20, 'IllegalOperation'],
  M0007: [23, 'AlreadyInitialized'],
  M0008: [26, 'NamespaceNotFound'],
  M0009: [27, 'IndexNotFound'],
  M000A: [28, 'PathNotViable'],
  M000C: [34, 'CannotBackfillArray'],
  M000D: [40, 'ConflictingUpdateOperators'],
  M000E: [43, 'CursorNotFound'],
  M000F: [48, 'NamespaceExists'],
  M000G: [52, 'DollarPrefixedFieldName'],
  M000H: [53, 'CanNotBeTypeArray'],
  M000I: [54, 'NotSingleValueField'],
  M000J: [56, 'EmptyFieldName'],
  M000K: [57, 'DottedFieldName'],
  M000M: [66, 'ImmutableField'],
  M000N: [67, 'CannotCreateIndex'],
  M000O: [68, 'IndexAlreadyExists'],
  M000P: [72, 'InvalidOptions'],
  M000Q: [73, 'InvalidNamespace'],
  M000R: [85, 'IndexOptionsConflict'],
  M000S: [86, 'IndexKeySpecsConflict'],
  M000T: [111, 'NotExactValueField'],
  M000U: [115, 'CommandNotSupported'],
  M00CO: [121, 'DocumentFailedValidation'],
  M000W: [146, 'ExceededMemoryLimit'],
  M000Z: [166, 'CommandNotSupportedOnView'],
  M0012: [197, 'InvalidIndexSpecificationOption'],
  M0013: [224, 'QueryFeatureNotAllowed'],
  M0015: [241, 'ConversionFailure'],
  M0016: [263, 'OperationNotSupportedInTransaction'],
  M001B: [10334, 'BsonObjectTooLarge'],
  M001C: [11000, 'DuplicateKey'],
  M0035: [17194, 'ExactlyOneTextIndex'],
};

/** writeErrors carry the SQLSTATE packed as PostgreSQL's MAKE_SQLSTATE integer (six bits per character). */
function unpackSqlState(packed: number): string {
  let state = '';
  for (let i = 0; i < 5; i += 1) state += String.fromCharCode(((packed >>> (6 * i)) & 0x3f) + 48);
  return state;
}

/** Maps a writeErrors[].code from DocumentDB to MongoDB's code; real MongoDB codes pass through. */
export function mongoWriteErrorCode(code: number): number {
  const mapped = DOCUMENTDB_SQLSTATES[unpackSqlState(code)];
  return mapped ? mapped[0] : code;
}

interface PgErrorLike {
  code?: unknown;
  message: string;
}

function isPgError(error: unknown): error is PgErrorLike & { code: string } {
  return error instanceof Error && typeof (error as PgErrorLike).code === 'string';
}

/**
 * Translates an error from a DocumentDB call into a MongoDB error, or undefined if it is not a
 * database-reported error (a bug or an outage, which the caller logs).
 */
export function mongoErrorFromPostgres(error: unknown): MongoCommandError | undefined {
  if (error instanceof MongoCommandError) return error;
  if (!isPgError(error)) return undefined;
  const { code, message } = error;
  const documentDbCode = DOCUMENTDB_SQLSTATES[code];
  if (documentDbCode) return new MongoCommandError(documentDbCode[0], documentDbCode[1], message);
  if (code.startsWith('M')) return new MongoCommandError(1, 'InternalError', message);
  switch (code) {
    case '23505': // unique_violation
    case '23P01': // exclusion_violation: DocumentDB enforces unique indexes with exclusion constraints
      return new MongoCommandError(11000, 'DuplicateKey', `E11000 duplicate key error: ${message}`);
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return writeConflict(`Write conflict during plan execution: ${message}`);
    case '25P02': // in_failed_sql_transaction
      return noSuchTransaction('Transaction has been aborted by an earlier error');
    case '57014': // query_canceled
      return new MongoCommandError(50, 'MaxTimeMSExpired', message);
    default:
      return undefined;
  }
}
