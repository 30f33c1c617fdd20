import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Viewer } from '../auth/viewer.js';
import { preferenceRows, rewardRows, sftRows, traceRows } from '../export/dataset-rows.js';
import {
  CONTENT_TYPES,
  DOWNLOAD_URL_TTL_MS,
  type ExportAdapter,
  type ExportDelivery,
  type ExportFormat,
  type ExportRun,
  SINGLE_ADAPTER_FORMATS,
} from '../export/export-model.js';
import { SKILL_FILES_PER_ADAPTER, skillBundleManifest, skillFiles, skillName, skillTree, skillZipEntries } from '../export/skill-bundle.js';
import { artifactUri, isArtifactUri, parseKairosUri } from '../model/kairos-uri.js';
import { isBinaryMime, skillPathOf } from '../protocol/artifact-files.js';
import type { ArtifactMeta } from '../store/artifact-store.js';
import type { ArtifactService } from './artifact-service.js';
import { type ZipEntry, zipBytes, zipStream } from '../export/zip-writer.js';
import { INLINE_EXPORT_MAX_BYTES } from '../limits.js';
import type { SizeStatsStore } from '../store/size-stats-store.js';
import { RequestError } from './errors.js';
import {
  type ExportSelection,
  type SelectedAdapter,
  exportAdapterOf,
  exportRunOf,
  loadSelectedAdapter,
  resolveAdapterStep,
  selectAdapterSteps,
} from './export-adapters.js';
import type { MemoryReader } from './memory-reader.js';
import type { RunService } from './run-service.js';
import type { ProtocolView } from './protocol-service.js';
import type { LearnedTriggerView, SearchLearningService } from './search-learning-service.js';

export const EXPORT_DOWNLOAD_PATH = '/export/download/';

/** Runs read per adapter for a dataset export, newest first. */
export const MAX_EXPORT_RUNS = 2_000;

export interface ExportResult {
  format: ExportFormat;
  contentType: string;
  /** The export itself (base64 when `contentEncoding` is BASE64); empty when `download` is set. */
  content: string;
  contentEncoding: 'BASE64' | null;
  adapterCount: number;
  /** Rows (JSON lines formats) or files (skill formats); 1 for markdown. */
  itemCount: number;
  /** SHA-256 of the bytes of an inline skill_zip. */
  bundleSha256: string | null;
  /** skill_zip: KAIROS 4's `skill_bundle_manifest` (JSON: each skill's entry point and files). */
  skillBundleManifest?: string | null;
  download: { url: string; capabilityUrl: string; expiresAt: string; filename: string } | null;
}

interface DownloadClaim {
  /** principal */
  p: string;
  /** the selection, as given */
  s: ExportSelection;
  /** expiry, ms since the epoch */
  x: number;
  /** `cap`: a capability link (works without an Authorization header); absent: the header link. */
  k?: 'cap';
  /** capability links: the export's id, the token that made it (null with auth off), the space the request was narrowed to */
  e?: string;
  t?: string | null;
  n?: string | null;
}

/** Who made an export: the token behind the request, and the space it was narrowed to (capability links act as that). */
export interface ExportIssuer {
  tokenId: string | null;
  narrowedTo: string | null;
}

/** A verified download link: whose, for what, and (capability links) the credential to act as. */
export interface DownloadLink {
  principalId: string;
  selection: ExportSelection;
  capability: { exportId: string; tokenId: string | null; narrowedTo: string | null } | null;
}

/** A download link as it may be logged: the signature, which is what grants access, left out. */
export function loggableDownloadPath(token: string): string {
  return `${EXPORT_DOWNLOAD_PATH}${token.split('.')[0]!.slice(0, 2_048)}.<signature>`;
}

/**
 * An upper bound, from stored sizes, of one adapter's skill files uncompressed: its markdown twice
 * (SKILL.md and artifacts/), with headings and contracts (about a fifth more than the step texts,
 * plus a little per step), the frontmatter, the checksums and the zip headers.
 */
export function skillBytesEstimate(size: { textBytes: number; steps: number }): number {
  const markdown = Math.ceil(size.textBytes * 1.2) + size.steps * 512 + 2_048;
  return 2 * markdown + 2_048;
}

/** An artifact in a bundle: base64 in skill_tree JSON (a third more), and its headers. */
const ARTIFACT_ENCODING_FACTOR = 1.34;

/** JSON escapes a little of the markdown (new lines, quotes): what `skill_tree` adds around the files. */
const SKILL_TREE_JSON_FACTOR = 1.1;

/**
 * Exports: adapters as markdown or skills, their runs as datasets. Reads go through the caller's
 * reader and run list, so an export never shows what the caller cannot read. A skill_zip over
 * `INLINE_EXPORT_MAX_BYTES` (judged from stored sizes) is not built for the answer: the caller
 * gets two signed, short-lived links, one used with the caller's Authorization header and one
 * capability link that works without it (docs/security.md), and the download (same principal,
 * spaces checked again) streams the archive skill by skill.
 */
export class ExportService {
  private readonly secret: Buffer;
  private readonly inlineMaxBytes: number;
  private readonly responseBudgetBytes: number;

  constructor(
    private readonly runs: RunService,
    private readonly sizes: SizeStatsStore,
    settings: { secret: string | null; inlineMaxBytes?: number; responseBudgetBytes?: number },
    private readonly learning: SearchLearningService | null = null,
    private readonly artifacts: ArtifactService | null = null,
  ) {
    this.inlineMaxBytes = settings.inlineMaxBytes ?? INLINE_EXPORT_MAX_BYTES;
    this.responseBudgetBytes = settings.responseBudgetBytes ?? 0;
    // Without KAIROS_SECRET a download URL works only on the process that issued it.
    this.secret = settings.secret ? createHash('sha256').update(`export-download|${settings.secret}`).digest() : randomBytes(32);
  }

  async export(
    viewer: Viewer,
    reader: MemoryReader,
    selection: ExportSelection,
    format: ExportFormat,
    options: { delivery?: ExportDelivery | null; includeReward?: boolean | null; now?: Date; issuer?: ExportIssuer } = {},
  ): Promise<ExportResult> {
    const now = options.now ?? new Date();
    // As KAIROS 4: an artifact URI exports that artifact's source, whatever the format.
    if (format === 'SOURCE' || (selection.uri && isArtifactUri(selection.uri))) {
      if (!selection.uri || selection.adapters?.length || selection.allAdapters)
        throw new RequestError('BAD_USER_INPUT', 'Format SOURCE takes a single uri, not adapters or allAdapters');
      if (options.delivery) throw new RequestError('BAD_USER_INPUT', 'delivery is only valid with format SKILL_ZIP');
      return this.source(reader, selection.uri);
    }
    if (SINGLE_ADAPTER_FORMATS.includes(format) && !selection.uri) {
      throw new RequestError('BAD_USER_INPUT', `Format ${format} takes a single uri, not adapters or allAdapters`);
    }
    if (options.delivery && format !== 'SKILL_ZIP')
      throw new RequestError('BAD_USER_INPUT', 'delivery is only valid with format SKILL_ZIP');
    const selected = await selectAdapterSteps(viewer, reader, selection);
    const base = {
      format,
      contentType: CONTENT_TYPES[format],
      contentEncoding: null,
      adapterCount: selected.length,
      bundleSha256: null,
      download: null,
    };
    if (format === 'SKILL_ZIP')
      return this.skillZip(
        viewer,
        reader,
        selection,
        selected,
        options.delivery ?? null,
        options.issuer ?? { tokenId: null, narrowedTo: null },
        now,
      );
    if (format === 'SKILL_TREE') await this.refuseOverBudget(selected);
    const loaded = await Promise.all(selected.map((adapter) => loadSelectedAdapter(reader, adapter)));
    const adapters = await Promise.all(loaded.map(this.render));
    switch (format) {
      case 'MARKDOWN':
        return { ...base, content: adapters[0]!.markdown, itemCount: 1 };
      case 'SKILL_TREE':
        return { ...base, content: skillTree(adapters), itemCount: adapters.reduce((sum, adapter) => sum + skillFiles(adapter).length, 0) };
      default: {
        const runs = await this.runsOf(viewer, adapters[0]!);
        const content = datasetRows(format, adapters[0]!, runs, options.includeReward ?? true);
        return { ...base, content, itemCount: content === '' ? 0 : content.split('\n').length - 1 };
      }
    }
  }

  /** A protocol as the renderers see it: with what search learned and its attached files (bytes read). */
  private readonly render = async (protocol: ProtocolView): Promise<ExportAdapter> => {
    const adapter = exportAdapterOf(protocol, await this.learnedOf(protocol));
    if (!this.artifacts) return adapter;
    const attached = await this.artifacts.listOf(protocol);
    const artifacts = [];
    for (const artifact of attached)
      artifacts.push({
        path: skillPathOf(artifact),
        contentType: artifact.contentType,
        binary: isBinaryMime(artifact.contentType),
        bytes: await this.artifacts.bytesOf(artifact),
      });
    return { ...adapter, artifacts };
  };

  /**
   * KAIROS 4's `source` format: an artifact URI gives that file (text, or base64 for a binary
   * type); an adapter URI (or slug) gives its artifacts' metadata as JSON; a layer URI its text.
   */
  private async source(reader: MemoryReader, uri: string): Promise<ExportResult> {
    const base = { format: 'SOURCE' as const, contentEncoding: null, adapterCount: 1, bundleSha256: null, download: null };
    if (isArtifactUri(uri)) {
      const artifact = this.artifacts ? await this.artifacts.find(reader, uri) : null;
      if (!artifact) throw new RequestError('NOT_FOUND', `No artifact ${uri} on an adapter you can read`);
      const { content, encoding } = await this.artifacts!.contentOf(artifact);
      return { ...base, contentType: artifact.contentType, content, contentEncoding: encoding, itemCount: 1 };
    }
    const step = await resolveAdapterStep(reader, uri);
    if (!step) throw new RequestError('NOT_FOUND', `No adapter ${uri} in your spaces`);
    const named = parseKairosUri(uri);
    if (named && named.kind !== 'adapter') return { ...base, contentType: 'text/markdown', content: step.text, itemCount: 1 };
    const attached = this.artifacts ? await this.artifacts.listOf({ chainId: step.chain!.chainId }) : [];
    return {
      ...base,
      contentType: 'application/json',
      content: JSON.stringify({ artifacts: attached.map(artifactSourceRow) }),
      itemCount: attached.length,
    };
  }

  /** What search learned leads to a protocol (a skill carries it in artifacts/learned-triggers.json). */
  private readonly learnedOf = async (protocol: ProtocolView): Promise<LearnedTriggerView[]> =>
    this.learning ? this.learning.triggersOf(protocol, false) : [];

  /** Checks a download link's signature and expiry: NOT_FOUND once expired or forged. Who may use it is the caller's to check (`download`). */
  openLink(token: string, now = new Date()): DownloadLink {
    const claim = this.verify(token);
    if (!claim || typeof claim.x !== 'number' || claim.x < now.getTime() || typeof claim.p !== 'string') {
      throw new RequestError('NOT_FOUND', 'This download link is unknown or has expired; export again');
    }
    const capability =
      claim.k === 'cap' ? { exportId: String(claim.e ?? ''), tokenId: claim.t ?? null, narrowedTo: claim.n ?? null } : null;
    return { principalId: claim.p, selection: claim.s, capability };
  }

  /**
   * A capability link to one artifact's file (what KAIROS 4's `linked_artifacts[].download_url`
   * is): signed like an export's, bound to the caller and the token that asked, 5 minutes.
   */
  artifactLink(viewer: Viewer, artifactId: string, issuer: ExportIssuer, now = new Date()): { url: string; expiresAt: string } {
    const expiresAt = new Date(now.getTime() + DOWNLOAD_URL_TTL_MS);
    const token = this.sign({
      p: viewer.principalId,
      s: normalised({ uri: artifactUri(artifactId) }),
      x: expiresAt.getTime(),
      k: 'cap',
      e: randomBytes(12).toString('base64url'),
      t: issuer.tokenId,
      n: issuer.narrowedTo,
    });
    return { url: `${EXPORT_DOWNLOAD_PATH}${token}`, expiresAt: expiresAt.toISOString() };
  }

  /** The archive behind a download link, streamed one skill at a time (or the one file an artifact link names); FORBIDDEN for another principal. */
  async download(
    viewer: Viewer,
    reader: MemoryReader,
    link: DownloadLink,
  ): Promise<{ filename: string; contentType: string; body: AsyncGenerator<Buffer> }> {
    if (link.principalId !== viewer.principalId) throw new RequestError('FORBIDDEN', 'This download link belongs to another principal');
    if (link.selection.uri && isArtifactUri(link.selection.uri)) {
      // Read again as the link's principal: a file deleted or no longer readable is gone.
      const artifact = this.artifacts ? await this.artifacts.find(reader, link.selection.uri) : null;
      if (!artifact) throw new RequestError('NOT_FOUND', 'This artifact is gone or no longer readable by you');
      const bytes = await this.artifacts!.bytesOf(artifact);
      return {
        filename: artifact.name.replace(/[^\w.-]/g, '_'),
        contentType: artifact.contentType,
        body: (async function* () {
          yield bytes;
        })(),
      };
    }
    const selected = await selectAdapterSteps(viewer, reader, link.selection);
    return {
      filename: bundleName(selected),
      contentType: CONTENT_TYPES.SKILL_ZIP,
      body: zipStream(skillEntriesOf(reader, selected, this.render)),
    };
  }

  /** skill_tree answers whole: priced from stored sizes before anything is read, refused over the response budget. */
  private async refuseOverBudget(selected: readonly SelectedAdapter[]): Promise<void> {
    if (this.responseBudgetBytes <= 0) return;
    const estimate = Math.ceil((await this.estimateBytes(selected)) * SKILL_TREE_JSON_FACTOR);
    if (estimate > this.responseBudgetBytes) {
      throw new RequestError(
        'RESPONSE_TOO_LARGE',
        `This skill_tree would be about ${estimate} bytes, over the response budget of ${this.responseBudgetBytes} bytes: export fewer adapters, or ask for SKILL_ZIP (a download link)`,
        { field: 'content', limit: this.responseBudgetBytes, projectedBytes: estimate },
      );
    }
  }

  /** The uncompressed bytes of the selected adapters' skill files, bounded from stored sizes (nothing built). */
  private async estimateBytes(selected: readonly SelectedAdapter[]): Promise<number> {
    const sizes = await this.sizes.chainSizes(selected);
    const attached = await this.attachedOf(selected);
    return (
      selected.reduce(
        (sum, adapter) =>
          sum +
          skillBytesEstimate(
            sizes.get(`${adapter.space}\u0000${adapter.chainId}`) ?? { textBytes: 0, steps: adapter.step.chain!.stepCount },
          ),
        0,
      ) + attached.reduce((sum, artifact) => sum + Math.ceil(artifact.size * ARTIFACT_ENCODING_FACTOR) + 512, 0)
    );
  }

  /** The current artifacts of the selected adapters, their bytes not read. */
  private async attachedOf(selected: readonly SelectedAdapter[]): Promise<ArtifactMeta[]> {
    if (!this.artifacts) return [];
    const all: ArtifactMeta[] = [];
    for (const adapter of selected) all.push(...(await this.artifacts.listOf(adapter)));
    return all;
  }

  /** The bundle's manifest, from what is stored (nothing read but the artifact list and learned triggers). */
  private async manifestOf(selected: readonly SelectedAdapter[], bundleSha256: string | null): Promise<string> {
    const skills = [];
    for (const adapter of selected) {
      const name = skillName(adapter.slug);
      const learned = await this.learnedOf({ space: adapter.space, chainId: adapter.chainId, steps: [] });
      const generated = [`artifacts/${adapter.slug}.md`, ...(learned.length > 0 ? ['artifacts/learned-triggers.json'] : [])];
      const attached = this.artifacts
        ? (await this.artifacts.listOf(adapter)).map(skillPathOf).filter((path) => !generated.includes(path))
        : [];
      skills.push({
        slug: adapter.slug,
        version: adapter.step.chain!.protocolVersion ?? null,
        files: ['SKILL.md', ...generated, ...[...new Set(attached)].sort(), 'SHA256SUMS'].map((path) => `${name}/${path}`),
      });
    }
    return skillBundleManifest(skills, bundleSha256);
  }

  /**
   * Inline when asked (INLINE_BASE64) or, without `delivery`, when it fits; the URL when asked
   * (DOWNLOAD_REF) or when it does not fit. Whether it fits is read from stored sizes, so a large
   * bundle is never built for the answer. Inline is never sent over the limit: asked for, it
   * answers RESPONSE_TOO_LARGE instead.
   */
  private async skillZip(
    viewer: Viewer,
    reader: MemoryReader,
    selection: ExportSelection,
    selected: SelectedAdapter[],
    delivery: ExportDelivery | null,
    issuer: ExportIssuer,
    now: Date,
  ): Promise<ExportResult> {
    const base = {
      format: 'SKILL_ZIP' as const,
      contentType: CONTENT_TYPES.SKILL_ZIP,
      adapterCount: selected.length,
      itemCount: selected.length * SKILL_FILES_PER_ADAPTER + (await this.attachedOf(selected)).length,
    };
    if (delivery !== 'DOWNLOAD_REF' && (await this.estimateBytes(selected)) <= this.inlineMaxBytes) {
      const { bytes, sha256 } = await zipBytes(skillEntriesOf(reader, selected, this.render));
      if (bytes.length <= this.inlineMaxBytes)
        return {
          ...base,
          content: bytes.toString('base64'),
          contentEncoding: 'BASE64',
          bundleSha256: sha256,
          download: null,
          skillBundleManifest: await this.manifestOf(selected, sha256),
        };
    }
    if (delivery === 'INLINE_BASE64') {
      throw new RequestError(
        'RESPONSE_TOO_LARGE',
        `The skill_zip is over the inline limit of ${this.inlineMaxBytes} bytes: ask for delivery DOWNLOAD_REF (or omit delivery)`,
        {
          field: 'content',
          limit: this.inlineMaxBytes,
        },
      );
    }
    const expiresAt = new Date(now.getTime() + DOWNLOAD_URL_TTL_MS);
    const claim = { p: viewer.principalId, s: normalised(selection), x: expiresAt.getTime() };
    const token = this.sign(claim);
    const capability = this.sign({ ...claim, k: 'cap', e: randomBytes(12).toString('base64url'), t: issuer.tokenId, n: issuer.narrowedTo });
    return {
      ...base,
      content: '',
      contentEncoding: null,
      bundleSha256: null,
      skillBundleManifest: await this.manifestOf(selected, null),
      download: {
        url: `${EXPORT_DOWNLOAD_PATH}${token}`,
        capabilityUrl: `${EXPORT_DOWNLOAD_PATH}${capability}`,
        expiresAt: expiresAt.toISOString(),
        filename: bundleName(selected),
      },
    };
  }

  private async runsOf(viewer: Viewer, adapter: ExportAdapter): Promise<ExportRun[]> {
    const runs: ExportRun[] = [];
    let after: string | null = null;
    while (runs.length < MAX_EXPORT_RUNS) {
      // Every readable space: runs stay where they began, so a moved adapter's earlier runs (and a built-in's, run in personal spaces) are elsewhere.
      const page = await this.runs.listRuns(viewer, { chainId: adapter.id, first: 500, after });
      runs.push(...page.records.map(exportRunOf));
      if (!page.hasNextPage || page.cursors.length === 0) break;
      after = page.cursors[page.cursors.length - 1]!;
    }
    // Oldest first, so rows read as history.
    return runs.slice(0, MAX_EXPORT_RUNS).reverse();
  }

  private sign(claim: DownloadClaim): string {
    const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
    return `${body}.${createHmac('sha256', this.secret).update(body).digest('base64url')}`;
  }

  private verify(token: string): DownloadClaim | null {
    if (token.length > 8_192) return null;
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = createHmac('sha256', this.secret).update(body).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DownloadClaim;
    } catch {
      return null;
    }
  }
}

function normalised(selection: ExportSelection): ExportSelection {
  return {
    uri: selection.uri ?? null,
    adapters: selection.adapters ? [...selection.adapters] : null,
    allAdapters: selection.allAdapters ?? null,
    spaceName: selection.spaceName ?? null,
  };
}

function bundleName(adapters: readonly { slug: string }[]): string {
  return adapters.length === 1 ? `${adapters[0]!.slug}.zip` : 'kairos-skills.zip';
}

/**
 * The zip entries of the selected adapters, each read and rendered only when the archive reaches
 * it, the loop getting a turn between reading, rendering and checksumming one adapter.
 */
async function* skillEntriesOf(
  reader: MemoryReader,
  selected: readonly SelectedAdapter[],
  render: (protocol: ProtocolView) => Promise<ExportAdapter>,
): AsyncGenerator<ZipEntry> {
  for (const adapter of selected) {
    const protocol = await loadSelectedAdapter(reader, adapter);
    await nextTurn();
    const rendered = await render(protocol);
    await nextTurn();
    yield* skillZipEntries(rendered);
  }
}

/** One artifact in the `source` listing of an adapter, in KAIROS 4's keys. */
function artifactSourceRow(artifact: ArtifactMeta): Record<string, unknown> {
  return {
    uri: artifactUri(artifact.slug),
    uuid_uri: artifactUri(artifact.artifactId),
    artifact_uuid: artifact.artifactId,
    label: artifact.name,
    slug: artifact.slug,
    version: artifact.version,
    sha256: artifact.sha256,
    name: artifact.name,
    content_type: artifact.contentType,
    tags: ['artifact', artifact.contentType.replace('text/', ''), `artifact:${artifact.slug}`],
    relative_path: artifact.relativePath,
  };
}

function datasetRows(format: ExportFormat, adapter: ExportAdapter, runs: readonly ExportRun[], includeReward: boolean): string {
  if (format === 'TRACE_JSONL') return traceRows(adapter, runs);
  if (format === 'REWARD_JSONL') return rewardRows(adapter, runs);
  if (format === 'SFT_JSONL') return sftRows(adapter, runs, { includeReward });
  return preferenceRows(adapter, runs);
}
