/**
 * The soft-term-matching words of every step of a space (built-in provider), in two shared typed
 * arrays instead of two small typed arrays per step: a step's words are a slice (start, count).
 * A replaced or removed step leaves its slice behind; the arena is compacted when more than half
 * of it is such garbage. 8 bytes per word of a step, plus 8 bytes per step.
 */
import type { StepTerms } from './embeddings/provider.js';

const INITIAL_CAPACITY = 1_024;

export class StepTermsArena {
  private rows: Int32Array = new Int32Array(INITIAL_CAPACITY);
  private weights: Float32Array = new Float32Array(INITIAL_CAPACITY);
  private used = 0;
  private live = 0;
  /** Per slot (the vector index's row): start and count; count 0 is "no words". */
  private starts: number[] = [];
  private counts: number[] = [];

  /** Takes slots and words as they are (a snapshot's space): `offsets` has one entry per slot plus the end. */
  static from(offsets: Int32Array, rows: Int32Array, weights: Float32Array): StepTermsArena {
    const arena = new StepTermsArena();
    const base = offsets[0] ?? 0;
    const slots = Math.max(0, offsets.length - 1);
    arena.rows = rows.length ? rows : new Int32Array(INITIAL_CAPACITY);
    arena.weights = weights.length ? weights : new Float32Array(INITIAL_CAPACITY);
    for (let slot = 0; slot < slots; slot++) {
      arena.starts.push(offsets[slot]! - base);
      arena.counts.push(offsets[slot + 1]! - offsets[slot]!);
    }
    arena.used = arena.live = (offsets[slots] ?? 0) - base;
    return arena;
  }

  /** The words of a slot (views of the arena: read them before the next write). */
  get(slot: number): StepTerms | null {
    const count = this.counts[slot] ?? 0;
    if (count === 0) return null;
    const start = this.starts[slot]!;
    return { rows: this.rows.subarray(start, start + count), weights: this.weights.subarray(start, start + count) };
  }

  set(slot: number, terms: StepTerms | undefined): void {
    this.live -= this.counts[slot] ?? 0;
    // The old words are garbage from here on (a compaction below must not keep them).
    this.starts[slot] = 0;
    this.counts[slot] = 0;
    const count = terms?.rows.length ?? 0;
    if (count === 0) return;
    if (this.used + count > this.rows.length) this.makeRoom(count);
    this.rows.set(terms!.rows, this.used);
    this.weights.set(terms!.weights, this.used);
    this.starts[slot] = this.used;
    this.counts[slot] = count;
    this.used += count;
    this.live += count;
  }

  /** The last slot moves into `slot` (the vector index's swap-remove). */
  moveLastInto(slot: number): void {
    const last = this.starts.length - 1;
    this.live -= this.counts[slot] ?? 0;
    if (slot !== last) {
      this.starts[slot] = this.starts[last]!;
      this.counts[slot] = this.counts[last]!;
    }
    this.starts.pop();
    this.counts.pop();
  }

  /** Compacted copies for the snapshot: offsets per slot (plus the end), words, weights. */
  export(): { offsets: Int32Array; rows: Int32Array; weights: Float32Array } {
    const offsets = new Int32Array(this.starts.length + 1);
    const rows = new Int32Array(this.live);
    const weights = new Float32Array(this.live);
    let at = 0;
    for (let slot = 0; slot < this.starts.length; slot++) {
      offsets[slot] = at;
      const start = this.starts[slot]!;
      const count = this.counts[slot]!;
      rows.set(this.rows.subarray(start, start + count), at);
      weights.set(this.weights.subarray(start, start + count), at);
      at += count;
    }
    offsets[this.starts.length] = at;
    return { offsets, rows, weights };
  }

  private makeRoom(count: number): void {
    const compacted = this.export();
    const capacity = Math.max(INITIAL_CAPACITY, 2 * (this.live + count));
    this.rows = new Int32Array(capacity);
    this.weights = new Float32Array(capacity);
    this.rows.set(compacted.rows);
    this.weights.set(compacted.weights);
    for (let slot = 0; slot < this.starts.length; slot++) this.starts[slot] = compacted.offsets[slot]!;
    this.used = this.live;
  }
}
