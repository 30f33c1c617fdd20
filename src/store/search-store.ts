import type { Collection, Db, Document } from 'mongodb';
import type { OutcomeCounts } from '../model/run-enums.js';
import { UsageStore } from './usage-store.js';
import type { ChainInfo, MemoryRecord } from './memory-store.js';

/** One protocol found by text search: its best-scoring step's raw score and its head. */
export interface ProtocolTextHit {
  space: string;
  chainId: string;
  /** The engine's textScore of the chain's best step (see src/search/search-scoring.ts). */
  rawTextScore: number;
  head: ProtocolHeadSummary;
}

export interface ProtocolHeadSummary {
  _id: string;
  space?: string;
  uri: string;
  label: string;
  tags: string[];
  chain: ChainInfo;
}

export interface ProtocolTextQuery {
  /** Prepared `$search` text. */
  text: string;
  spaces: readonly string[];
  /** Chains never returned: the footer protocols of one space, by slug. */
  exclude: { space: string; slugs: readonly string[] };
  /** Most chains to return, best raw score first. */
  limit: number;
}

/**
 * Protocol search over the `memories` text index (`memory_text_v3`, created by MemoryStore:
 * title 10, triggers 5, step label 3, step text 1). Every step carries its chain's title and
 * triggers, so a chain scores as its best step.
 */
export class SearchStore {
  private readonly collection: Collection<MemoryRecord>;

  constructor(
    db: Db,
    private readonly usage = new UsageStore(db),
  ) {
    this.collection = db.collection<MemoryRecord>('memories');
  }

  /** One round trip: text match, group by chain keeping the best step score, the head joined in. */
  async searchProtocols(query: ProtocolTextQuery): Promise<ProtocolTextHit[]> {
    const pipeline: Document[] = [
      {
        $match: {
          $text: { $search: query.text },
          space: { $in: [...query.spaces] },
          category: 'PROTOCOL_STEP',
          $nor: [{ space: query.exclude.space, 'chain.slug': { $in: [...query.exclude.slugs] } }],
        },
      },
      { $group: { _id: { space: '$space', chainId: '$chain.chainId' }, rawTextScore: { $max: { $meta: 'textScore' } } } },
      { $sort: { rawTextScore: -1, '_id.space': 1, '_id.chainId': 1 } },
      { $limit: query.limit },
      {
        $lookup: {
          from: this.collection.collectionName,
          let: { space: '$_id.space', chainId: '$_id.chainId' },
          pipeline: [
            {
              $match: {
                $expr: {
                  $and: [{ $eq: ['$space', '$$space'] }, { $eq: ['$chain.chainId', '$$chainId'] }, { $eq: ['$chain.stepIndex', 1] }],
                },
              },
            },
            { $project: { _id: 1, uri: 1, label: 1, tags: 1, chain: 1 } },
          ],
          as: 'heads',
        },
      },
    ];
    const rows = await this.collection
      .aggregate<{ _id: { space: string; chainId: string }; rawTextScore: number; heads: ProtocolHeadSummary[] }>(pipeline)
      .toArray();
    // A chain without a head (deleted mid-search) is skipped.
    return rows.flatMap((row) => {
      const head = row.heads[0];
      if (!head) return [];
      return [{ space: row._id.space, chainId: row._id.chainId, rawTextScore: row.rawTextScore, head }];
    });
  }

  /** Step 1 of each given chain (chains found by the dense ranker only), the excluded footer chains left out. */
  async headsOfChains(
    keys: readonly { space: string; chainId: string }[],
    exclude: ProtocolTextQuery['exclude'],
  ): Promise<ProtocolHeadSummary[]> {
    if (keys.length === 0) return [];
    return this.collection
      .find<ProtocolHeadSummary>(
        {
          $or: keys.map((key) => ({ space: key.space, 'chain.chainId': key.chainId })),
          'chain.stepIndex': 1,
          $nor: [{ space: exclude.space, 'chain.slug': { $in: [...exclude.slugs] } }],
        },
        { projection: { _id: 1, uri: 1, label: 1, tags: 1, chain: 1, space: 1 } },
      )
      .toArray();
  }

  /** Protocol heads (step 1) by memory id, with their space (the in-process lexical index names them). */
  async headsByIds(ids: readonly string[]): Promise<ProtocolHeadSummary[]> {
    if (ids.length === 0) return [];
    return this.collection
      .find<ProtocolHeadSummary>(
        { _id: { $in: [...ids] }, 'chain.stepIndex': 1 },
        { projection: { _id: 1, uri: 1, label: 1, tags: 1, chain: 1, space: 1 } },
      )
      .toArray();
  }

  /** Where each of these protocol heads (step 1) lives now, by memory id: one deleted or moved since an index read it is absent or elsewhere. */
  async headSpaces(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const heads = await this.collection
      .find<{ _id: string; space: string }>({ _id: { $in: [...ids] }, 'chain.stepIndex': 1 }, { projection: { _id: 1, space: 1 } })
      .toArray();
    return new Map(heads.map((head) => [head._id, head.space]));
  }

  /** Attest counts per memory id, summed over the given spaces (what one viewer may see): UsageStore owns them. */
  async attestCounts(memoryIds: readonly string[], spaces: readonly string[]): Promise<Map<string, OutcomeCounts>> {
    return this.usage.attestCounts(memoryIds, spaces);
  }

  /** `chain.protocolVersion` of the given protocol heads, by id (missing ids are left out). */
  async protocolVersions(space: string, headIds: readonly string[]): Promise<Map<string, string | null>> {
    const heads = await this.collection
      .find({ _id: { $in: [...headIds] }, space }, { projection: { _id: 1, 'chain.protocolVersion': 1 } })
      .toArray();
    return new Map(heads.map((head) => [head._id, head.chain?.protocolVersion ?? null]));
  }
}
