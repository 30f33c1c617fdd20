import DataLoader from 'dataloader';
import type { Viewer } from '../auth/viewer.js';
import type { MemoryCategory, MemoryRecord, MemoryStore, SpaceSummary } from '../store/memory-store.js';
import { chainKeyString } from '../store/memory-store.js';
import { RequestError } from './errors.js';
import { decodeCursor, type Page, pageSize, toPage } from './page.js';
import { isUuid, parseKairosUri } from '../model/kairos-uri.js';
import type { ProtocolView } from './protocol-service.js';
import type { SlugChoice } from '../model/run-answers.js';
import { requireReadableSpace } from './spaces.js';

export interface MemoryListArgs {
  space?: string | null;
  category?: MemoryCategory | null;
  chainId?: string | null;
  tag?: string | null;
  first?: number | null;
  after?: string | null;
}

export type MemoryPage = Page<MemoryRecord>;

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 500;

/**
 * Reads for one operation, batched through DataLoaders and scoped to the viewer's spaces.
 * Built per request; a subscription builds it with `cache: false` so a long-lived
 * operation never sees a stale record.
 */
export class MemoryReader {
  private readonly memoryById: DataLoader<string, MemoryRecord | null>;
  private readonly chainSteps: DataLoader<string, MemoryRecord[]>;

  constructor(
    private readonly store: MemoryStore,
    private readonly viewer: Viewer,
    options: { cache: boolean } = { cache: true },
  ) {
    this.memoryById = new DataLoader(
      async (ids) => {
        const records = await store.findByIds(ids, viewer.readableSpaces);
        const byId = new Map(records.map((record) => [record._id, record]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { cache: options.cache },
    );
    this.chainSteps = new DataLoader(
      async (keys) => {
        const chains = keys.map((key) => {
          const [space, chainId] = key.split('\u0000') as [string, string];
          return { space, chainId };
        });
        const readable = chains.filter((chain) => viewer.readableSpaces.includes(chain.space));
        const steps = await store.findChainSteps(readable);
        const byChain = new Map<string, MemoryRecord[]>();
        for (const step of steps) {
          const key = chainKeyString({ space: step.space, chainId: step.chain!.chainId });
          byChain.set(key, [...(byChain.get(key) ?? []), step]);
        }
        return keys.map((key) => byChain.get(key) ?? []);
      },
      { cache: options.cache },
    );
  }

  /** The spaces this reader sees. */
  get readableSpaces(): readonly string[] {
    return this.viewer.readableSpaces;
  }

  /** A memory by `kairos://mem/…` or `kairos://layer/…`; an adapter URI names its protocol's step 1. */
  async memory(uri: string): Promise<MemoryRecord | null> {
    return (await this.named(uri)).record;
  }

  /** As `memory`, with how a slug was resolved when it named protocols in several spaces. */
  private async named(uri: string): Promise<{ record: MemoryRecord | null; slugChoice: SlugChoice | null }> {
    const parsed = parseKairosUri(uri);
    if (parsed === null) return { record: null, slugChoice: null };
    return parsed.kind === 'adapter' ? this.adapterHead(parsed.key) : { record: await this.memoryById.load(parsed.id), slugChoice: null };
  }

  /** Step 1 of the protocol `kairos://adapter/<key>` names: its chain id or one of its step ids if the key is a uuid, else its slug. */
  private async adapterHead(key: string): Promise<{ record: MemoryRecord | null; slugChoice: SlugChoice | null }> {
    if (isUuid(key)) {
      const [byChain] = await this.store.findHeadsByChainIds(this.viewer.readableSpaces, [key]);
      if (byChain) return { record: byChain, slugChoice: null };
      // A step id names its protocol too (KAIROS 4 hands out layer ids).
      const step = await this.memoryById.load(key);
      if (step?.chain) return { record: (await this.protocolOf(step))?.steps[0] ?? null, slugChoice: null };
    }
    return this.slugHead(key);
  }

  /** The protocol a step belongs to, or null for a memory outside any chain. */
  async protocolOf(record: MemoryRecord): Promise<ProtocolView | null> {
    if (!record.chain) return null;
    const steps = await this.chainSteps.load(chainKeyString({ space: record.space, chainId: record.chain.chainId }));
    return steps.length === 0 ? null : { space: record.space, chainId: record.chain.chainId, steps };
  }

  /** Finds a protocol by the URI of any of its steps, or by its slug (`key`); exactly one of them. */
  async protocol(args: { uri?: string | null; key?: string | null }): Promise<ProtocolView | null> {
    return (await this.protocolNamed(args))?.protocol ?? null;
  }

  /**
   * As `protocol`, with the step the URI named (its step 1 for an adapter URI or a key), so a
   * caller that needs both reads the URI once.
   */
  async protocolNamed(args: {
    uri?: string | null;
    key?: string | null;
  }): Promise<{ protocol: ProtocolView; named: MemoryRecord; slugChoice: SlugChoice | null } | null> {
    const hasUri = Boolean(args.uri);
    if (hasUri === Boolean(args.key)) throw new RequestError('BAD_USER_INPUT', 'Provide exactly one of uri or key');
    const { record: named, slugChoice } = hasUri ? await this.named(args.uri!) : await this.slugHead(args.key!.toLowerCase());
    const protocol = named ? await this.protocolOf(named) : null;
    return protocol && named ? { protocol, named, slugChoice } : null;
  }

  /** A step of the protocol `uri` (any step's URI) or `key` (its slug) names, without reading the rest of its chain. */
  async protocolStep(args: { uri?: string | null; key?: string | null }): Promise<MemoryRecord | null> {
    const record = args.uri ? await this.memory(args.uri) : args.key ? await this.headBySlug(args.key.toLowerCase()) : null;
    return record?.chain ? record : null;
  }

  private async headBySlug(key: string): Promise<MemoryRecord | null> {
    return (await this.slugHead(key)).record;
  }

  private async slugHead(key: string): Promise<{ record: MemoryRecord | null; slugChoice: SlugChoice | null }> {
    const heads = await this.store.findHeadsBySlugs(this.viewer.readableSpaces, [key]);
    const record = pickSlugHead(heads, this.viewer, key);
    return { record, slugChoice: record && heads.length > 1 ? slugChoiceOf(key, record, heads) : null };
  }

  /** The viewer's readable spaces with their counts and protocol titles. */
  async spaces(): Promise<(SpaceSummary & { writable: boolean })[]> {
    const summaries = await this.store.spaceSummaries(this.viewer.readableSpaces);
    return summaries.map((summary) => ({ ...summary, writable: this.viewer.writableSpaces.includes(summary.space) }));
  }

  async list(args: MemoryListArgs): Promise<MemoryPage> {
    const size = pageSize(args.first, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    let spaces = this.viewer.readableSpaces;
    if (args.space) {
      spaces = [requireReadableSpace(this.viewer, args.space)];
    }
    const filter = {
      spaces,
      category: args.category ?? undefined,
      chainId: args.chainId ?? undefined,
      tag: args.tag ?? undefined,
    };
    const after = args.after ? decodeCursor(args.after) : null;
    const rows = await this.store.listPage(filter, after, size + 1);
    const page = toPage(
      rows,
      size,
      after,
      (record) => ({ at: record.createdAt, id: record._id }),
      () => this.store.count(filter),
    );
    for (const record of page.records) this.memoryById.prime(record._id, record);
    return page;
  }
}

/** Which protocol a slug found in several readable spaces named, and which it passed over. */
function slugChoiceOf(key: string, chosen: MemoryRecord, heads: readonly MemoryRecord[]): SlugChoice {
  const named = (head: MemoryRecord) => ({ chainId: head.chain?.chainId ?? head._id, space: head.space });
  return { key, rule: 'DEFAULT_SPACE', chosen: named(chosen), candidates: heads.map(named) };
}

/**
 * The protocol head a slug names among the heads found in the viewer's spaces. Reference §5.1: a
 * slug is unique per space; found in several readable spaces, the caller's default space wins,
 * and without a copy there the key is ambiguous (an error, not a guess).
 */
export function pickSlugHead(heads: readonly MemoryRecord[], viewer: Pick<Viewer, 'defaultWriteSpace'>, key: string): MemoryRecord | null {
  if (heads.length <= 1) return heads[0] ?? null;
  const own = heads.find((candidate) => candidate.space === viewer.defaultWriteSpace);
  if (own) return own;
  const spaces = heads.map((head) => head.space).sort();
  throw new RequestError('AMBIGUOUS', `Protocol key "${key}" matches protocols in multiple spaces; use a URI or narrow the active space.`, {
    key,
    spaces,
    uris: heads.map((head) => head.uri),
  });
}
