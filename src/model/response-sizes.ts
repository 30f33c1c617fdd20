import type { Viewer } from '../auth/viewer.js';

/** What a big text field returns, priced by the size stored on its documents (the response budget, docs/security.md). */
export const SIZED_KINDS = ['MEMORY_TEXT', 'PROTOCOL', 'RUN', 'ARTIFACT'] as const;
export type SizedKind = (typeof SIZED_KINDS)[number];

/** Stored sizes the response budget prices a query with before it runs (src/services/response-sizes.ts answers). */
export interface StoredSizeOracle {
  /** Bytes of `count` answers of this kind at most, among what the viewer can read. */
  largest(viewer: Viewer, kind: SizedKind, count: number): Promise<number>;
}
