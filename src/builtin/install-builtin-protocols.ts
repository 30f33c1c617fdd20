/**
 * Mints the built-in protocols (reference §2.7) into the read-only `app` space at start-up.
 * Step 1 of each gets its fixed id; later steps get random ids. Idempotent: a protocol whose
 * markdown hash matches the stored one is left alone; a changed file replaces its chain in one
 * transaction. Users cannot change them: `app` is in no viewer's writable spaces.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { APP_SPACE } from '../auth/viewer.js';
import { parseProtocolMarkdown } from '../protocol/markdown-protocol.js';
import { BUILTIN_PROTOCOL_IDS } from '../search/builtin-protocol-ids.js';
import { stepRecords } from '../store/protocol-step-records.js';
import type { MemoryRecord, MemoryStore } from '../store/memory-store.js';
import { DuplicateKeyError } from '../store/store-errors.js';

export interface BuiltinProtocolSource {
  /** The fixed id of step 1. */
  headId: string;
  /** Resolved against this module so a clean clone run with tsx finds the files. */
  file: URL;
}

export const BUILTIN_PROTOCOLS: readonly BuiltinProtocolSource[] = [
  { headId: BUILTIN_PROTOCOL_IDS.createNewProtocol, file: new URL('./create-new-protocol.md', import.meta.url) },
  { headId: BUILTIN_PROTOCOL_IDS.refineSearch, file: new URL('./refine-search.md', import.meta.url) },
  { headId: BUILTIN_PROTOCOL_IDS.challengeTypeGuide, file: new URL('./challenge-type-guide.md', import.meta.url) },
];

/** Who the built-ins are recorded as created by. */
const SYSTEM_PRINCIPAL = 'kairos';

/** Installs or refreshes every built-in; returns the slugs it (re)wrote. */
export async function installBuiltinProtocols(
  store: MemoryStore,
  sources: readonly BuiltinProtocolSource[] = BUILTIN_PROTOCOLS,
): Promise<string[]> {
  const written: string[] = [];
  for (const source of sources) {
    const markdown = await readFile(source.file, 'utf8');
    const sourceHash = createHash('sha256').update(markdown).digest('hex');
    const [stored] = await store.findByIds([source.headId], [APP_SPACE]);
    if (stored?.sourceHash === sourceHash) continue;
    const records = builtinRecords(source.headId, markdown, sourceHash);
    const chain = records[0]!.chain!;
    let replaced: boolean;
    try {
      replaced = await store.withTransaction(async (session) => {
        const [current] = await store.findByIds([source.headId], [APP_SPACE], session);
        if (current?.sourceHash === sourceHash) return false;
        // The old chain, and any app chain holding this title or slug (a renamed or stale copy).
        const stale = [
          current,
          await store.findHeadByTitleKey(APP_SPACE, chain.titleKey, session),
          ...(await store.findHeadsBySlugs([APP_SPACE], [chain.slug], session)),
        ];
        const chainIds = new Set(stale.flatMap((head) => (head?.chain ? [head.chain.chainId] : [])));
        for (const chainId of chainIds) await store.deleteChain({ space: APP_SPACE, chainId }, session);
        await store.insertMany(records, session);
        return true;
      });
    } catch (error) {
      // Another server on the same database installed it at the same moment: same content, done.
      if (error instanceof DuplicateKeyError) continue;
      throw error;
    }
    if (replaced) written.push(chain.slug);
  }
  return written;
}

function builtinRecords(headId: string, markdown: string, sourceHash: string): MemoryRecord[] {
  const parsed = parseProtocolMarkdown(markdown);
  if (!parsed.slug) throw new Error(`built-in protocol "${parsed.title}" needs a frontmatter slug`);
  const records = stepRecords({
    parsed,
    space: APP_SPACE,
    chainId: randomUUID(),
    slug: parsed.slug,
    protocolVersion: parsed.version ?? null,
    principalId: SYSTEM_PRINCIPAL,
    now: new Date(),
    headId,
  });
  records[0]!.sourceHash = sourceHash;
  return records;
}
