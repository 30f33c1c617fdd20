import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';

const deflate = promisify(deflateRaw);

/** One file of a zip archive; a path ending in "/" is a directory entry. */
export interface ZipEntry {
  path: string;
  data: Uint8Array;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
/** 1980-01-01 00:00 in DOS time: fixed, so the same adapters give the same bytes. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;
const DOS_TIME = 0;

/**
 * A plain zip writer (deflate, no zip64: bundles stay far below 4 GB and 65,535 entries): yields
 * the archive a piece at a time, each entry's header and data as soon as the entry arrives, then
 * the central directory, so a download can be streamed while the next skill is still being read.
 * Compression runs on libuv's thread pool and the loop gets a turn between entries, so a large
 * bundle never holds other requests for longer than one entry's checksum.
 */
export async function* zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const directory = entry.path.endsWith('/');
    const raw = Buffer.from(entry.data);
    const compressed = directory ? raw : await deflate(raw);
    const method = directory ? 0 : 8;
    const checksum = directory ? 0 : crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(0x0314, 4); // made by: unix, 2.0
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt16LE(DOS_TIME, 12);
    header.writeUInt16LE(DOS_DATE, 14);
    header.writeUInt32LE(checksum, 16);
    header.writeUInt32LE(compressed.length, 20);
    header.writeUInt32LE(raw.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(directory ? ((0o40755 << 16) | 0x10) >>> 0 : (0o100644 << 16) >>> 0, 38);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + compressed.length;
    count++;
    yield Buffer.concat([local, name, compressed]);
    await nextTurn();
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([directory, end]);
}

/** The whole archive in memory, with its SHA-256 taken as it is written: for answers small enough to send inline. */
export async function zipBytes(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): Promise<{ bytes: Buffer; sha256: string }> {
  const parts: Buffer[] = [];
  const hash = createHash('sha256');
  for await (const part of zipStream(entries)) {
    parts.push(part);
    hash.update(part);
  }
  return { bytes: Buffer.concat(parts), sha256: hash.digest('hex') };
}
