import DataLoader from 'dataloader';
import type { Viewer } from '../auth/viewer.js';
import { readableSpace } from '../auth/viewer.js';
import type { MemoryCategory, MemoryRecord, MemoryStore } from '../store/memory-store.js';
import { chainKeyString } from '../store/memory-store.js';
import { RequestError } from './errors.js';
import { parseMemoryUri } from './memory-uri.js';
import type { ProtocolView } from './protocol-service.js';

export interface MemoryListArgs {
  space?: string | null;
  category?: MemoryCategory | null;
  chainId?: string | null;
  tag?: string | null;
  first?: number | null;
  after?: string | null;
}

export interface MemoryPage {
  records: MemoryRecord[];
  cursors: string[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  totalCount: () => Promise<number>;
}

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

  async memory(uri: string): Promise<MemoryRecord | null> {
    const id = parseMemoryUri(uri);
    return id === null ? null : this.memoryById.load(id);
  }

  /** The protocol a step belongs to, or null for a memory outside any chain. */
  async protocolOf(record: MemoryRecord): Promise<ProtocolView | null> {
    if (!record.chain) return null;
    const steps = await this.chainSteps.load(chainKeyString({ space: record.space, chainId: record.chain.chainId }));
    return steps.length === 0 ? null : { space: record.space, chainId: record.chain.chainId, steps };
  }

  /** Finds a protocol by the URI of any of its steps, or by its slug (`key`); exactly one of them. */
  async protocol(args: { uri?: string | null; key?: string | null }): Promise<ProtocolView | null> {
    const hasUri = Boolean(args.uri);
    if (hasUri === Boolean(args.key)) throw new RequestError('BAD_USER_INPUT', 'Provide exactly one of uri or key');
    if (hasUri) {
      const record = await this.memory(args.uri!);
      return record ? this.protocolOf(record) : null;
    }
    const heads = await this.store.findHeadsBySlugs(this.viewer.readableSpaces, [args.key!.toLowerCase()]);
    // A slug is unique per space; when several readable spaces have it, the caller's own wins.
    const head = heads.find((candidate) => candidate.space === this.viewer.defaultWriteSpace) ?? heads[0];
    return head ? this.protocolOf(head) : null;
  }

  async list(args: MemoryListArgs): Promise<MemoryPage> {
    const first = args.first ?? DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) {
      throw new RequestError('BAD_USER_INPUT', `first must be between 0 and ${MAX_PAGE_SIZE}`);
    }
    let spaces = this.viewer.readableSpaces;
    if (args.space) {
      const space = readableSpace(this.viewer, args.space);
      if (!space) throw new RequestError('FORBIDDEN', `Space "${args.space}" is not readable by you`);
      spaces = [space];
    }
    const filter = {
      spaces,
      category: args.category ?? undefined,
      chainId: args.chainId ?? undefined,
      tag: args.tag ?? undefined,
    };
    const after = args.after ? decodeCursor(args.after) : null;
    const rows = await this.store.listPage(filter, after, first + 1);
    const records = rows.slice(0, first);
    for (const record of records) this.memoryById.prime(record._id, record);
    return {
      records,
      cursors: records.map(encodeCursor),
      hasNextPage: rows.length > first,
      hasPreviousPage: after !== null,
      totalCount: () => this.store.count(filter),
    };
  }
}

function encodeCursor(record: MemoryRecord): string {
  return Buffer.from(JSON.stringify([record.createdAt.toISOString(), record._id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (typeof id !== 'string' || Number.isNaN(date.getTime())) throw new Error('bad cursor');
    return { createdAt: date, id };
  } catch {
    throw new RequestError('BAD_USER_INPUT', 'after is not a cursor returned by this connection');
  }
}
