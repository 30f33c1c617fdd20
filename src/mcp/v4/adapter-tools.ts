import * as z from 'zod';
import type { V4AdapterQuery } from '../../generated/graphql.js';
import { adapterUri, isArtifactUri, layerUriOfMemoryUri, parseKairosUri, parseMemoryUri } from '../../model/kairos-uri.js';
import {
  V4AdapterDocument,
  V4AttachArtifactDocument,
  V4DeleteDocument,
  V4ExportDocument,
  V4MintDocument,
  V4MoveDocument,
  V4SpacesDocument,
  V4UpdateDocument,
} from './operations.js';
import { reviewGateRefusal } from './review-gate.js';
import { kairosSpace } from './activation.js';
import { answerOf, refused, type ToolCall } from '../tool.js';
import { v4Tool } from './define-tool.js';

const MAX_URIS = 100;
const reviewEvidence = z
  .object({ verdict_file: z.string().max(1_000), exit_code: z.number(), stdout: z.string().max(100_000) })
  .describe(
    'What your review printed: it passes when exit_code is 0 and the first line of stdout is PASS. The server never opens verdict_file.',
  );
const adapterOrLayer = z.string().max(300).describe('kairos://adapter/<slug|uuid> or kairos://layer/<uuid>');

type Adapter = NonNullable<V4AdapterQuery['protocol']>;

interface LearnedTriggerJson {
  text: string;
  weight: number;
  successes: number;
  principals: number;
}

/** A space's learned triggers by adapter (chain id), in KAIROS 4's key style. */
function learnedTriggersByAdapter(triggers: readonly (LearnedTriggerJson & { chainId: string })[]): Map<string, LearnedTriggerJson[]> {
  const byAdapter = new Map<string, LearnedTriggerJson[]>();
  for (const { chainId, text, weight, successes, principals } of triggers)
    byAdapter.set(chainId, [...(byAdapter.get(chainId) ?? []), { text, weight, successes, principals }]);
  return byAdapter;
}

type NoticeJson = { code: string; uri: string; keys: string[]; message: string };

/** A write's notices as KAIROS 4 names things: each layer by its layer URI. */
function noticesOf(notices: readonly { code: string; uri: string; message: string; keys: readonly { path: string }[] }[]): NoticeJson[] {
  return notices.map((notice) => ({
    code: notice.code,
    uri: layerUriOfMemoryUri(notice.uri),
    keys: notice.keys.map((key) => key.path),
    message: notice.message,
  }));
}

/** `notices` on an answer, only when there is one (KAIROS 4's own answers have none). */
const withNotices = (notices: NoticeJson[]) => (notices.length > 0 ? { notices } : {});

/**
 * The adapter an adapter URI names (looked up: tune and delete act on each of its layers), or the
 * layer URI as the caller sent it: the services resolve a layer to its memory.
 */
async function targetOf(call: ToolCall, uri: string): Promise<{ adapter: Adapter } | { layer: string } | { error: string; code: string }> {
  const parsed = parseKairosUri(uri);
  if (!parsed || parsed.kind === 'mem') return { code: 'BAD_USER_INPUT', error: 'not an adapter or layer URI' };
  if (parsed.kind === 'layer') return { layer: uri };
  const found = await call.run(V4AdapterDocument, { uri, key: null });
  if (!found.ok) return { code: found.refusal.code, error: found.refusal.message };
  return found.data.protocol ? { adapter: found.data.protocol } : { code: 'NOT_FOUND', error: `No adapter ${uri} in your spaces` };
}

/** What a move names after a change: the adapter's step 1, or the layer (its adapter moves). */
function moveUriOf(target: { adapter: Adapter } | { layer: string }): string {
  return 'adapter' in target ? target.adapter.uri : target.layer;
}

/** tune's content or updates for one target; `moveUri` names the adapter as it is afterwards (a new document mints a new one). */
async function changeContent(
  call: ToolCall,
  target: { adapter: Adapter } | { layer: string },
  content: string | undefined,
  updates: Record<string, unknown> | undefined,
): Promise<{ ok: true; message: string; moveUri: string; notices: NoticeJson[] } | { ok: false; message: string }> {
  if (content !== undefined && 'adapter' in target) {
    const minted = await call.run(V4MintDocument, {
      input: { markdown: content, space: target.adapter.space, force: true, protocolVersion: null },
    });
    if (!minted.ok) return { ok: false, message: `${minted.refusal.code}: ${minted.refusal.message}` };
    return {
      ok: true,
      message: `Stored as ${adapterUri(minted.data.mint.protocol.slug)}`,
      moveUri: minted.data.mint.protocol.uri,
      notices: noticesOf(minted.data.mint.notices),
    };
  }
  const memoryUris = 'adapter' in target ? target.adapter.stepUris : [target.layer];
  const updated = await call.run(V4UpdateDocument, {
    input:
      content !== undefined
        ? { uris: memoryUris, markdownDoc: [content], updates: null }
        : { uris: memoryUris, markdownDoc: null, updates: (updates ?? null) as never },
  });
  if (!updated.ok) return { ok: false, message: `${updated.refusal.code}: ${updated.refusal.message}` };
  const failed = updated.data.updateMemories.results.find((row) => row.status !== 'UPDATED');
  return failed
    ? { ok: false, message: failed.message }
    : {
        ok: true,
        message: `Updated ${memoryUris.length} layer(s)`,
        moveUri: moveUriOf(target),
        notices: noticesOf(updated.data.updateMemories.notices),
      };
}

/** A fork takes a slug of its own, as in KAIROS 4: the source's `slug:` frontmatter line is dropped. */
export function withoutFrontmatterSlug(markdown: string): string {
  const frontmatter = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(markdown);
  if (!frontmatter) return markdown;
  const kept = frontmatter[1]!.split('\n').filter((line) => !/^slug\s*:/.test(line));
  const head = kept.some((line) => line.trim() !== '') ? `---\n${kept.join('\n')}\n---\n` : '';
  return head + markdown.slice(frontmatter[0].length);
}

async function exportMarkdown(
  call: ToolCall,
  uri: string,
): Promise<{ ok: true; markdown: string } | { ok: false; code: string; message: string }> {
  const exported = await call.run(V4ExportDocument, { input: { uri, format: 'MARKDOWN' } });
  return exported.ok ? { ok: true, markdown: exported.data.export.content } : { ok: false, ...exported.refusal };
}

export const V4_ADAPTER_TOOLS = [
  v4Tool({
    name: 'train',
    description:
      'Store an adapter: markdown (v4: contract blocks end layers; v3 documents are read as before). Send review_evidence from a review of the content (exit_code 0, stdout starting PASS), else REVIEW_EVIDENCE_REQUIRED or REVIEW_GATE_FAILED. ' +
      'source_adapter_uri forks an adapter (its markdown, or content when given) into space. Answer: { items: [{ uri (layer), layer_uuid, adapter_uri, label, tags, content_type }], status: "stored" }, with notices: [{ code, uri, keys, message }] when a contract has keys the server does not read (kept as written: check them for a typo). ' +
      "An artifact (a file for the adapter's skill folder): mime other than text/markdown (or artifact_name with a known extension), artifact_name, adapter_uri, content (base64 for image/* and application/pdf), relative_path?; force_update replaces one with the same name, slug or path. Answer: { items: [{ uri: kairos://artifact/<slug>, artifact_uuid, adapter_uri, label, tags, content_type }] }. " +
      'Refusals as for mint: PROTOCOL_STRUCTURE_INVALID, DUPLICATE_CHAIN (send force_update), DUPLICATE_SLUG, SPACE_READ_ONLY, SPACE_NOT_FOUND, PAYLOAD_TOO_LARGE; for artifacts UNSUPPORTED_MIME, ARTIFACT_CONTENT_TOTAL_BYTES_EXCEEDED, INVALID_RELATIVE_PATH, DUPLICATE_ARTIFACT, QUOTA_EXCEEDED, NOT_FOUND.',
    input: z.object({
      content: z.string().optional().describe('The adapter document (markdown).'),
      llm_model_id: z.string().min(1),
      force_update: z.boolean().optional(),
      protocol_version: z.string().optional(),
      space: z.string().optional().describe('"personal" (default) or a space id.'),
      source_adapter_uri: z.string().max(300).optional().describe('Fork this adapter.'),
      review_evidence: reviewEvidence.optional(),
      mime: z
        .string()
        .max(200)
        .optional()
        .describe(
          'text/markdown (the default: an adapter); another type stores content as an artifact of adapter_uri (binary types as base64).',
        ),
      artifact_name: z.string().max(300).optional().describe('The artifact file name; its extension tells the type when mime is omitted.'),
      adapter_uri: z.string().max(300).optional().describe('The adapter an artifact is attached to (kairos://adapter/<slug>).'),
      relative_path: z
        .string()
        .max(2_048)
        .optional()
        .describe(
          'Artifacts: where the file goes in the skill folder (forward slashes, no .., not absolute); omitted: artifacts/<artifact_name>.',
        ),
    }),
    handle: async (args, call) => {
      const mime = args.mime?.trim();
      const name = args.artifact_name?.trim();
      const target = args.adapter_uri?.trim();
      // As KAIROS 4: a type other than markdown, or a name and an adapter without a type, stores an artifact.
      if ((mime && mime.toLowerCase() !== 'text/markdown') || (!mime && (name || target))) {
        if (!name) return refused('BAD_USER_INPUT', 'artifact_name is required to store an artifact');
        if (!target) return refused('BAD_USER_INPUT', 'adapter_uri is required to store an artifact');
        if (args.content === undefined || args.content === '') return refused('BAD_USER_INPUT', 'Send the artifact in content');
        const attached = await call.run(V4AttachArtifactDocument, {
          input: {
            adapter: target,
            name,
            content: args.content,
            contentType: mime ?? null,
            relativePath: args.relative_path ?? null,
            force: args.force_update ?? null,
          },
        });
        return answerOf(attached, ({ attachArtifact: { artifact, protocol } }) => ({
          items: [
            {
              uri: artifact.uri,
              artifact_uuid: artifact.id,
              adapter_uri: adapterUri(protocol.slug),
              label: artifact.name,
              tags: ['artifact', artifact.contentType.replace('text/', ''), `artifact:${artifact.slug}`],
              content_type: artifact.contentType,
            },
          ],
          status: 'stored',
        }));
      }
      if (args.relative_path?.trim())
        return refused('BAD_USER_INPUT', 'relative_path is only for artifacts (send mime or artifact_name with adapter_uri)');
      let markdown = args.content;
      if (markdown?.trim()) {
        const gate = reviewGateRefusal(args.review_evidence);
        if (gate) return refused(gate.code, gate.message);
      } else if (args.source_adapter_uri) {
        const source = await exportMarkdown(call, args.source_adapter_uri);
        if (!source.ok) return refused(source.code, source.message);
        markdown = withoutFrontmatterSlug(source.markdown);
      } else {
        return refused('BAD_USER_INPUT', 'Send content, or source_adapter_uri to fork an adapter');
      }
      const minted = await call.run(V4MintDocument, {
        input: {
          markdown: markdown!,
          space: args.space ?? null,
          force: args.force_update ?? null,
          protocolVersion: args.protocol_version ?? null,
        },
      });
      return answerOf(minted, (data) => {
        const protocol = data.mint.protocol;
        return {
          items: protocol.steps.map((step) => ({
            uri: layerUriOfMemoryUri(step.uri),
            layer_uuid: parseMemoryUri(step.uri),
            adapter_uri: adapterUri(protocol.slug),
            label: step.label,
            tags: step.tags,
            content_type: 'text/markdown',
          })),
          status: 'stored',
          ...withNotices(noticesOf(data.mint.notices)),
        };
      });
    },
  }),
  v4Tool({
    name: 'tune',
    description:
      'Change adapters or layers: content (one markdown per uri; a layer URI replaces that layer, an adapter URI stores the document over the adapter, force-replacing it in its space) with review_evidence, or updates (fields for every uri: text, label, tags, challenge), ' +
      'and/or space: move each adapter (every layer; a layer URI moves its whole adapter) to that space ("personal", a space id, or "Group: <name>"), after any content or updates (the move is checked first: one that would be refused changes nothing). A move needs write access to both spaces and a free slug and title there, and moves all layers or none. ' +
      'Answer: { results: [{ uri, status: "updated" | "error", message }], total_updated, total_failed } (and notices, as train answers them); an error message starts with its code (DUPLICATE_SLUG, DUPLICATE_CHAIN, SPACE_READ_ONLY, SPACE_NOT_FOUND, NOT_FOUND, ...).',
    input: z.object({
      uris: z.array(adapterOrLayer).min(1).max(MAX_URIS),
      content: z.array(z.string()).optional(),
      updates: z.record(z.string(), z.unknown()).optional(),
      space: z
        .string()
        .max(300)
        .optional()
        .describe('Move every layer of each adapter to this space: "personal", a space id (group:<name>), or "Group: <name>".'),
      review_evidence: reviewEvidence.optional(),
    }),
    handle: async (args, call) => {
      const space = args.space?.trim() || null;
      if (args.content && args.content.length !== args.uris.length) return refused('BAD_USER_INPUT', 'content must have one entry per uri');
      if (!args.content && !args.updates && !space) return refused('BAD_USER_INPUT', 'Send content, updates or space');
      if (args.content?.some((body) => body.trim() !== '')) {
        const gate = reviewGateRefusal(args.review_evidence);
        if (gate) return refused(gate.code, gate.message);
      }
      const results: { uri: string; status: 'updated' | 'error'; message: string }[] = [];
      const notices: NoticeJson[] = [];
      for (const [index, uri] of args.uris.entries()) {
        const target = await targetOf(call, uri);
        if ('error' in target) {
          results.push({ uri, status: 'error', message: `${target.code}: ${target.error}` });
          continue;
        }
        if (space && (args.content || args.updates)) {
          // The move is checked before the content changes, priced at the new content's size, so a move that would be refused changes nothing.
          const content = args.content?.[index];
          const newTextBytes = content === undefined ? null : Buffer.byteLength(content, 'utf8');
          const check = await call.run(V4MoveDocument, { input: { uri: moveUriOf(target), space, dryRun: true, newTextBytes } });
          if (!check.ok) {
            results.push({ uri, status: 'error', message: `${check.refusal.code}: Nothing changed: ${check.refusal.message}` });
            continue;
          }
        }
        const changed =
          args.content || args.updates
            ? await changeContent(call, target, args.content?.[index], args.updates)
            : { ok: true as const, message: '', moveUri: moveUriOf(target), notices: [] };
        if (!changed.ok) {
          results.push({ uri, status: 'error', message: changed.message });
          continue;
        }
        notices.push(...changed.notices);
        // As KAIROS 4 answers: an updated row names the layer (an adapter by its first layer).
        const layerUri = layerUriOfMemoryUri(changed.moveUri);
        if (!space) {
          results.push({ uri: layerUri, status: 'updated', message: changed.message });
          continue;
        }
        const moved = await call.run(V4MoveDocument, { input: { uri: changed.moveUri, space } });
        const done = changed.message ? `${changed.message}. ` : '';
        if (!moved.ok) {
          results.push({
            uri,
            status: 'error',
            message: `${moved.refusal.code}: ${done ? `${done}Not moved: ` : ''}${moved.refusal.message}`,
          });
          continue;
        }
        const { moveProtocol: move } = moved.data;
        results.push({
          uri: layerUri,
          status: 'updated',
          message: move.moved
            ? `${done}Moved ${adapterUri(move.protocol.slug)} (${move.protocol.stepCount} layer(s)) from ${move.fromSpace} to ${move.protocol.space}`
            : `${done}${adapterUri(move.protocol.slug)} already is in ${move.protocol.space}`,
        });
      }
      const updated = results.filter((row) => row.status === 'updated').length;
      return { ok: true, json: { results, total_updated: updated, total_failed: results.length - updated, ...withNotices(notices) } };
    },
  }),
  v4Tool({
    name: 'delete',
    description:
      'Delete adapters (every layer) or single layers by URI; history keeps them, restorable. Each uri on its own. Answer: { results: [{ uri, status: "deleted" | "error", message }], total_deleted, total_failed }.',
    input: z.object({ uris: z.array(adapterOrLayer).min(1).max(MAX_URIS) }),
    handle: async (args, call) => {
      const results: { uri: string; status: 'deleted' | 'error'; message: string }[] = [];
      for (const uri of args.uris) {
        const target = await targetOf(call, uri);
        if ('error' in target) {
          results.push({ uri, status: 'error', message: `${target.code}: ${target.error}` });
          continue;
        }
        const memoryUris = 'adapter' in target ? target.adapter.stepUris : [target.layer];
        const deleted = await call.run(V4DeleteDocument, { input: { uris: memoryUris } });
        if (!deleted.ok) results.push({ uri, status: 'error', message: `${deleted.refusal.code}: ${deleted.refusal.message}` });
        else {
          const failed = deleted.data.deleteMemories.results.find((row) => row.status !== 'DELETED');
          results.push(
            failed
              ? { uri, status: 'error', message: failed.message }
              : { uri, status: 'deleted', message: `Deleted ${memoryUris.length} layer(s)` },
          );
        }
      }
      const deleted = results.filter((row) => row.status === 'deleted').length;
      return { ok: true, json: { results, total_deleted: deleted, total_failed: results.length - deleted } };
    },
  }),
  v4Tool({
    name: 'export',
    description:
      "Export adapters or an adapter's runs. Exactly one of uri, adapters, or all_adapters with space_name. format: markdown (one adapter, trains back to the same layers), skill_tree, skill_zip (default: <slug>/SKILL.md, <slug>/artifacts/, <slug>/SHA256SUMS), trace_jsonl, reward_jsonl, sft_jsonl, preference_jsonl (one adapter), source (one uri: a kairos://artifact/<uuid|slug> as its file, any format; an adapter as JSON { artifacts }; a layer as its text). " +
      'Answer: { uri, format, content_type, content, content_encoding?: "base64", item_count, export_adapter_count, bundle_sha256?, skill_bundle_manifest? (skill_zip), download_ref?: { url, expires_at, filename, content_type } }: a skill_zip comes as download_ref above (a capability link: GET it as it is, no Authorization header needed, before expires_at; revoking your token ends it) unless delivery is inline_base64 (refused over 4 MB).',
    input: z.object({
      uri: z.string().max(300).optional(),
      adapters: z.array(z.string().max(300)).max(256).optional(),
      all_adapters: z.boolean().optional(),
      space_name: z.string().max(200).optional(),
      format: z
        .enum(['markdown', 'skill_tree', 'skill_zip', 'trace_jsonl', 'reward_jsonl', 'sft_jsonl', 'preference_jsonl', 'source'])
        .optional(),
      include_reward: z
        .boolean()
        .optional()
        .describe('sft_jsonl: true (default) keeps only runs graded eligible for SFT; false takes every run.'),
      delivery: z
        .enum(['download_ref', 'inline_base64'])
        .optional()
        .describe(
          'skill_zip only: download_ref (the default, as in KAIROS 4) answers download_ref with content empty; inline_base64 answers content (RESPONSE_TOO_LARGE over 4 MB).',
        ),
    }),
    handle: async (args, call) => {
      // As KAIROS 4: an artifact URI exports that artifact's source, whatever the format.
      const artifact = isArtifactUri(args.uri ?? '');
      const format = artifact ? 'source' : (args.format ?? 'skill_zip');
      // An artifact's source has no delivery to choose (KAIROS 4 ignores one).
      const delivery = artifact ? null : format === 'skill_zip' ? (args.delivery ?? 'download_ref') : (args.delivery ?? null);
      const exported = await call.run(V4ExportDocument, {
        input: {
          uri: args.uri ?? null,
          adapters: args.adapters ?? null,
          allAdapters: args.all_adapters ?? null,
          spaceName: args.space_name ?? null,
          format: format.toUpperCase() as never,
          delivery: delivery ? (delivery.toUpperCase() as never) : null,
          includeReward: args.include_reward ?? null,
        },
      });
      if (!exported.ok) return answerOf(exported, () => ({}));
      // One adapter: its name, version and space, as KAIROS 4 tells them.
      const single = args.uri && !artifact ? await call.run(V4AdapterDocument, { uri: args.uri, key: null }) : null;
      const adapter = single?.ok ? single.data.protocol : null;
      const first = args.adapters?.[0]?.trim();
      return answerOf(exported, ({ export: result }) => ({
        // KAIROS 4 names the first adapter exported; for all_adapters that is not known here.
        uri: args.uri ?? (first ? (first.startsWith('kairos://') ? first : adapterUri(first)) : ''),
        format,
        content_type: result.contentType,
        content: result.content,
        adapter_name: adapter?.label ?? null,
        adapter_version: adapter?.protocolVersion ?? null,
        ...(adapter
          ? { space_id: adapter.space, space_name: kairosSpace(adapter.space).name, space_type: kairosSpace(adapter.space).type }
          : {}),
        ...(result.contentEncoding ? { content_encoding: 'base64' } : {}),
        item_count: result.itemCount,
        export_adapter_count: result.adapterCount,
        ...(result.bundleSha256 ? { bundle_sha256: result.bundleSha256 } : {}),
        ...(result.skillBundleManifest ? { skill_bundle_manifest: result.skillBundleManifest } : {}),
        ...(result.download
          ? {
              download_ref: {
                url: result.download.capabilityUrl,
                expires_at: result.download.expiresAt,
                filename: result.download.filename,
                content_type: result.contentType,
              },
            }
          : {}),
      }));
    },
  }),
  v4Tool({
    name: 'spaces',
    description:
      'The spaces you can read: { spaces: [{ name, space_id, type: personal | group | app | other, adapter_count, adapters?: [{ adapter_id, title, layer_count, slug, uri, artifacts?, learned_triggers? }] }] }; adapters when include_adapter_titles (or include_artifacts) is true (adapter_id is the adapter uuid: kairos://adapter/<adapter_id> names it too); learned_triggers: [{ text, weight, successes, principals }], the requests search learned lead to that adapter, when it learned any. ' +
      "include_artifacts adds each adapter's artifacts: [{ name, slug, uri, uuid_uri, content_type, sha256, relative_path }]; include_widget_html lists the adapters and adds no HTML part (the spaces view carries it).",
    input: z.object({
      include_adapter_titles: z.boolean().optional(),
      include_widget_html: z.boolean().optional(),
      include_artifacts: z.boolean().optional(),
    }),
    handle: async (args, call) => {
      // As KAIROS: asking for the widget or the artifacts lists the adapters too.
      const withAdapters = args.include_adapter_titles === true || args.include_artifacts === true || args.include_widget_html === true;
      return answerOf(
        await call.run(V4SpacesDocument, { withLearned: withAdapters, withArtifacts: args.include_artifacts === true }),
        (data) => ({
          spaces: data.spaces.map((space) => {
            const learned = learnedTriggersByAdapter(space.learnedTriggers ?? []);
            return {
              name: kairosSpace(space.id).name,
              space_id: space.id,
              type: kairosSpace(space.id).type,
              adapter_count: space.protocols.length,
              ...(withAdapters
                ? {
                    adapters: space.protocols.map((protocol) => ({
                      adapter_id: protocol.chainId,
                      title: protocol.label,
                      layer_count: protocol.stepCount,
                      slug: protocol.slug,
                      uri: adapterUri(protocol.slug),
                      ...(args.include_artifacts
                        ? {
                            artifacts: (space.artifacts ?? [])
                              .filter((artifact) => artifact.chainId === protocol.chainId)
                              .map((artifact) => ({
                                name: artifact.name,
                                slug: artifact.slug,
                                uri: artifact.uri,
                                uuid_uri: artifact.uuidUri,
                                content_type: artifact.contentType,
                                sha256: artifact.sha256,
                                relative_path: artifact.relativePath ?? null,
                              })),
                          }
                        : {}),
                      // An addition (KAIROS 4's adapter objects are open): what search learned leads here, when it learned any.
                      ...(learned.has(protocol.chainId) ? { learned_triggers: learned.get(protocol.chainId) } : {}),
                    })),
                  }
                : {}),
            };
          }),
        }),
      );
    },
  }),
];
