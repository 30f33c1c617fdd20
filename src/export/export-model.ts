import type { Grading } from '../runs/grading.js';

/** Every export format; KAIROS 4 spells them in lower case. */
export const EXPORT_FORMATS = [
  'MARKDOWN',
  'SOURCE',
  'SKILL_TREE',
  'SKILL_ZIP',
  'TRACE_JSONL',
  'REWARD_JSONL',
  'SFT_JSONL',
  'PREFERENCE_JSONL',
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Formats about one adapter only (its runs, or its one markdown file). */
export const SINGLE_ADAPTER_FORMATS: readonly ExportFormat[] = [
  'MARKDOWN',
  'SOURCE',
  'TRACE_JSONL',
  'REWARD_JSONL',
  'SFT_JSONL',
  'PREFERENCE_JSONL',
];

/** Most adapters one export may name or gather. */
export const MAX_EXPORT_ADAPTERS = 256;

/**
 * How a SKILL_ZIP is delivered (KAIROS 4 `delivery`): inline base64 in the answer, or a
 * short-lived download URL. Omitted: inline when it fits `INLINE_EXPORT_MAX_BYTES`, else the URL.
 */
export const EXPORT_DELIVERIES = ['INLINE_BASE64', 'DOWNLOAD_REF'] as const;
export type ExportDelivery = (typeof EXPORT_DELIVERIES)[number];

/** How long a download URL works. */
export const DOWNLOAD_URL_TTL_MS = 5 * 60_000;

/** The dataset row schemas; bump the number when a row's meaning changes (docs/kairos-v4.md, Datasets). */
export const DATASET_SCHEMAS = {
  TRACE_JSONL: 'kairos.trace/1',
  REWARD_JSONL: 'kairos.reward/1',
  SFT_JSONL: 'kairos.sft/1',
  PREFERENCE_JSONL: 'kairos.preference/1',
} as const;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  MARKDOWN: 'text/markdown',
  SOURCE: 'application/json',
  SKILL_TREE: 'application/json',
  SKILL_ZIP: 'application/zip',
  TRACE_JSONL: 'application/x-ndjson',
  REWARD_JSONL: 'application/x-ndjson',
  SFT_JSONL: 'application/x-ndjson',
  PREFERENCE_JSONL: 'application/x-ndjson',
};

/** One layer as exported. */
export interface ExportLayer {
  /** kairos://layer/<uuid> */
  uri: string;
  index: number;
  label: string;
  /** The layer's instructions (markdown body). */
  text: string;
  contractType: string | null;
}

/** One adapter as exported: what the renderers need, nothing of the store's shape. */
export interface ExportAdapter {
  /** kairos://adapter/<slug> */
  uri: string;
  id: string;
  slug: string;
  title: string;
  version: string | null;
  space: string;
  /** Flat markdown that trains back to the same layers. */
  markdown: string;
  /** Activation text (the "when to run it" section), for the skill description. */
  activation: string | null;
  layers: ExportLayer[];
  /** What search learned leads to it (docs/search.md), in KAIROS 4's snake_case keys; empty when nothing was. */
  learnedTriggers?: ExportLearnedTrigger[];
  /** The files attached to it, shipped in its skill folder. */
  artifacts?: ExportArtifact[];
}

/** A file attached to an adapter, as the skill export ships it. */
export interface ExportArtifact {
  /** Where it goes in the skill folder (`artifacts/<name>` or its relative path). */
  path: string;
  contentType: string;
  /** Shipped as base64 in JSON (skill_tree), as bytes in the zip. */
  binary: boolean;
  bytes: Buffer;
}

export interface ExportLearnedTrigger {
  text: string;
  successes: number;
  principals: number;
  learned_at: string;
  last_succeeded_at: string | null;
}

/** One proof of a run, with its evidence in KAIROS 4's snake_case keys. */
export interface ExportProof {
  layerIndex: number;
  layerUri: string;
  type: string;
  status: string;
  source: string;
  executedAt: string;
  proofHash: string;
  settled: boolean;
  evidence: Record<string, unknown>;
  /** The agent's `solution.trace`, when it sent one. */
  trace: string | null;
}

/** One run of an adapter. */
export interface ExportRun {
  executionId: string;
  status: string;
  outcome: 'SUCCESS' | 'FAILURE' | null;
  ratedAt: string | null;
  message: string | null;
  grading: Grading | null;
  proofs: ExportProof[];
}
