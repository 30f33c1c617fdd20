import { MAX_STORED_EVIDENCE_BYTES } from '../limits.js';
import type { McpProof, ProofEvidence, ProofRecord, ShellProof, StoredProofStatus } from '../model/proof-record.js';
import { canonicalJson } from './canonical-json.js';
import type { ProofSource } from '../model/run-enums.js';

/** Largest stdout or stderr kept in a record, in UTF-8 bytes; the rest is cut with a marker. */
export const MAX_SHELL_OUTPUT_BYTES = MAX_STORED_EVIDENCE_BYTES;

export type {
  CommentProof,
  McpProof,
  ProofEvidence,
  ProofRecord,
  ShellProof,
  StoredProofStatus,
  UserInputProof,
} from '../model/proof-record.js';

export interface ProofRecordContext {
  runId: string;
  stepUri: string;
  stepIndex: number;
  source: ProofSource;
  executedAt: string;
  nonce: string;
  previousProofHash: string;
}

/** Builds the record to store; shell output is truncated here so every caller gets the limit. */
export function createProofRecord(context: ProofRecordContext, evidence: ProofEvidence, status: StoredProofStatus): ProofRecord {
  const base = {
    runId: context.runId,
    stepUri: context.stepUri,
    stepIndex: context.stepIndex,
    type: evidence.type,
    status,
    source: context.source,
    executedAt: context.executedAt,
    nonce: context.nonce,
    previousProofHash: context.previousProofHash,
  };
  switch (evidence.type) {
    case 'SHELL': {
      const shell: ShellProof = {
        exitCode: evidence.shell.exitCode,
        stdout: truncateUtf8(evidence.shell.stdout, MAX_SHELL_OUTPUT_BYTES),
        stderr: truncateUtf8(evidence.shell.stderr, MAX_SHELL_OUTPUT_BYTES),
      };
      if (evidence.shell.durationSeconds !== undefined) {
        shell.durationSeconds = evidence.shell.durationSeconds;
      }
      return { ...base, shell };
    }
    case 'MCP': {
      const mcp: McpProof = {
        toolName: evidence.mcp.toolName,
        result: boundedJson(evidence.mcp.result),
        success: evidence.mcp.success,
      };
      if (evidence.mcp.arguments !== undefined) mcp.arguments = boundedJson(evidence.mcp.arguments);
      return { ...base, mcp };
    }
    case 'USER_INPUT':
      return {
        ...base,
        userInput: { ...evidence.userInput, confirmation: truncateUtf8(evidence.userInput.confirmation, MAX_STORED_EVIDENCE_BYTES) },
      };
    case 'COMMENT':
      return { ...base, comment: { ...evidence.comment, text: truncateUtf8(evidence.comment.text, MAX_STORED_EVIDENCE_BYTES) } };
    case 'TENSOR':
      return { ...base, tensor: { name: evidence.tensor.name, value: evidence.tensor.value } };
  }
}

/**
 * A JSON value kept as is when its canonical JSON fits the evidence cap; otherwise a marker
 * object with its size and the start of its text (a run document must stay bounded).
 */
export function boundedJson(value: unknown): unknown {
  const text = canonicalJson(value ?? null);
  const size = Buffer.byteLength(text, 'utf8');
  if (size <= MAX_STORED_EVIDENCE_BYTES) return value;
  return { truncated: true, sizeBytes: size, preview: truncateUtf8(text, MAX_STORED_EVIDENCE_BYTES) };
}

/**
 * Keeps at most `maxBytes` UTF-8 bytes of `text`, cut on a character boundary, and appends
 * `…[truncated N bytes]` where N is the number of bytes dropped. Text within the limit is
 * returned unchanged.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let cut = maxBytes;
  // Step back over UTF-8 continuation bytes (10xxxxxx) so no character is split.
  while (cut > 0 && ((bytes[cut] ?? 0) & 0xc0) === 0x80) cut--;
  return `${bytes.subarray(0, cut).toString('utf8')}${truncationMarker(bytes.length - cut)}`;
}

export function truncationMarker(droppedBytes: number): string {
  return `…[truncated ${droppedBytes} bytes]`;
}
