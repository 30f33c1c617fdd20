/**
 * What a write tells its author beside what it stored, as data: each door words it in its own
 * renderer (src/render/). A contract key the reader does not read is kept, as KAIROS 4 keeps any
 * key, and named here so that a typo (`user_input.requred_human`, `shell.timout`) is seen.
 */
import type { Challenge } from '../protocol/challenge.js';
import { contractKeysReadBeside, unreadContractKeys } from '../protocol/challenge-json.js';

export const WRITE_NOTICE_CODES = ['CONTRACT_KEYS_NOT_READ'] as const;
export type WriteNoticeCode = (typeof WRITE_NOTICE_CODES)[number];

/** One key the reader does not read: where it sits, and the keys read at that place. */
export interface UnreadContractKey {
  path: string;
  readThere: readonly string[];
}

export interface WriteNotice {
  code: WriteNoticeCode;
  /** The step (`kairos://mem/<id>`) whose contract holds the keys. */
  uri: string;
  keys: UnreadContractKey[];
}

/** A notice for each step whose contract keeps keys the reader does not read. */
export function contractKeyNotices(steps: readonly { uri: string; challenge?: Challenge | null }[]): WriteNotice[] {
  return steps.flatMap((step) => {
    if (!step.challenge) return [];
    const paths = unreadContractKeys(step.challenge);
    if (paths.length === 0) return [];
    const type = step.challenge.type;
    return [
      {
        code: 'CONTRACT_KEYS_NOT_READ' as const,
        uri: step.uri,
        keys: paths.map((path) => ({ path, readThere: contractKeysReadBeside(type, path) })),
      },
    ];
  });
}
