import { builder } from '../builder.js';
import { reserveResponseBytes } from '../http/response-budget.js';
import { adapterUri, artifactUri } from '../model/kairos-uri.js';
import { isBinaryMime } from '../protocol/artifact-files.js';
import type { ProtocolView } from '../services/protocol-service.js';
import { type ARTIFACT_REMOVALS, type ArtifactMeta } from '../store/artifact-store.js';
import { ContentEncodingEnum } from './export.js';
import { ProtocolRef } from './protocol.js';
import { SpaceRef } from './space.js';

const ArtifactRemovalEnum = builder.enumType('ArtifactRemoval', {
  description: 'Why a version of an artifact is no longer current.',
  values: {
    REPLACED: { description: 'A newer version with the same name, slug or path took its place (`force`).' },
    DELETED: { description: 'Its adapter was deleted.' },
  } satisfies Record<(typeof ARTIFACT_REMOVALS)[number], { description: string }>,
});

const ArtifactRef = builder.objectRef<ArtifactMeta>('Artifact').implement({
  description:
    'A file attached to an adapter (KAIROS 4 artifact): a script, a configuration, a note or a small binary, shipped in the adapter\'s skill export. Read through its adapter: only readers of the adapter\'s space see it (docs/kairos-v4.md, Artifacts).',
  fields: (t) => ({
    id: t.exposeID('artifactId', { description: 'The artifact uuid, the same in every version (KAIROS 4 `artifact_uuid`).' }),
    uri: t.string({ description: 'kairos://artifact/{slug}.', resolve: (artifact) => artifactUri(artifact.slug) }),
    uuidUri: t.string({ description: 'kairos://artifact/{uuid}.', resolve: (artifact) => artifactUri(artifact.artifactId) }),
    chainId: t.exposeID('chainId', { description: 'The protocol it is attached to (`Protocol.chainId`).' }),
    adapterUri: t.string({ description: 'kairos://adapter/{chainId}: the adapter it belongs to.', resolve: (artifact) => adapterUri(artifact.chainId) }),
    name: t.exposeString('name', { description: 'The file name given when it was attached.' }),
    slug: t.exposeString('slug', { description: 'Unique within its adapter: from a `# kairos-artifact:` header (`# slug:`), else made from its relative path or name.' }),
    version: t.exposeString('version', { description: 'From the header (`# version:`), else "1".' }),
    contentType: t.exposeString('contentType', { description: 'Its MIME type (one of the allowlist).' }),
    relativePath: t.exposeString('relativePath', { nullable: true, description: 'Where it goes in the skill folder; null: `artifacts/<name>`.' }),
    sha256: t.exposeString('sha256', { description: 'SHA-256 (hex) of its bytes.' }),
    size: t.exposeInt('size', { description: 'Its size in bytes.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the first version was attached.' }),
    writtenAt: t.expose('writtenAt', { type: 'DateTime', description: 'When this version was attached.' }),
    removedAt: t.expose('removedAt', { type: 'DateTime', nullable: true, description: 'History only: when this version stopped being current.' }),
    removal: t.field({ type: ArtifactRemovalEnum, nullable: true, description: 'History only: why.', resolve: (artifact) => artifact.removal }),
    content: t.string({
      description: 'The file: text as it is, a binary type as base64 (`contentEncoding`). Read only when asked for.',
      resolve: async (artifact, _args, ctx) => {
        // Counted from the stored size before the bytes are read: later items of a long list never load theirs once over.
        const reserved = reserveResponseBytes(ctx, 'Artifact.content', isBinaryMime(artifact.contentType) ? Math.ceil((artifact.size * 4) / 3) : artifact.size);
        // Over the budget: the whole answer is replaced by RESPONSE_TOO_LARGE, this value is never sent.
        if (!reserved) return '';
        try {
          return (await ctx.services.artifacts.contentOf(artifact)).content;
        } finally {
          reserved.release();
        }
      },
    }),
    downloadUrl: t.string({
      nullable: true,
      description:
        'The current version: the path of a capability link to the file (GET it without an Authorization header; it acts as you, for 5 minutes or until the token that asked is revoked; docs/security.md). Null for a past version.',
      resolve: (artifact, _args, ctx) =>
        artifact.removedAt
          ? null
          : ctx.services.exports.artifactLink(ctx.viewer, artifact.artifactId, {
              tokenId: ctx.authentication.tokenId,
              narrowedTo: ctx.viewer.narrowed ? ctx.viewer.readableSpaces[0]! : null,
            }).url,
    }),
    contentEncoding: t.field({
      type: ContentEncodingEnum,
      nullable: true,
      description: 'BASE64 for a binary type (images, PDF); null for text.',
      resolve: (artifact) => (isBinaryMime(artifact.contentType) ? 'BASE64' : null),
    }),
  }),
});

builder.objectField(ProtocolRef, 'artifacts', (t) =>
  t.field({
    type: [ArtifactRef],
    description: 'The files attached to this adapter, by name (`attachArtifact`).',
    resolve: (protocol, _args, ctx) => ctx.services.artifacts.listOf(protocol),
  }),
);

builder.objectField(SpaceRef, 'artifacts', (t) =>
  t.field({
    type: [ArtifactRef],
    description: "The files attached to this space's protocols, by name (`chainId` says whose); one read for the whole space.",
    resolve: (space, _args, ctx) => ctx.services.artifacts.listOfMany(space.protocols.map((protocol) => protocol.chainId)),
  }),
);

builder.objectField(ProtocolRef, 'artifactHistory', (t) =>
  t.field({
    type: [ArtifactRef],
    description: "Past versions of this adapter's files (replaced, or deleted with the adapter), newest first, with their content; kept KAIROS_HISTORY_DAYS.",
    resolve: (protocol, _args, ctx) => ctx.services.artifacts.historyOf(protocol),
  }),
);

builder.queryField('artifact', (t) =>
  t.field({
    type: ArtifactRef,
    nullable: true,
    description:
      'An artifact by kairos://artifact/{uuid} or kairos://artifact/{slug}; null when none is on an adapter you can read. `AMBIGUOUS` when the slug is on several adapters you can read (use the uuid).',
    args: { uri: t.arg.string({ required: true, description: 'kairos://artifact/{uuid|slug}.' }) },
    resolve: (_root, args, ctx) => ctx.services.artifacts.find(ctx.reader, args.uri),
  }),
);

const AttachArtifactInput = builder.inputType('AttachArtifactInput', {
  description: 'A file to attach to an adapter.',
  fields: (t) => ({
    adapter: t.string({ required: true, description: 'kairos://adapter/{slug|chainId}, or any step URI of it. You need write access to its space.' }),
    name: t.string({ required: true, description: 'The file name (at most 255 characters); its extension tells the type when `contentType` is omitted.' }),
    content: t.string({ required: true, description: 'The file: text, or base64 for a binary type or with `contentEncoding: BASE64`.' }),
    contentType: t.string({ description: 'The MIME type (the allowlist is in docs/kairos-v4.md); omitted: from the name.' }),
    contentEncoding: t.field({ type: ContentEncodingEnum, description: 'BASE64: `content` is base64 (implied for binary types).' }),
    relativePath: t.string({ description: 'Where it goes in the skill folder (forward slashes, no `..`, not absolute); omitted: `artifacts/<name>`.' }),
    force: t.boolean({ description: 'Replace the artifact with the same name, slug or path; the old version stays in `artifactHistory`.' }),
  }),
});

const AttachArtifactPayloadRef = builder.objectRef<{ artifact: ArtifactMeta; protocol: ProtocolView }>('AttachArtifactPayload').implement({
  description: 'The artifact as stored.',
  fields: (t) => ({
    artifact: t.field({ type: ArtifactRef, description: 'The new current version.', resolve: (payload) => payload.artifact }),
    protocol: t.field({ type: ProtocolRef, description: 'The adapter it is attached to.', resolve: (payload) => payload.protocol }),
  }),
});

builder.mutationField('attachArtifact', (t) =>
  t.field({
    type: AttachArtifactPayloadRef,
    description:
      'Attaches a file to an adapter (what KAIROS 4 train does with mime, artifact_name and adapter_uri). Codes (nothing stored): `UNSUPPORTED_MIME` (a type off the allowlist, not told by the name, or not matching its extension), ' +
      '`ARTIFACT_CONTENT_TOTAL_BYTES_EXCEEDED` (over KAIROS_ARTIFACT_MAX_BYTES), `INVALID_RELATIVE_PATH` (absolute, `..`, NUL, an empty segment, a path the export writes), `DUPLICATE_ARTIFACT` (send `force`), ' +
      '`QUOTA_EXCEEDED` (`details.limit: "artifacts_per_adapter"`, or `"space_bytes"` / `"principal_bytes"`: a file counts against the storage quotas as text does), `NOT_FOUND`, `SPACE_READ_ONLY`, `BAD_USER_INPUT` (a bad name, content that is not base64 or UTF-8), `INVALID_UNICODE`.',
    args: { input: t.arg({ type: AttachArtifactInput, required: true, description: 'The file and its adapter.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.artifacts.attach(ctx.viewer, ctx.reader, input),
  }),
);
