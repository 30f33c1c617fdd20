import { builder } from '../builder.js';
import { type EXPORT_DELIVERIES, type EXPORT_FORMATS } from '../export/export-model.js';
import type { ExportResult } from '../services/export-service.js';

const ExportFormatEnum = builder.enumType('ExportFormat', {
  description:
    'What `export` produces (KAIROS 4 spells them in lower case). MARKDOWN: the flat adapter document, which mints back to the same steps. SKILL_TREE: every skill file as JSON. SKILL_ZIP: a zip of `<slug>/SKILL.md`, `<slug>/artifacts/`, `<slug>/SHA256SUMS`. ' +
    'TRACE_JSONL, REWARD_JSONL, SFT_JSONL, PREFERENCE_JSONL: the runs of one adapter as dataset rows (docs/kairos-v4.md, Datasets).',
  values: {
    MARKDOWN: { description: 'One adapter as its flat markdown document (text/markdown).' },
    SKILL_TREE: { description: 'Every skill file as JSON: `{ skills: [{ slug, adapter_uri, files: [{ path, content_type, sha256, content }] }] }`.' },
    SKILL_ZIP: {
      description:
        'A zip of `<slug>/SKILL.md`, `<slug>/artifacts/` (the adapter\'s markdown and its attached files, or a file at its relative path), `<slug>/SHA256SUMS` per adapter: inline base64, or `download` when large.',
    },
    TRACE_JSONL: { description: 'Every proof of one adapter\'s runs (`kairos.trace/1` rows).' },
    REWARD_JSONL: { description: 'Every rated run of one adapter with its grading (`kairos.reward/1` rows).' },
    SFT_JSONL: { description: 'Prompt and completion per layer of SFT-eligible runs (`kairos.sft/1` rows).' },
    PREFERENCE_JSONL: { description: 'Chosen and rejected answers per layer (`kairos.preference/1` rows).' },
    SOURCE: {
      description:
        'One uri: an artifact (kairos://artifact/{uuid|slug}) as its file (its own content type; base64 for a binary type), an adapter as JSON `{ artifacts: [...] }` (KAIROS 4 keys), a layer as its text. An artifact URI gives this with any format.',
    },
  } satisfies Record<(typeof EXPORT_FORMATS)[number], { description: string }>,
});

const ExportDeliveryEnum = builder.enumType('ExportDelivery', {
  description: 'How a SKILL_ZIP comes (KAIROS 4 `delivery`, in lower case there). Omitted: inline when it fits the inline limit (4 MB), else `download`.',
  values: {
    INLINE_BASE64: { description: 'Always inline in `content` (base64); over the inline limit the export is refused with `RESPONSE_TOO_LARGE`.' },
    DOWNLOAD_REF: { description: 'Always as a short-lived `download` link, however small; `content` is empty.' },
  } satisfies Record<(typeof EXPORT_DELIVERIES)[number], { description: string }>,
});

export const ContentEncodingEnum = builder.enumType('ContentEncoding', {
  description: 'How `ExportPayload.content` is encoded when it is not plain text.',
  values: { BASE64: { description: 'Standard base64 of the bytes.' } } as const,
});

const ExportDownloadRef = builder.objectRef<NonNullable<ExportResult['download']>>('ExportDownload').implement({
  description:
    'A short-lived link to a bundle too large to send inline, two ways: `url` is GET with the same Authorization header before `expiresAt`; `capabilityUrl` works without one (for a browser or curl), until `expiresAt` or until the token that made it is revoked (docs/security.md).',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The path on this server (e.g. /export/download/<token>): GET it with your Authorization header.' }),
    capabilityUrl: t.exposeString('capabilityUrl', {
      description: 'The path of a capability link: anyone holding it downloads this export as you, without an Authorization header, until `expiresAt` (at most 5 minutes) or until the token that made it is revoked. Hand it only to what should download it.',
    }),
    expiresAt: t.exposeString('expiresAt', { description: 'ISO 8601; after it the link answers 404.' }),
    filename: t.exposeString('filename', { description: 'A file name for the archive.' }),
  }),
});

const ExportPayloadRef = builder.objectRef<ExportResult>('ExportPayload').implement({
  description: 'An export: inline `content`, or a `download` link for a large SKILL_ZIP.',
  fields: (t) => ({
    format: t.field({ type: ExportFormatEnum, description: 'The format produced.', resolve: (result) => result.format }),
    contentType: t.exposeString('contentType', { description: 'The MIME type of the content.' }),
    content: t.exposeString('content', { description: 'The export (base64 when `contentEncoding` is BASE64); empty when `download` is set.' }),
    contentEncoding: t.field({ type: ContentEncodingEnum, nullable: true, description: 'BASE64 for an inline SKILL_ZIP; null for text.', resolve: (result) => result.contentEncoding }),
    adapterCount: t.exposeInt('adapterCount', { description: 'Adapters (protocols) exported.' }),
    itemCount: t.exposeInt('itemCount', { description: 'Rows (JSON lines), files (skill formats) or 1 (markdown).' }),
    bundleSha256: t.exposeString('bundleSha256', { nullable: true, description: 'SHA-256 (hex) of the inline SKILL_ZIP bytes.' }),
    skillBundleManifest: t.string({
      nullable: true,
      description:
        'SKILL_ZIP: KAIROS 4\'s `skill_bundle_manifest`, a JSON string `{ type: "skill_bundle", format: "zip", skills: [{ slug, version, entrypoint, artifacts }], bundle_sha256? }` (paths from the bundle root; `bundle_sha256` when inline).',
      resolve: (result) => result.skillBundleManifest ?? null,
    }),
    download: t.field({ type: ExportDownloadRef, nullable: true, description: 'Set instead of `content` when the SKILL_ZIP is larger than the inline limit (4 MB).', resolve: (result) => result.download }),
  }),
});

const ExportInput = builder.inputType('ExportInput', {
  description: 'Exactly one of `uri`, `adapters` or `allAdapters` (with `spaceName`), and a format.',
  fields: (t) => ({
    uri: t.string({ description: 'One adapter: kairos://adapter/<slug|id>, kairos://layer/<id>, kairos://mem/<id> of any step, or a slug.' }),
    adapters: t.stringList({ description: 'Several adapters, as `uri` takes them (at most 256; skill formats only).' }),
    allAdapters: t.boolean({ description: 'Every protocol of `spaceName` (skill formats only).' }),
    spaceName: t.string({ description: 'With `allAdapters`: a space id, "personal", or its name as `spaces` shows it.' }),
    format: t.field({ type: ExportFormatEnum, required: true, description: 'What to produce.' }),
    delivery: t.field({ type: ExportDeliveryEnum, description: 'SKILL_ZIP only (else `BAD_USER_INPUT`): inline or a download link; omitted: by size.' }),
    includeReward: t.boolean({ description: 'SFT_JSONL: true (the default) keeps only runs graded eligible for SFT; false takes every run\'s settled layers, graded or not (KAIROS 4 `include_reward`).' }),
  }),
});

builder.queryField('export', (t) =>
  t.field({
    type: ExportPayloadRef,
    description:
      'Exports adapters (markdown, skills) or one adapter\'s runs (datasets), reading only what you can read. ' +
      'Codes: `BAD_USER_INPUT` (not exactly one selection; a dataset or MARKDOWN format with several adapters; `delivery` with another format than SKILL_ZIP), `RESPONSE_TOO_LARGE` (`delivery` INLINE_BASE64 for a bundle over the inline limit), `NOT_FOUND` (an adapter you cannot read), `FORBIDDEN` (a space you cannot read), `PAYLOAD_TOO_LARGE` (more than 256 adapters, a reference over 256 characters).',
    args: { input: t.arg({ type: ExportInput, required: true, description: 'What to export and how.' }) },
    resolve: (_root, { input }, ctx) =>
      ctx.services.exports.export(ctx.viewer, ctx.reader, input, input.format, {
        delivery: input.delivery,
        includeReward: input.includeReward,
        issuer: { tokenId: ctx.authentication.tokenId, narrowedTo: ctx.viewer.narrowed ? ctx.viewer.readableSpaces[0]! : null },
      }),
  }),
);
