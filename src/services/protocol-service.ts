import { randomUUID } from 'node:crypto';
import type { Viewer } from '../auth/viewer.js';
import { APP_SPACE } from '../auth/viewer.js';
import type { EventBus } from '../events/event-bus.js';
import {
  type ParsedProtocol,
  ProtocolStructureError,
  renderAdapterMarkdown,
  renderProtocolMarkdown,
} from '../protocol/markdown-protocol.js';
import { isValidSlug, slugify } from '../protocol/slug.js';
import type { MemoryHistoryStore } from '../store/memory-history-store.js';
import type { MemoryRecord, MemoryStore } from '../store/memory-store.js';
import { DuplicateKeyError } from '../store/store-errors.js';
import { MAX_PROTOCOL_STEPS } from '../limits.js';
import { checkText } from './check-text.js';
import { RequestError } from './errors.js';
import { stepRecords, titleKeyOf } from '../store/protocol-step-records.js';
import { refuseProtocolSecrets } from './protocol-secrets.js';
import { parseProtocolMarkdownOffThread } from '../protocol/markdown-off-thread.js';
import { textBytes } from '../store/stored-size.js';
import { contractKeyNotices, type WriteNotice } from '../model/write-notices.js';
import { NO_HOLD, type QuotaHold, type StorageQuota } from './storage-quota.js';
import type { SearchLearningService } from './search-learning-service.js';

/** A protocol as a mint stored it, with what its author should know (contract keys kept but not read). */
export interface MintedProtocol extends ProtocolView {
  notices: WriteNotice[];
}
import type { ArtifactStore } from '../store/artifact-store.js';

/** A protocol is the ordered steps of one chain in one space. */
export interface ProtocolView {
  space: string;
  chainId: string;
  steps: MemoryRecord[];
}

export interface MintInput {
  markdown: string;
  space?: string | null;
  force?: boolean | null;
  protocolVersion?: string | null;
}

/** How many `-2`, `-3`… suffixes an automatic slug may try before giving up (reference §3.8). */
const MAX_SLUG_SUFFIX = 100;

export function protocolHead(protocol: ProtocolView): MemoryRecord {
  return protocol.steps[0]!;
}

/** The protocol as markdown that mints back to the same steps: flat v4 markdown for an adapter, else the v3 dump. */
export function renderProtocol(protocol: ProtocolView): string {
  const chain = protocolHead(protocol).chain!;
  if (chain.adapter) return renderAdapter(protocol);
  return renderProtocolMarkdown({
    title: chain.label,
    slug: chain.slug,
    version: chain.protocolVersion ?? undefined,
    triggers: chain.triggers ?? undefined,
    steps: protocol.steps.map((step) => ({ label: step.label, text: step.text, challenge: step.challenge })),
  });
}

/**
 * A protocol as flat KAIROS 4 markdown (the `export` tool's `markdown` format): frontmatter,
 * `## Activation Patterns`, each layer and its contract block, `## Reward Signal`. Minting it
 * gives the same layers. A v3 protocol is written as an adapter too (its triggers become the
 * activation section).
 */
export function renderAdapter(protocol: ProtocolView): string {
  const chain = protocolHead(protocol).chain!;
  return renderAdapterMarkdown({
    title: chain.label,
    slug: chain.slug,
    version: chain.protocolVersion,
    frontmatter: chain.adapter?.frontmatter ?? null,
    activationText: chain.triggers,
    activationPatterns: chain.adapter?.activationPatterns ?? null,
    rewardSignal: chain.adapter?.rewardSignal ?? null,
    steps: protocol.steps.map((step) => ({ label: step.label, text: step.text, challenge: step.challenge })),
  });
}

export class ProtocolService {
  constructor(
    private readonly store: MemoryStore,
    private readonly history: MemoryHistoryStore,
    private readonly events: EventBus,
    private readonly limits: { maxMarkdownBytes: number },
    private readonly quota: StorageQuota | null = null,
    private readonly learning: SearchLearningService | null = null,
    private readonly artifacts: Pick<ArtifactStore, 'moveToChain'> | null = null,
  ) {}

  /** Cuts a markdown document into steps and stores them as one chain (reference §3.2, §3.8). */
  async mint(viewer: Viewer, input: MintInput): Promise<MintedProtocol> {
    const size = Buffer.byteLength(input.markdown, 'utf8');
    if (size > this.limits.maxMarkdownBytes) {
      throw new RequestError(
        'PAYLOAD_TOO_LARGE',
        `Markdown document is ${size} bytes; the limit is ${this.limits.maxMarkdownBytes} bytes`,
        { sizeBytes: size, limitBytes: this.limits.maxMarkdownBytes },
      );
    }
    const space = resolveWriteSpace(viewer, input.space);
    refuseProtocolSecrets(input.markdown, 'protocol document');
    const parsed = await parseOrExplain(input.markdown);
    const authorSlug = parsed.slug?.toLowerCase();
    if (authorSlug !== undefined && !isValidSlug(authorSlug)) {
      throw new RequestError(
        'INVALID_SLUG',
        'Frontmatter slug must be lowercase letters, digits, and single hyphens only (e.g. analyze-and-plan).',
        { slug: parsed.slug },
      );
    }
    checkMintedText(parsed, input.protocolVersion);
    const titleKey = titleKeyOf(parsed.title);
    const protocolVersion = input.protocolVersion?.trim() || parsed.version || null;
    const hold = this.quota ? await this.checkQuota(viewer, space, titleKey, parsed, Boolean(input.force)) : NO_HOLD;
    const now = new Date();
    const chainId = randomUUID();

    const { steps, replaced } = await this.store
      .withTransaction(async (session) => {
        const existing = await this.store.findHeadByTitleKey(space, titleKey, session);
        let replacedSteps: MemoryRecord[] = [];
        if (existing && !input.force) {
          throw new RequestError(
            'DUPLICATE_CHAIN',
            `A protocol titled "${existing.chain!.label}" already exists in space ${space} (${existing.uri}). Pass force: true to replace it.`,
            { chainId: existing.chain!.chainId, uri: existing.uri },
          );
        }
        if (existing) {
          // The replaced protocol stays restorable: one tombstone per step, in this transaction.
          replacedSteps = await this.store.deleteChain({ space, chainId: existing.chain!.chainId }, session);
          await this.history.insert(
            this.history.deletionRecords(replacedSteps, 'MINT_FORCE', viewer.principalId, now, randomUUID()),
            session,
          );
          // What search learned for the replaced protocol does not carry over to the new one.
          await this.learning?.forgetProtocols([{ space, chainId: existing.chain!.chainId }], viewer.principalId, now, session);
          // The adapter's files belong to it, not to its old chain id.
          await this.artifacts?.moveToChain(existing.chain!.chainId, chainId, space, session);
        }

        const slug = await this.allocateSlug(space, authorSlug, slugify(parsed.title), session);
        const records = stepRecords({ parsed, space, chainId, slug, protocolVersion, principalId: viewer.principalId, now });
        await this.store.insertMany(records, session);
        return { steps: records, replaced: replacedSteps };
      })
      .catch((error: unknown) => {
        // The unique indexes catch a concurrent mint of the same title or slug.
        if (error instanceof DuplicateKeyError) {
          throw new RequestError(
            'DUPLICATE_CHAIN',
            `A protocol titled "${parsed.title}" or with its slug was just minted in space ${space}`,
            {},
          );
        }
        throw error;
      })
      .then(
        (minted) => {
          hold.release();
          // A forced mint freed what it replaced: the cached totals it lowered are read again.
          if (minted.replaced.length > 0)
            this.quota?.forget(
              [space],
              minted.replaced.map((step) => step.createdBy),
            );
          return minted;
        },
        (error: unknown) => {
          // A refusal wrote nothing; any other failure may have committed and stays counted until the next read.
          if (error instanceof RequestError) hold.cancel();
          else hold.release();
          throw error;
        },
      );

    const at = now.toISOString();
    for (const step of replaced)
      this.events.publish('memory', space, { type: 'DELETED', uri: step.uri, space, version: step.version + 1, at });
    for (const step of steps) this.events.publish('memory', space, { type: 'MINTED', uri: step.uri, space, version: step.version, at });
    return { space, chainId, steps, notices: contractKeyNotices(steps) };
  }

  /** The storage quotas, counting what a forced mint replaces as freed. */
  private async checkQuota(viewer: Viewer, space: string, titleKey: string, parsed: ParsedProtocol, force: boolean): Promise<QuotaHold> {
    const adding = parsed.steps.reduce((sum, step) => sum + textBytes(step.text), 0);
    const replaced = force ? await this.store.findHeadByTitleKey(space, titleKey) : null;
    const freed = replaced ? await this.quota!.chainBytes(space, replaced.chain!.chainId) : 0;
    return this.quota!.check(viewer, space, adding, { space: freed, own: replaced?.createdBy === viewer.principalId ? freed : 0 });
  }

  /** The author's slug if free, else the title's slug with the first free numeric suffix. */
  private async allocateSlug(
    space: string,
    authorSlug: string | undefined,
    titleSlug: string,
    session: Parameters<MemoryStore['findHeadsBySlugs']>[2],
  ): Promise<string> {
    if (authorSlug !== undefined) {
      const [taken] = await this.store.findHeadsBySlugs([space], [authorSlug], session);
      if (taken) {
        throw new RequestError('DUPLICATE_SLUG', `Slug "${authorSlug}" is already used by another protocol in this space.`, {
          slug: authorSlug,
          chainId: taken.chain!.chainId,
          sampleUri: taken.uri,
        });
      }
      return authorSlug;
    }
    const candidates = [titleSlug];
    for (let suffix = 2; suffix <= MAX_SLUG_SUFFIX; suffix++) candidates.push(`${titleSlug}-${suffix}`);
    const taken = new Set((await this.store.findHeadsBySlugs([space], candidates, session)).map((head) => head.chain!.slug));
    const free = candidates.find((candidate) => !taken.has(candidate));
    if (!free) {
      throw new RequestError(
        'SLUG_ALLOCATION_EXHAUSTED',
        `No free slug left for "${titleSlug}" in space ${space}; set one in the frontmatter`,
        {
          slug: titleSlug,
        },
      );
    }
    return free;
  }
}

/** Resolves the `space` argument of a write: omitted or "personal" means the caller's default. */
export function resolveWriteSpace(viewer: Viewer, requested: string | null | undefined): string {
  const name = requested?.trim() || viewer.defaultWriteSpace;
  if (name === 'personal' || name === viewer.defaultWriteSpace) {
    if (viewer.writableSpaces.includes(viewer.defaultWriteSpace)) return viewer.defaultWriteSpace;
    throw new RequestError('SPACE_READ_ONLY', `Space ${viewer.defaultWriteSpace} is read-only for this request`, {
      space: viewer.defaultWriteSpace,
    });
  }
  if (name === APP_SPACE) throw new RequestError('SPACE_READ_ONLY', `Space ${APP_SPACE} is read-only`, { space: name });
  if (viewer.writableSpaces.includes(name)) return name;
  throw new RequestError('SPACE_NOT_FOUND', `Space "${name}" does not exist or is not writable by you`, { space: name });
}

async function parseOrExplain(markdown: string): Promise<ParsedProtocol> {
  try {
    return await parseProtocolMarkdownOffThread(markdown);
  } catch (error) {
    if (error instanceof ProtocolStructureError) {
      const code = error.kind === 'STRUCTURE' ? 'PROTOCOL_STRUCTURE_INVALID' : error.kind;
      throw new RequestError(code, error.message, { line: error.line, reason: error.reason });
    }
    if (isTooDeep(error)) throw new RequestError('PROTOCOL_STRUCTURE_INVALID', TOO_DEEP_MESSAGE, { reason: 'NESTED_TOO_DEEPLY' });
    throw error;
  }
}

export const TOO_DEEP_MESSAGE = 'The markdown nests too deeply (lists, block quotes or brackets inside each other): flatten it';

/** A parser that recursed past the stack on hostile nesting: the document's fault, not the server's. */
export function isTooDeep(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The step cap and the per-field limits of src/limits.ts, on what a mint would store. */
function checkMintedText(
  parsed: { title: string; version?: string | null; steps: { label?: string | null }[] },
  protocolVersion: string | null | undefined,
): void {
  if (parsed.steps.length > MAX_PROTOCOL_STEPS) {
    throw new RequestError('PAYLOAD_TOO_LARGE', `The protocol has ${parsed.steps.length} steps; the limit is ${MAX_PROTOCOL_STEPS}`, {
      field: 'steps',
      limit: MAX_PROTOCOL_STEPS,
    });
  }
  checkText('title', parsed.title, { plain: true });
  checkText('protocolVersion', protocolVersion, { plain: true });
  checkText('protocolVersion', parsed.version, { plain: true, name: 'frontmatter version' });
  for (const step of parsed.steps) checkText('label', step.label, { plain: true, name: 'step heading' });
}
