import { randomUUID } from 'node:crypto';
import {
  Binary,
  type ClientSession,
  type Collection,
  type Db,
  GridFSBucket,
  type MongoClient,
  MongoRuntimeError,
  MongoServerError,
  ObjectId,
} from 'mongodb';
import { skillPathKey } from '../protocol/artifact-files.js';
import { translateDuplicateKey } from './store-errors.js';

/** Why a version of an artifact stopped being current. */
export const ARTIFACT_REMOVALS = ['REPLACED', 'DELETED'] as const;
export type ArtifactRemoval = (typeof ARTIFACT_REMOVALS)[number];

/** Files up to this size are kept in their document; larger ones in GridFS (`artifact_files.*`). */
export const ARTIFACT_INLINE_MAX_BYTES = 255 * 1024;

/**
 * One version of a file attached to an adapter (`artifacts`). The current version has no
 * `removedAt`; a replaced or deleted one stays as history, its content kept with it, until `expiresAt`.
 */
export interface ArtifactRecord {
  /** This version's id. */
  _id: string;
  /** The artifact's id, the same in every version (`kairos://artifact/<artifactId>`). */
  artifactId: string;
  /** The adapter (protocol chain) it belongs to, and that adapter's space when this version was written. */
  chainId: string;
  space: string;
  name: string;
  slug: string;
  version: string;
  relativePath: string | null;
  contentType: string;
  sha256: string;
  size: number;
  /** The bytes when small; else `fileId` names them in GridFS. */
  data: Binary | null;
  fileId: ObjectId | null;
  createdAt: Date;
  createdBy: string;
  writtenAt: Date;
  writtenBy: string;
  /** Unique per adapter while current (the slug, the path in the skill folder without case): the version id once removed. */
  liveSlug: string;
  livePath: string;
  removedAt: Date | null;
  removal: ArtifactRemoval | null;
  removedBy: string | null;
  /** Set when removed with history kept for a time: after it the next write purges this version and its bytes. */
  expiresAt?: Date;
}

/** An artifact version without its bytes: what listings read. */
export type ArtifactMeta = Omit<ArtifactRecord, 'data'>;

/** A version to write: the record's own fields, the bytes, its path in the skill folder, and who writes it when. */
export type NewArtifact = Pick<
  ArtifactRecord,
  'artifactId' | 'chainId' | 'space' | 'name' | 'slug' | 'version' | 'relativePath' | 'contentType' | 'sha256' | 'createdAt' | 'createdBy'
> & { skillPath: string; bytes: Buffer; at: Date; by: string };

const WITHOUT_BYTES = { projection: { data: 0 } } as const;

/** An insert that would carry an adapter past its most artifacts: `live` is how many it carries. */
export class ArtifactCountExceededError extends Error {
  constructor(readonly live: number) {
    super(`the adapter carries ${live} artifacts`);
    this.name = 'ArtifactCountExceededError';
  }
}

/** Every MongoDB call on `artifacts` and the GridFS bucket `artifact_files`. */
export class ArtifactStore {
  private readonly collection: Collection<ArtifactRecord>;
  private readonly files: GridFSBucket;
  /** One document per adapter that every artifact write updates: concurrent writes to one adapter conflict there. */
  private readonly adapters: Collection<{ _id: string; writes: number }>;

  constructor(
    private readonly db: Db,
    private readonly client: MongoClient,
    private readonly historyDays: number,
  ) {
    this.collection = db.collection<ArtifactRecord>('artifacts');
    this.files = new GridFSBucket(db, { bucketName: 'artifact_files' });
    this.adapters = db.collection('artifact_adapters');
  }

  async ensureIndexes(): Promise<void> {
    // Made here, not by a first write inside a transaction, where concurrent attaches could not create it together.
    await this.db.createCollection('artifact_adapters').catch((error: unknown) => {
      if (!(error instanceof MongoServerError && error.code === 48)) throw error;
    });
    await this.collection.createIndexes([
      { key: { chainId: 1, liveSlug: 1 }, name: 'artifact_live_slug', unique: true },
      { key: { chainId: 1, livePath: 1 }, name: 'artifact_live_path', unique: true },
      { key: { chainId: 1, removedAt: 1 }, name: 'artifacts_by_chain' },
      { key: { artifactId: 1 }, name: 'artifact_versions' },
      { key: { slug: 1 }, name: 'artifacts_by_slug' },
      { key: { slug: 1, space: 1 }, name: 'artifacts_by_slug_space' },
      { key: { expiresAt: 1 }, name: 'artifact_history_expiry' },
      // The storage quotas sum every stored version of a space's files and of their writer (size-stats-store.ts).
      { key: { space: 1, removedAt: 1 }, name: 'artifacts_by_space' },
      { key: { writtenBy: 1 }, name: 'artifacts_by_writer' },
    ]);
  }

  /** The current artifacts of one adapter, by name. */
  async listLive(chainId: string): Promise<ArtifactMeta[]> {
    return this.collection.find({ chainId, removedAt: null }, WITHOUT_BYTES).sort({ name: 1, artifactId: 1 }).toArray();
  }

  /** The current artifacts of several adapters at once. */
  async listLiveOf(chainIds: readonly string[]): Promise<ArtifactMeta[]> {
    if (chainIds.length === 0) return [];
    return this.collection
      .find({ chainId: { $in: [...chainIds] }, removedAt: null }, WITHOUT_BYTES)
      .sort({ name: 1, artifactId: 1 })
      .toArray();
  }

  /** Every version of one adapter's artifacts that is no longer current, newest first. */
  async listRemoved(chainId: string): Promise<ArtifactMeta[]> {
    return this.collection
      .find({ chainId, removedAt: { $ne: null } }, WITHOUT_BYTES)
      .sort({ removedAt: -1, _id: 1 })
      .toArray();
  }

  /** Bytes an adapter's files hold, every version still kept (what moving the adapter brings to a space). */
  async storedBytesOf(chainId: string): Promise<number> {
    const [sum] = await this.collection
      .aggregate<{ bytes: number }>([{ $match: { chainId } }, { $group: { _id: null, bytes: { $sum: '$size' } } }])
      .toArray();
    return sum?.bytes ?? 0;
  }

  async countLive(chainId: string): Promise<number> {
    return this.collection.countDocuments({ chainId, removedAt: null });
  }

  /** The current version of an artifact by its id. */
  async findLive(artifactId: string): Promise<ArtifactMeta | null> {
    return this.collection.findOne({ artifactId, removedAt: null }, WITHOUT_BYTES);
  }

  /** The current artifacts with this slug in these spaces (the caller still checks it reads their adapters). */
  async findLiveBySlug(slug: string, spaces: readonly string[]): Promise<ArtifactMeta[]> {
    return this.collection
      .find({ slug, space: { $in: [...spaces] }, removedAt: null }, WITHOUT_BYTES)
      .limit(64)
      .toArray();
  }

  /** The current artifacts of one adapter that a new one with this slug, name or path would replace. */
  async findClashes(chainId: string, slug: string, name: string, skillPath: string): Promise<ArtifactMeta[]> {
    const livePaths = [...new Set([skillPath, skillPathKey(skillPath)])];
    return this.collection
      .find({ chainId, removedAt: null, $or: [{ slug }, { name }, { livePath: { $in: livePaths } }] }, WITHOUT_BYTES)
      .toArray();
  }

  /** The bytes of one version. */
  async bytesOf(version: Pick<ArtifactMeta, '_id' | 'fileId'>): Promise<Buffer> {
    if (version.fileId) {
      const chunks: Buffer[] = [];
      for await (const chunk of this.files.openDownloadStream(version.fileId)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }
    const found = await this.collection.findOne({ _id: version._id }, { projection: { data: 1 } });
    return found?.data ? Buffer.from(found.data.buffer) : Buffer.alloc(0);
  }

  /**
   * Stores a new current version, and in the same transaction marks `replacing` (the versions it
   * replaces) REPLACED. Large bytes go to GridFS first (GridFS writes are not transactional):
   * removed again if the transaction fails, so a refused write leaves nothing.
   */
  async insert(artifact: NewArtifact, replacing: readonly ArtifactMeta[], maxLive = Number.POSITIVE_INFINITY): Promise<ArtifactMeta> {
    const id = randomUUID();
    const fileId = artifact.bytes.length > ARTIFACT_INLINE_MAX_BYTES ? new ObjectId() : null;
    const record: ArtifactRecord = {
      _id: id,
      artifactId: artifact.artifactId,
      chainId: artifact.chainId,
      space: artifact.space,
      name: artifact.name,
      slug: artifact.slug,
      version: artifact.version,
      relativePath: artifact.relativePath,
      contentType: artifact.contentType,
      sha256: artifact.sha256,
      size: artifact.bytes.length,
      data: fileId ? null : new Binary(artifact.bytes),
      fileId,
      createdAt: artifact.createdAt,
      createdBy: artifact.createdBy,
      writtenAt: artifact.at,
      writtenBy: artifact.by,
      liveSlug: artifact.slug,
      livePath: skillPathKey(artifact.skillPath),
      removedAt: null,
      removal: null,
      removedBy: null,
    };
    const session = this.client.startSession();
    let committing = false;
    try {
      if (fileId) await this.upload(fileId, id, artifact.bytes);
      committing = true;
      await translateDuplicateKey(() =>
        session.withTransaction(async () => {
          // Written first: two attaches to one adapter conflict here, so the count below sees the other's file.
          await this.adapters.updateOne({ _id: artifact.chainId }, { $inc: { writes: 1 } }, { upsert: true, session });
          const live = await this.collection.countDocuments({ chainId: artifact.chainId, removedAt: null }, { session });
          if (live - replacing.length + 1 > maxLive) throw new ArtifactCountExceededError(live);
          await this.markRemoved(
            replacing.map((version) => version._id),
            'REPLACED',
            artifact.at,
            artifact.by,
            session,
          );
          await this.collection.insertOne(record, { session });
        }),
      );
    } catch (error) {
      // A commit whose outcome is unknown may have landed: read it back before removing bytes it would name.
      const landed = committing ? await this.versionLanded(id) : false;
      if (landed === true) return this.metaOf(record);
      if (fileId && landed === false) await this.files.delete(fileId).catch(() => undefined);
      throw error;
    } finally {
      await session.endSession();
    }
    return this.metaOf(record);
  }

  /** Whether a version is stored; null when that cannot be read (its bytes are then kept). */
  private async versionLanded(id: string): Promise<boolean | null> {
    try {
      return (await this.collection.findOne({ _id: id }, { projection: { _id: 1 } })) !== null;
    } catch {
      return null;
    }
  }

  private metaOf(record: ArtifactRecord): ArtifactMeta {
    const { data: _bytes, ...meta } = record;
    return meta;
  }

  /** Marks every current artifact of the adapters DELETED (their adapter was deleted), in the caller's transaction. */
  async removeForChains(chainIds: readonly string[], at: Date, by: string, session?: ClientSession): Promise<number> {
    if (chainIds.length === 0) return 0;
    const live = await this.collection
      .find({ chainId: { $in: [...chainIds] }, removedAt: null }, { projection: { _id: 1 }, session })
      .toArray();
    await this.markRemoved(
      live.map((version) => version._id),
      'DELETED',
      at,
      by,
      session,
    );
    return live.length;
  }

  /** A protocol replaced by a forced mint takes a new chain id: its artifacts, and their history, follow it. */
  async moveToChain(fromChainId: string, toChainId: string, space: string, session?: ClientSession): Promise<void> {
    await this.collection.updateMany({ chainId: fromChainId }, { $set: { chainId: toChainId, space } }, { session });
  }

  /** Removes versions whose history time is over, bytes and all; answers whose stored bytes that freed (spaces, writers). */
  async purgeExpired(now: Date): Promise<{ spaces: string[]; writers: string[] }> {
    const expired = await this.collection
      .find({ expiresAt: { $lte: now } }, { projection: { _id: 1, fileId: 1, space: 1, writtenBy: 1 } })
      .limit(500)
      .toArray();
    // A version goes only once its bytes are gone (or were already): else the next purge tries again.
    const purged = [];
    for (const version of expired) if (!version.fileId || (await this.deleteFile(version.fileId))) purged.push(version);
    if (purged.length > 0) await this.collection.deleteMany({ _id: { $in: purged.map((version) => version._id) } });
    return {
      spaces: [...new Set(purged.map((version) => version.space))],
      writers: [...new Set(purged.map((version) => version.writtenBy))],
    };
  }

  private async markRemoved(
    ids: readonly string[],
    removal: ArtifactRemoval,
    at: Date,
    by: string,
    session?: ClientSession,
  ): Promise<void> {
    if (ids.length === 0) return;
    const expiresAt = this.historyDays > 0 ? { expiresAt: new Date(at.getTime() + this.historyDays * 86_400_000) } : {};
    // The live keys take the version id, freeing the slug and path for the next version.
    await this.collection.bulkWrite(
      ids.map((id) => ({
        updateOne: {
          filter: { _id: id, removedAt: null },
          update: { $set: { removedAt: at, removal, removedBy: by, liveSlug: id, livePath: id, ...expiresAt } },
        },
      })),
      { session },
    );
  }

  /** Deletes a file's bytes: true when they are gone, also when they were already. */
  private async deleteFile(fileId: ObjectId): Promise<boolean> {
    try {
      await this.files.delete(fileId);
      return true;
    } catch (error) {
      return error instanceof MongoRuntimeError && /file not found/i.test(error.message);
    }
  }

  /** Writes bytes to GridFS under `fileId`; failed part-way, the chunks written are removed. */
  private async upload(fileId: ObjectId, id: string, bytes: Buffer): Promise<void> {
    try {
      await this.uploadStream(fileId, id, bytes);
    } catch (error) {
      await this.files.delete(fileId).catch(() => undefined);
      throw error;
    }
  }

  private async uploadStream(fileId: ObjectId, id: string, bytes: Buffer): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const stream = this.files.openUploadStreamWithId(fileId, id);
      stream.once('error', reject);
      stream.once('finish', () => resolve());
      stream.end(bytes);
    });
  }
}
