import type { ApprovalMode, OperationKind, ProjectCategory, ProposalIntent, ProposalOperation, Routing } from './proposal-types.js';

/**
 * Which document a path is, which intents may touch it, and how a proposal is routed.
 * Paths: `conventions.md`, `decisions.md`, `pitfalls.md`, `shared.md`, `current/<name>.md`,
 * `modules/<name>.md`, `sessions/<YYYY-MM-DD>.md`, `archive/<name>.md`, and the schema
 * configuration `config/memory-schema.json` (a CONVENTION). `*` never crosses a `/`.
 */
export const MEMORY_SCHEMA_CONFIG_PATH = 'config/memory-schema.json';

export const STANDARD_DOCUMENTS = [
  { path: 'conventions.md', category: 'CONVENTION', title: 'Conventions' },
  { path: 'decisions.md', category: 'DECISION', title: 'Decisions' },
  { path: 'pitfalls.md', category: 'PITFALL', title: 'Pitfalls' },
] as const;

const EXACT_PATHS: Record<string, ProjectCategory> = {
  'conventions.md': 'CONVENTION',
  'decisions.md': 'DECISION',
  'pitfalls.md': 'PITFALL',
  'shared.md': 'SHARED',
  [MEMORY_SCHEMA_CONFIG_PATH]: 'CONVENTION',
};
const FOLDERS: Record<string, ProjectCategory> = {
  current: 'CURRENT',
  modules: 'MODULE',
  sessions: 'SESSION_LOG',
  archive: 'ARCHIVE',
};
const PATH_SHAPE = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const MAX_PATH_LENGTH = 200;

/** Null when the path is well formed (relative, no `..`, no odd characters). */
export function pathProblem(path: string): string | null {
  if (path.length === 0 || path.length > MAX_PATH_LENGTH) return `path must be 1 to ${MAX_PATH_LENGTH} characters`;
  if (!PATH_SHAPE.test(path) || path.split('/').includes('..')) return `path must be relative, with letters, digits, '.', '_', '-' and '/'`;
  return null;
}

export function categoryOfPath(path: string): ProjectCategory | null {
  const exact = EXACT_PATHS[path];
  if (exact) return exact;
  const [folder, name, ...rest] = path.split('/');
  if (rest.length > 0 || !name?.endsWith('.md') || name === '.md') return null;
  return FOLDERS[folder!] ?? null;
}

/** The durable categories, whose wholesale replacement always needs review. */
const DURABLE: readonly ProjectCategory[] = ['CONVENTION', 'DECISION', 'PITFALL', 'MODULE', 'ARCHIVE'];

/**
 * Intent ↔ category binding (fixes upstream's §1.5 gap, where `UPDATE_CURRENT` could rewrite
 * `decisions.md` without review). ARCHIVE_STALE may take sections out of any durable document.
 */
export const INTENT_CATEGORIES: Record<ProposalIntent, readonly ProjectCategory[]> = {
  UPDATE_CURRENT: ['CURRENT'],
  UPDATE_SHARED: ['SHARED'],
  SESSION_LOG: ['SESSION_LOG'],
  ADD_PITFALL: ['PITFALL'],
  RECORD_DECISION: ['DECISION'],
  REFRESH_MODULE: ['MODULE'],
  UPDATE_CONVENTIONS: ['CONVENTION'],
  ARCHIVE_STALE: ['CONVENTION', 'DECISION', 'PITFALL', 'MODULE', 'ARCHIVE'],
};

const ARCHIVE_KINDS: readonly OperationKind[] = ['ARCHIVE_SECTION', 'REMOVE_SECTION'];

/** Null when the intent may run this operation on a document of this category. */
export function intentTargetProblem(intent: ProposalIntent, op: ProposalOperation, category: ProjectCategory): string | null {
  if (!INTENT_CATEGORIES[intent].includes(category)) {
    return `the file is a ${category} document; ${intent} may only touch ${INTENT_CATEGORIES[intent].join(', ')}`;
  }
  if (intent === 'ARCHIVE_STALE' && category !== 'ARCHIVE' && !ARCHIVE_KINDS.includes(op.kind)) {
    return `ARCHIVE_STALE may only archive or remove sections of the file, not ${op.kind}`;
  }
  if (op.file === MEMORY_SCHEMA_CONFIG_PATH && op.kind !== 'CREATE_FILE') {
    return `${MEMORY_SCHEMA_CONFIG_PATH} is JSON: only CREATE_FILE (ifExists: REPLACE to change it) applies`;
  }
  return null;
}

/** `sessions/<today UTC>.md`: where every SESSION_LOG operation goes. */
export function sessionLogPath(now: Date): string {
  return `sessions/${now.toISOString().slice(0, 10)}.md`;
}

export const APPROVAL_SLOTS = [
  'decisions',
  'conventions',
  'modules',
  'pitfallsReplace',
  'pitfallsAppend',
  'archive',
  'current',
  'shared',
  'sessions',
] as const;
export type ApprovalSlot = (typeof APPROVAL_SLOTS)[number];

/** Upstream defaults (reference §1.4). */
export const DEFAULT_APPROVAL: Record<ApprovalSlot, ApprovalMode> = {
  decisions: 'STAGE',
  conventions: 'STAGE',
  modules: 'STAGE',
  pitfallsReplace: 'STAGE',
  pitfallsAppend: 'APPLY',
  archive: 'STAGE',
  current: 'APPLY',
  shared: 'APPLY',
  sessions: 'APPLY',
};

export function approvalSlotOf(intent: ProposalIntent, kind: OperationKind): ApprovalSlot {
  switch (intent) {
    case 'UPDATE_CURRENT':
      return 'current';
    case 'UPDATE_SHARED':
      return 'shared';
    case 'SESSION_LOG':
      return 'sessions';
    case 'ADD_PITFALL':
      return kind === 'APPEND_TO_SECTION' ? 'pitfallsAppend' : 'pitfallsReplace';
    case 'RECORD_DECISION':
      return 'decisions';
    case 'REFRESH_MODULE':
      return 'modules';
    case 'UPDATE_CONVENTIONS':
      return 'conventions';
    case 'ARCHIVE_STALE':
      return 'archive';
  }
}

const STRICTNESS: Record<ApprovalMode, number> = { APPLY: 0, STAGE: 1, SERVER_ONLY: 2 };

/**
 * Each operation's mode comes from its intent's approval slot; the strictest wins. Archive
 * operations, wholesale replacement of a durable document and changes to the schema
 * configuration are always staged.
 */
export function resolveRouting(
  intent: ProposalIntent,
  operations: readonly ProposalOperation[],
  categories: readonly ProjectCategory[],
  approval: Record<ApprovalSlot, ApprovalMode>,
): Routing {
  let mode: ApprovalMode = 'APPLY';
  const traces = operations.map((op, index) => {
    const slot = approvalSlotOf(intent, op.kind);
    const slotMode = approval[slot];
    if (STRICTNESS[slotMode] > STRICTNESS[mode]) mode = slotMode;
    return `op[${index}]: intent=${intent} → approval.${slot} → ${slotMode}`;
  });
  let reason = traces.join('; ');
  if (mode === 'APPLY') {
    const forced = operations.findIndex((op, index) => forcedStageReason(op, categories[index]!) !== null);
    if (forced >= 0) {
      mode = 'STAGE';
      reason += `; forced to stage: op[${forced}] ${forcedStageReason(operations[forced]!, categories[forced]!)}`;
    }
  }
  return { mode, reason };
}

function forcedStageReason(op: ProposalOperation, category: ProjectCategory): string | null {
  if (ARCHIVE_KINDS.includes(op.kind)) return `${op.kind} always needs review`;
  if (op.file === MEMORY_SCHEMA_CONFIG_PATH) return 'changes to the memory schema configuration always need review';
  if (op.kind === 'CREATE_FILE' && op.ifExists === 'REPLACE' && DURABLE.includes(category))
    return `replacing the whole ${category} document ${op.file} needs review`;
  return null;
}
