/**
 * 0.2 → 0.3: the text index reads a normalised copy of each memory's title, triggers, label and
 * text (src/store/indexed-text.ts) instead of the raw fields. MemoryStore.ensureIndexes drops the
 * old index and creates `memory_text_v3`; this gives every memory written before (or with an
 * older normalisation) its copy, run in the background at start until a pass leaves none behind;
 * then a marker in `migrations` (one per INDEXED_TEXT_VERSION) spares later starts the scan. Until
 * a memory has its copy, `$text` (project-memory search, the protocol search fallback) does not
 * find it; the in-process lexical index reads the raw text and is not affected.
 */
import type { AnyBulkWriteOperation, Db } from 'mongodb';
import { INDEXED_TEXT_VERSION, indexedTextOf } from '../store/indexed-text.js';
import type { MemoryRecord } from '../store/memory-store.js';

/** Memories one batch reads and writes (each carries up to a protocol step's text). */
const BATCH = 100;

/** Writes the missing or outdated copies; returns how many it wrote. */
export async function backfillIndexedText(db: Db): Promise<number> {
  const migrations = db.collection<{ _id: string; at: Date; written: number }>('migrations');
  const marker = `indexed-text-v${INDEXED_TEXT_VERSION}`;
  if (await migrations.findOne({ _id: marker })) return 0;
  const memories = db.collection<MemoryRecord>('memories');
  const outdated = { 'indexedText.version': { $ne: INDEXED_TEXT_VERSION } };
  let written = 0;
  /** Memories a write changed between the read and the copy: left for the next start. */
  let skipped = 0;
  let after = '';
  for (;;) {
    // In _id order from where the last batch ended: a memory another write changed meanwhile is
    // left for the next start rather than read again and again.
    const batch = await memories
      .find(
        { ...outdated, _id: { $gt: after } },
        { projection: { _id: 1, version: 1, label: 1, text: 1, 'chain.label': 1, 'chain.triggers': 1 }, sort: { _id: 1 }, limit: BATCH },
      )
      .toArray();
    if (batch.length === 0) break;
    const operations: AnyBulkWriteOperation<MemoryRecord>[] = batch.map((memory) => ({
      updateOne: {
        // Only if nothing wrote the memory since it was read (every write moves `version` on).
        filter: { _id: memory._id, version: memory.version, ...outdated },
        update: { $set: { indexedText: indexedTextOf(memory) } },
      },
    }));
    const result = await memories.bulkWrite(operations, { ordered: false });
    written += result.modifiedCount;
    skipped += batch.length - result.modifiedCount;
    after = batch[batch.length - 1]!._id;
    if (batch.length < BATCH) break;
  }
  // Every write since this version stores the current copy itself: nothing is left to look for.
  if (skipped === 0) await migrations.updateOne({ _id: marker }, { $setOnInsert: { at: new Date(), written } }, { upsert: true });
  return written;
}
