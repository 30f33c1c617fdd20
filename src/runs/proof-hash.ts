import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/** Lower-case hex SHA-256 of a UTF-8 string. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The proof hash of a stored record: SHA-256 of its full canonical JSON (every nesting level,
 * keys sorted). Server-generated and opaque; clients only echo it.
 */
export function proofHash(record: object): string {
  return sha256Hex(canonicalJson(record));
}

/** Prefix of the per-run genesis input, so a genesis hash can never equal a record's hash. */
export const GENESIS_PREFIX = 'kairos:genesis:';

/**
 * The hash that anchors a run's proof chain: what step 1's solution echoes as `proofHash`.
 *
 * The reference uses one global value, sha256("genesis"), because its runs had no identity.
 * Here every run has an id, so genesis is per run (sha256("kairos:genesis:" + runId)): a proof
 * chain cannot be replayed into another run, and clients are unaffected because they echo
 * `challenge.proofHash` instead of hard-coding the value.
 */
export function genesisProofHash(runId: string): string {
  return sha256Hex(GENESIS_PREFIX + runId);
}
