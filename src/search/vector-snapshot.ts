/**
 * A local copy of the search vectors in the data directory, so a start after the first need not
 * read every vector document through the engine (about 6–10 s at 28,000 steps here; the file
 * takes well under a second). It is only ever a head start: src/search/indexes/semantic-index.ts
 * checks it against the database's `search_state` (its id, model and dimensions) and then reads
 * from the engine every vector written since the copy was taken and, when the counts disagree,
 * the ids, so a stale or foreign copy never answers a search.
 *
 * File layout (little-endian): "KVS2", header length u32, the header as JSON (padded to 4 bytes;
 * it lists the spaces with their row and word counts), then per space its vectors (float32,
 * rows × dimensions), its word offsets (int32, rows + 1), word rows (int32) and weights (float32),
 * then per space its memory ids and chain ids, all joined by "\n" (UTF-8). Written under a temporary name and renamed: never half a file.
 */
import { mkdir, readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SpaceRows } from './vector-index.js';

const MAGIC = 'KVS2';
const FILE_PREFIX = 'search-vectors-';
/** Snapshots of other databases not written for this long are removed when one is written. */
const FORGOTTEN_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

export interface SnapshotHeader {
  /** `search_state.instanceId` of the database the vectors came from. */
  instanceId: string;
  model: string;
  dimensions: number;
  /** Every vector updated before this instant (ms since the epoch, this host's clock) is in the file. */
  syncedAt: number;
}

export interface SpaceSnapshot {
  space: string;
  rows: SpaceRows;
}

export interface Snapshot {
  header: SnapshotHeader;
  spaces: SpaceSnapshot[];
}

export function snapshotPath(dir: string, instanceId: string): string {
  return path.join(dir, `${FILE_PREFIX}${instanceId.replace(/[^A-Za-z0-9-]/g, '')}.kvs`);
}

/** Into one buffer, copied straight from the given arrays (they may be views of a live index: encode before it changes). */
export function encodeSnapshot({ header, spaces }: Snapshot): Buffer {
  const layout = spaces.map(({ space, rows }) => ({ space, rows: rows.memoryIds.length, terms: rows.termRows.length }));
  const headerBytes = Buffer.from(JSON.stringify({ ...header, spaces: layout }), 'utf8');
  const headerLength = Math.ceil(headerBytes.length / 4) * 4;
  const ids = spaces.flatMap(({ rows }) => [...rows.memoryIds, ...rows.chainIds]).join('\n');
  const arrays = spaces.flatMap(({ rows }) => [rows.vectors, rows.termOffsets, rows.termRows, rows.termWeights]);
  const idBytes = Buffer.byteLength(ids, 'utf8');
  const out = Buffer.alloc(8 + headerLength + arrays.reduce((sum, array) => sum + array.byteLength, 0) + idBytes, 0x20);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerLength, 4);
  headerBytes.copy(out, 8);
  let at = 8 + headerLength;
  for (const array of arrays) {
    out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    at += array.byteLength;
  }
  out.write(ids, at, 'utf8');
  return out;
}

/** Throws on a file that is not a whole snapshot. */
export function decodeSnapshot(bytes: Buffer): Snapshot {
  if (bytes.length < 8 || bytes.toString('latin1', 0, 4) !== MAGIC) throw new Error('not a search-vector snapshot (bad magic)');
  const headerLength = bytes.readUInt32LE(4);
  const meta = JSON.parse(bytes.toString('utf8', 8, 8 + headerLength)) as SnapshotHeader & {
    spaces: { space: string; rows: number; terms: number }[];
  };
  const dims = meta.dimensions;
  let at = 8 + headerLength;
  // Copies into fresh (aligned) arrays: the file's buffer is let go.
  const take = <T extends Int32Array | Float32Array>(Kind: new (length: number) => T, length: number): T => {
    const array = new Kind(length);
    const byteLength = length * 4;
    if (at + byteLength > bytes.length) throw new Error('search-vector snapshot is cut short');
    new Uint8Array(array.buffer).set(bytes.subarray(at, at + byteLength));
    at += byteLength;
    return array;
  };
  const sections = meta.spaces.map(({ rows, terms }) => ({
    vectors: take(Float32Array, rows * dims),
    termOffsets: take(Int32Array, rows + 1),
    termRows: take(Int32Array, terms),
    termWeights: take(Float32Array, terms),
  }));
  const total = meta.spaces.reduce((sum, space) => sum + 2 * space.rows, 0);
  const ids = total === 0 ? [] : bytes.toString('utf8', at).split('\n');
  if (ids.length !== total) throw new Error('search-vector snapshot ids do not match its rows');
  let idAt = 0;
  const spaces = meta.spaces.map(({ space, rows }, i) => {
    const memoryIds = ids.slice(idAt, idAt + rows);
    const chainIds = ids.slice(idAt + rows, idAt + 2 * rows);
    idAt += 2 * rows;
    return { space, rows: { memoryIds, chainIds, ...sections[i]! } };
  });
  const { instanceId, model, dimensions, syncedAt } = meta;
  return { header: { instanceId, model, dimensions, syncedAt }, spaces };
}

/** The snapshot of one database, or null when there is none (or it cannot be read whole). */
export async function readSnapshot(dir: string, instanceId: string): Promise<Snapshot | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(snapshotPath(dir, instanceId));
  } catch {
    return null;
  }
  try {
    return decodeSnapshot(bytes);
  } catch {
    return null;
  }
}

/** Encodes at once (row vectors may be views of a live index), then writes. */
export async function writeSnapshot(dir: string, snapshot: Snapshot): Promise<void> {
  const bytes = encodeSnapshot(snapshot);
  await mkdir(dir, { recursive: true });
  const file = snapshotPath(dir, snapshot.header.instanceId);
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  await forgetOldSnapshots(dir, file);
}

/** Removes one database's snapshot (a dropped bench database, a test). */
export async function removeSnapshot(dir: string, instanceId: string): Promise<void> {
  await unlink(snapshotPath(dir, instanceId)).catch(() => {});
}

async function forgetOldSnapshots(dir: string, keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    if (!name.startsWith(FILE_PREFIX) || file === keep) continue;
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > FORGOTTEN_AFTER_MS) await unlink(file).catch(() => {});
  }
}
