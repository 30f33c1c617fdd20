import type { Viewer } from '../auth/viewer.js';
import { APP_SPACE } from '../auth/viewer.js';
import type { ExportAdapter, ExportProof, ExportRun } from '../export/export-model.js';
import { MAX_EXPORT_ADAPTERS } from '../export/export-model.js';
import { adapterUri, layerUriOfMemoryUri, parseKairosUri } from '../model/kairos-uri.js';
import type { MemoryRecord } from '../store/memory-store.js';
import type { RunRecord, StoredProof } from '../model/run-records.js';
import { regradeStored } from '../runs/grading.js';
import { RequestError } from './errors.js';
import type { MemoryReader } from './memory-reader.js';
import { type ProtocolView, protocolHead, renderProtocol } from './protocol-service.js';
import { requireReadableSpace } from './spaces.js';
import type { LearnedTriggerView } from './search-learning-service.js';

/** What an export names: one adapter, a list, or every adapter of one space. */
export interface ExportSelection {
  uri?: string | null;
  adapters?: readonly string[] | null;
  allAdapters?: boolean | null;
  spaceName?: string | null;
}

const MAX_REFERENCE_LENGTH = 256;

/** A space named as `spaces` shows it ("Personal", "Group: x", "Kairos app") or by its id. */
export function spaceIdOfName(viewer: Viewer, name: string): string {
  const trimmed = name.trim();
  if (/^personal$/i.test(trimmed)) return requireReadableSpace(viewer, 'personal');
  if (/^kairos app$/i.test(trimmed)) return requireReadableSpace(viewer, APP_SPACE);
  const group = /^group:\s*(.+)$/i.exec(trimmed);
  if (group && !trimmed.startsWith('group:')) return requireReadableSpace(viewer, `group:${group[1]!.trim()}`);
  return requireReadableSpace(viewer, trimmed);
}

/**
 * A step of the protocol an adapter reference names: `kairos://adapter/<slug|uuid>` (the uuid is
 * the protocol's chain id), `kairos://layer/<uuid>`, `kairos://mem/<uuid>`, or a bare slug.
 * Null when nothing readable matches. Only that step is read, not the chain.
 */
export async function resolveAdapterStep(reader: MemoryReader, reference: string): Promise<MemoryRecord | null> {
  if (reference.length > MAX_REFERENCE_LENGTH)
    throw new RequestError('PAYLOAD_TOO_LARGE', `An adapter reference is at most ${MAX_REFERENCE_LENGTH} characters`);
  if (parseKairosUri(reference)) return reader.protocolStep({ uri: reference });
  if (/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(reference)) return reader.protocolStep({ key: reference });
  // The reference is not echoed: what a client pastes here by mistake (a token, a key) must not reach an answer or a log.
  throw new RequestError(
    'BAD_USER_INPUT',
    'Not an adapter URI: give kairos://adapter/<slug or id>, kairos://layer/<id>, kairos://mem/<id> or a slug',
  );
}

/** One adapter a selection names, known by one of its steps (its chain not read yet). */
export interface SelectedAdapter {
  space: string;
  chainId: string;
  slug: string;
  step: MemoryRecord;
}

/** The adapters a selection names, each once, in the order named; NOT_FOUND for one that is not readable. Reads one step per adapter. */
export async function selectAdapterSteps(viewer: Viewer, reader: MemoryReader, selection: ExportSelection): Promise<SelectedAdapter[]> {
  const modes = [Boolean(selection.uri), Boolean(selection.adapters?.length), Boolean(selection.allAdapters)].filter(Boolean).length;
  if (modes !== 1) throw new RequestError('BAD_USER_INPUT', 'Name exactly one of uri, adapters (non-empty) or allAdapters with spaceName');
  let references: string[];
  if (selection.allAdapters) {
    if (!selection.spaceName?.trim()) throw new RequestError('BAD_USER_INPUT', 'spaceName is required with allAdapters');
    const space = spaceIdOfName(viewer, selection.spaceName);
    const summary = (await reader.spaces()).find((candidate) => candidate.space === space);
    references = (summary?.protocols ?? []).map((protocol) => protocol.uri);
  } else {
    references = selection.uri ? [selection.uri] : [...selection.adapters!];
  }
  if (references.length > MAX_EXPORT_ADAPTERS)
    throw new RequestError('PAYLOAD_TOO_LARGE', `At most ${MAX_EXPORT_ADAPTERS} adapters per export`, { limit: MAX_EXPORT_ADAPTERS });
  const seen = new Set<string>();
  const selected: SelectedAdapter[] = [];
  for (const reference of references) {
    const step = await resolveAdapterStep(reader, reference);
    if (!step) throw new RequestError('NOT_FOUND', `No adapter ${reference} in your spaces`);
    const key = `${step.space}|${step.chain!.chainId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    selected.push({ space: step.space, chainId: step.chain!.chainId, slug: step.chain!.slug, step });
  }
  return selected;
}

/** The whole protocol of a selected adapter (NOT_FOUND when it went meanwhile). */
export async function loadSelectedAdapter(reader: MemoryReader, selected: SelectedAdapter): Promise<ProtocolView> {
  const protocol = await reader.protocolOf(selected.step);
  if (!protocol) throw new RequestError('NOT_FOUND', `No adapter ${selected.slug} in your spaces`);
  return protocol;
}

/** A protocol as the export renderers see it. */
export function exportAdapterOf(protocol: ProtocolView, learned: readonly LearnedTriggerView[] = []): ExportAdapter {
  const chain = protocolHead(protocol).chain!;
  return {
    uri: adapterUri(chain.slug),
    id: protocol.chainId,
    slug: chain.slug,
    title: chain.label,
    version: chain.protocolVersion ?? null,
    space: protocol.space,
    markdown: renderProtocol(protocol),
    activation: chain.triggers ?? null,
    layers: protocol.steps.map((step, index) => ({
      uri: layerUriOfMemoryUri(step.uri),
      index: index + 1,
      label: step.label,
      text: step.text,
      contractType: step.challenge?.type ?? null,
    })),
    // No weight: it fades with the clock, and an exported skill's digest must change only with the protocol.
    learnedTriggers: learned.map((trigger) => ({
      text: trigger.text,
      successes: trigger.successes,
      principals: trigger.principals,
      learned_at: trigger.learnedAt.toISOString(),
      last_succeeded_at: trigger.lastSucceededAt?.toISOString() ?? null,
    })),
  };
}

/** A proof's evidence under KAIROS 4's keys. */
function evidenceOf(proof: StoredProof): Record<string, unknown> {
  const record = proof.record;
  if (record.shell)
    return {
      exit_code: record.shell.exitCode,
      stdout: record.shell.stdout,
      stderr: record.shell.stderr,
      duration_seconds: record.shell.durationSeconds ?? null,
    };
  if (record.mcp)
    return {
      tool_name: record.mcp.toolName,
      arguments: record.mcp.arguments ?? null,
      response: record.mcp.result ?? null,
      success: record.mcp.success,
    };
  if (record.userInput) return { confirmation: record.userInput.confirmation, timestamp: record.userInput.timestamp ?? null };
  if (record.comment) return { text: record.comment.text };
  const rest = record as unknown as Record<string, unknown>;
  return typeof rest.tensor === 'object' && rest.tensor ? (rest.tensor as Record<string, unknown>) : {};
}

/** A stored run as the dataset renderers see it. */
export function exportRunOf(run: RunRecord): ExportRun {
  const proofs: ExportProof[] = run.proofs.map((proof) => ({
    layerIndex: proof.record.stepIndex,
    layerUri: layerUriOfMemoryUri(proof.record.stepUri, run._id),
    type: proof.record.type,
    status: proof.record.status,
    source: proof.record.source,
    executedAt: proof.record.executedAt,
    proofHash: proof.proofHash,
    settled: proof.settled,
    evidence: evidenceOf(proof),
    trace: proof.trace ?? null,
  }));
  const attestation = run.attestation;
  return {
    executionId: run._id,
    status: run.status,
    outcome: attestation?.outcome ?? null,
    ratedAt: attestation?.ratedAt ?? null,
    message: attestation?.message ?? null,
    // Graded again with today's rules, so runs graded by an earlier release export as KAIROS would.
    grading: attestation?.outcome ? regradeStored(attestation.outcome, attestation.grading) : null,
    proofs,
  };
}
