import { createHash, randomUUID } from 'node:crypto';
import type { Viewer } from '../auth/viewer.js';
import { adapterUri, parseArtifactUri } from '../model/kairos-uri.js';
import {
  ARTIFACT_MIMES,
  artifactIdentity,
  artifactNameProblem,
  isArtifactMime,
  isBinaryMime,
  mimeFromName,
  mimeMismatch,
  normaliseMime,
  normaliseRelativePath,
  isReservedSkillPath,
  skillPathOf,
} from '../protocol/artifact-files.js';
import { type ArtifactMeta, ArtifactCountExceededError, type ArtifactStore } from '../store/artifact-store.js';
import { DuplicateKeyError } from '../store/store-errors.js';
import { hasLoneSurrogate } from '../well-formed-text.js';
import { RequestError } from './errors.js';
import type { MemoryReader } from './memory-reader.js';
import type { ProtocolView } from './protocol-service.js';
import type { StorageQuota } from './storage-quota.js';
import { protocolHead } from './protocol-service.js';

export interface AttachArtifactInput {
  /** The adapter: kairos://adapter/<slug|chainId>, or any of its step URIs. */
  adapter: string;
  name: string;
  content: string;
  /** The type; omitted: inferred from the name's extension. */
  contentType?: string | null;
  relativePath?: string | null;
  /** BASE64: `content` is base64 (always so for a binary type). */
  contentEncoding?: 'BASE64' | null;
  /** Replace the artifact with the same name, slug or path (the old version stays in history). */
  force?: boolean | null;
}

export interface ArtifactLimits {
  artifactMaxBytes: number;
  artifactsPerAdapter: number;
}

/** An artifact's content for an answer: text as it is, a binary type as base64. */
export interface ArtifactContent {
  content: string;
  encoding: 'BASE64' | null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Files attached to adapters (KAIROS 4 artifacts): checked (type, name, path, size, count), stored
 * with their SHA-256, listed with their adapter and read through it, so only a reader of the
 * adapter's space sees them. A replaced or deleted file stays as history.
 */
export class ArtifactService {
  constructor(
    private readonly store: ArtifactStore,
    private readonly limits: ArtifactLimits,
    private readonly quota: StorageQuota,
  ) {}

  async attach(
    viewer: Viewer,
    reader: MemoryReader,
    input: AttachArtifactInput,
  ): Promise<{ artifact: ArtifactMeta; protocol: ProtocolView }> {
    const nameProblem = artifactNameProblem(input.name);
    if (nameProblem) throw new RequestError('BAD_USER_INPUT', nameProblem, { field: 'artifact_name' });
    const name = input.name.trim();
    const relativePath = this.relativePathOf(input.relativePath);
    // The path the file takes in the skill folder, from relative_path or from the name, passes the same checks.
    const skillPath = this.skillPathOf(name, relativePath);
    const contentType = this.contentTypeOf(input.contentType, name, relativePath ?? name);
    const bytes = this.decodeContent(input, contentType);
    const text = isBinaryMime(contentType) ? null : bytes.toString('utf8');
    const identity = artifactIdentity(text, relativePath ?? name);
    if (!identity.slug)
      throw new RequestError('BAD_USER_INPUT', `No slug can be made from "${relativePath ?? name}": use letters or digits in the name`, {
        field: 'artifact_name',
      });

    const protocol = await reader.protocol({ uri: input.adapter });
    if (!protocol) throw new RequestError('NOT_FOUND', `No adapter ${input.adapter} you can read`);
    if (!viewer.writableSpaces.includes(protocol.space))
      throw new RequestError('SPACE_READ_ONLY', `Space ${protocol.space} is read-only for you: its adapters take no artifacts from you`);
    const head = protocolHead(protocol);
    if (isReservedSkillPath(skillPath, head.chain!.slug))
      throw new RequestError('INVALID_RELATIVE_PATH', `${skillPath} is written by the skill export itself: choose another path or name`, {
        reason: 'reserved',
      });

    const clashes = await this.store.findClashes(protocol.chainId, identity.slug, name, skillPath);
    if (clashes.length > 0 && !input.force)
      throw new RequestError(
        'DUPLICATE_ARTIFACT',
        `The adapter already has an artifact with this name, slug (${identity.slug}) or path (${skillPath}): send force_update to replace it`,
        { artifact_uuid: clashes[0]!.artifactId },
      );
    // Refused early here; the insert counts again in its transaction, where racing attaches cannot both pass.
    const live = await this.store.countLive(protocol.chainId);
    if (live - clashes.length + 1 > this.limits.artifactsPerAdapter) throw this.tooMany(live);

    const replaced = [...clashes].sort((a, b) => a.artifactId.localeCompare(b.artifactId))[0];
    // A file is stored bytes as text is: the space's and its writer's storage quotas count it. A
    // replaced version keeps its bytes in history, so it frees nothing until purged (first, here).
    const now = new Date();
    const purged = await this.store.purgeExpired(now);
    this.quota.forget(purged.spaces, purged.writers);
    const hold = await this.quota.check(viewer, protocol.space, bytes.length);
    try {
      const artifact = await this.store.insert(
        {
          artifactId: replaced?.artifactId ?? randomUUID(),
          chainId: protocol.chainId,
          space: protocol.space,
          name,
          slug: identity.slug,
          version: identity.version,
          relativePath,
          skillPath,
          contentType,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          bytes,
          createdAt: replaced?.createdAt ?? now,
          createdBy: replaced?.createdBy ?? viewer.principalId,
          at: now,
          by: viewer.principalId,
        },
        clashes,
        this.limits.artifactsPerAdapter,
      );
      hold.release();
      return { artifact, protocol };
    } catch (error) {
      // Refused (too many, a clash): nothing was written. Any other failure may have committed: counted until the next read.
      if (error instanceof ArtifactCountExceededError || error instanceof DuplicateKeyError) hold.cancel();
      else hold.release();
      if (error instanceof ArtifactCountExceededError) throw this.tooMany(error.live);
      if (error instanceof DuplicateKeyError)
        throw new RequestError(
          'DUPLICATE_ARTIFACT',
          `An artifact with this slug (${identity.slug}) or path (${skillPath}) was just attached`,
          {},
        );
      throw error;
    }
  }

  /** The current artifacts of a protocol the caller has read. */
  listOf(protocol: Pick<ProtocolView, 'chainId'>): Promise<ArtifactMeta[]> {
    return this.store.listLive(protocol.chainId);
  }

  /** The current artifacts of several protocols the caller has read, in one read. */
  listOfMany(chainIds: readonly string[]): Promise<ArtifactMeta[]> {
    return this.store.listLiveOf(chainIds);
  }

  /** The replaced and deleted versions of a protocol's artifacts, newest first. */
  historyOf(protocol: Pick<ProtocolView, 'chainId'>): Promise<ArtifactMeta[]> {
    return this.store.listRemoved(protocol.chainId);
  }

  /**
   * The current artifact a `kairos://artifact/<uuid|slug>` names, among those of adapters the caller
   * reads; null when none. A slug in several readable adapters is AMBIGUOUS (name it by uuid).
   */
  async find(reader: MemoryReader, uri: string): Promise<ArtifactMeta | null> {
    const parsed = parseArtifactUri(uri);
    if (!parsed) return null;
    const candidates =
      'id' in parsed
        ? [await this.store.findLive(parsed.id)].filter((found) => found !== null)
        : await this.store.findLiveBySlug(parsed.slug, reader.readableSpaces);
    const readable: ArtifactMeta[] = [];
    for (const candidate of candidates) if (await reader.protocol({ uri: adapterUri(candidate.chainId) })) readable.push(candidate);
    if (readable.length > 1)
      throw new RequestError(
        'AMBIGUOUS',
        `Artifact slug "${(parsed as { slug: string }).slug}" is on several adapters you can read: name it kairos://artifact/<uuid>`,
        {
          artifact_uuids: readable.map((artifact) => artifact.artifactId),
        },
      );
    return readable[0] ?? null;
  }

  /** The bytes of a version, and its content as an answer carries it. */
  async bytesOf(artifact: ArtifactMeta): Promise<Buffer> {
    return this.store.bytesOf(artifact);
  }

  async contentOf(artifact: ArtifactMeta): Promise<ArtifactContent> {
    const bytes = await this.store.bytesOf(artifact);
    return isBinaryMime(artifact.contentType)
      ? { content: bytes.toString('base64'), encoding: 'BASE64' }
      : { content: bytes.toString('utf8'), encoding: null };
  }

  private relativePathOf(raw: string | null | undefined): string | null {
    if (raw === null || raw === undefined || raw.trim() === '') return null;
    const normalised = normaliseRelativePath(raw);
    if ('problem' in normalised)
      throw new RequestError('INVALID_RELATIVE_PATH', `relative_path is refused: ${normalised.problem}`, { reason: normalised.problem });
    return normalised.path;
  }

  /** Where the file goes in the skill folder, checked as a relative path is: a name `.` or `..` makes no file. */
  private skillPathOf(name: string, relativePath: string | null): string {
    const normalised = normaliseRelativePath(skillPathOf({ name, relativePath }));
    if ('problem' in normalised)
      throw new RequestError('INVALID_RELATIVE_PATH', `The file's path in the skill folder is refused: ${normalised.problem}`, {
        reason: normalised.problem,
      });
    if (isReservedSkillPath(normalised.path, ''))
      throw new RequestError(
        'INVALID_RELATIVE_PATH',
        `${normalised.path} is written by the skill export itself: choose another path or name`,
        {
          reason: 'reserved',
        },
      );
    return normalised.path;
  }

  /** The given type, else the one the name's extension (then the path's) implies; checked against the allowlist and the path's extension. */
  private contentTypeOf(given: string | null | undefined, name: string, path: string): string {
    const type = given?.trim() ? normaliseMime(given) : (mimeFromName(name) ?? mimeFromName(path));
    if (!type)
      throw new RequestError('UNSUPPORTED_MIME', `No type can be told from "${name}": send mime`, { allowed: [...ARTIFACT_MIMES] });
    if (!isArtifactMime(type))
      throw new RequestError('UNSUPPORTED_MIME', `Mime type "${type}" is not in the allowlist`, { allowed: [...ARTIFACT_MIMES] });
    const mismatch = mimeMismatch(path, type);
    if (mismatch)
      throw new RequestError('UNSUPPORTED_MIME', `The path and the type disagree: ${mismatch}`, { allowed: [...ARTIFACT_MIMES] });
    return type;
  }

  /** The file's bytes, the size checked before anything is decoded past it. */
  private decodeContent(input: AttachArtifactInput, contentType: string): Buffer {
    const base64 = input.contentEncoding === 'BASE64' || isBinaryMime(contentType);
    const max = this.limits.artifactMaxBytes;
    const roughBytes = base64 ? Math.floor((input.content.length * 3) / 4) : input.content.length;
    if (roughBytes > max * 4) throw this.tooLarge(roughBytes);
    let bytes: Buffer;
    if (base64) {
      const compact = input.content.replace(/\s+/g, '');
      if (compact.length % 4 !== 0 || !BASE64.test(compact))
        throw new RequestError('BAD_USER_INPUT', `content of a ${contentType} artifact must be base64`, { field: 'content' });
      bytes = Buffer.from(compact, 'base64');
      if (!isBinaryMime(contentType) && !isUtf8(bytes))
        throw new RequestError('BAD_USER_INPUT', `content of a ${contentType} artifact must be UTF-8 text`, { field: 'content' });
    } else {
      if (hasLoneSurrogate(input.content))
        throw new RequestError('INVALID_UNICODE', 'content holds a lone UTF-16 surrogate, which is not a character', { field: 'content' });
      bytes = Buffer.from(input.content, 'utf8');
    }
    if (bytes.length > max) throw this.tooLarge(bytes.length);
    return bytes;
  }

  private tooMany(live: number): RequestError {
    return new RequestError(
      'QUOTA_EXCEEDED',
      `The adapter carries ${live} artifacts, the most it may (KAIROS_ARTIFACTS_PER_ADAPTER): delete one or replace one with force_update`,
      { limit: 'artifacts_per_adapter', max: this.limits.artifactsPerAdapter, stored: live },
    );
  }

  private tooLarge(total: number): RequestError {
    return new RequestError(
      'ARTIFACT_CONTENT_TOTAL_BYTES_EXCEEDED',
      `Artifact content exceeds the maximum size (${this.limits.artifactMaxBytes} bytes, got ${total})`,
      { max_total_bytes: this.limits.artifactMaxBytes, total_bytes: total },
    );
  }
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
