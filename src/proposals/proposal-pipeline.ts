// Over 400 lines: the checks run in one documented order, each a short pure function, so the order reads top to bottom here.
/**
 * The proposal checks as pure functions over the current documents, in the documented order:
 * request shape → intent ↔ category → planning → markdown → section schema → secrets and PII →
 * provenance → routing. The service loads documents and writes results; everything it decides
 * is decided here.
 */
import {
  checkProvenance,
  defaultMemorySchemaConfig,
  type MemorySchemaConfig,
  parseMemorySchemaConfig,
  type TouchedCategory,
  validateSections,
} from './category-schemas.js';
import {
  categoryOfPath,
  intentTargetProblem,
  MEMORY_SCHEMA_CONFIG_PATH,
  pathProblem,
  resolveRouting,
  sessionLogPath,
} from './intent-policy.js';
import { findSection, type HashScope, type ParsedDocument, parseDocument, sectionHash } from './markdown-sections.js';
import {
  type AffectedSection,
  type CheckFailure,
  CONFIDENCE_LEVELS,
  type Confidence,
  OPERATION_KINDS,
  PROPOSAL_INTENTS,
  type ProjectCategory,
  type ProposalIntent,
  type ProposalOperation,
  type ProposalOwner,
  type ProposalSource,
  type Routing,
  type SchemaViolation,
} from './proposal-types.js';
import { findingReason, scanText, type SecretFinding } from './secret-scan.js';
import { applyOperation, validateOperationShape } from './section-operations.js';
import { createHash } from 'node:crypto';

export interface ProposalRequest {
  intent: string;
  rationale?: string | null;
  operations: ProposalOperation[];
  sources?: ProposalSource[] | null;
  confidence?: Confidence | null;
  owner?: ProposalOwner | null;
}

/** A request that passed the shape checks: confidence defaulted, SESSION_LOG paths rewritten. */
export interface NormalizedRequest {
  intent: ProposalIntent;
  rationale: string | null;
  operations: ProposalOperation[];
  /** Category of each operation's document, by index. */
  categories: ProjectCategory[];
  sources: ProposalSource[];
  confidence: Confidence;
  owner: ProposalOwner | null;
}

/** A refusal with whatever detail the failing check produced. */
export interface Rejection extends CheckFailure {
  findings?: SecretFinding[];
  violations?: SchemaViolation[];
  provenanceViolations?: string[];
  routing?: Routing;
}

export const DRIFT_POLICIES = ['SECTION_CONTENT_MATCH', 'SECTION_RESOLVABLE', 'FILE_ABSENT', 'FILE_PRESENT', 'FILE_CONTENT_MATCH'] as const;
export type DriftPolicy = (typeof DRIFT_POLICIES)[number];

/** What must still hold when a staged proposal is applied (reference §5.6). */
export interface DriftTarget {
  file: string;
  sectionId: string | null;
  policy: DriftPolicy;
  hash: string | null;
  hashScope: HashScope | null;
}

export interface Drift {
  file: string;
  sectionId: string | null;
  policy: DriftPolicy;
  expected: string;
  found: string;
}

export interface DocumentChange {
  path: string;
  category: ProjectCategory;
  before: string | null;
  after: string;
}

export interface Plan {
  /** Every changed document, in first-seen order, archive documents last. */
  changes: DocumentChange[];
  affectedSections: AffectedSection[];
  targets: DriftTarget[];
}

/** Current text of each document the proposal names (null: it does not exist). */
export type DocumentSnapshot = ReadonlyMap<string, string | null>;

/** Step 1: the request's shape, paths and the intent ↔ category binding. */
export function normalizeRequest(request: ProposalRequest, now: Date): NormalizedRequest | Rejection {
  if (!(PROPOSAL_INTENTS as readonly string[]).includes(request.intent)) {
    return { reason: 'INVALID_INTENT', message: `intent must be one of ${PROPOSAL_INTENTS.join(', ')}` };
  }
  const intent = request.intent as ProposalIntent;
  if (request.operations.length === 0) return { reason: 'NO_OPERATIONS', message: 'operations must not be empty' };
  const confidence = request.confidence ?? 'INFERRED';
  if (!(CONFIDENCE_LEVELS as readonly string[]).includes(confidence)) {
    return { reason: 'VALIDATION_FAILED', message: `confidence must be one of ${CONFIDENCE_LEVELS.join(', ')}` };
  }
  const operations: ProposalOperation[] = [];
  for (const [index, raw] of request.operations.entries()) {
    if (!(OPERATION_KINDS as readonly string[]).includes(raw.kind)) {
      return { reason: 'INVALID_OPERATION', message: `op[${index}]: unknown operation kind "${String(raw.kind)}"` };
    }
    const shape = validateOperationShape(raw);
    if (shape) return { reason: 'VALIDATION_FAILED', message: `op[${index}]: ${shape}` };
    // Paths, ids and headings are stored and repeated in messages: scan them before anything echoes them.
    const secret = scanIdentifiers(raw, index);
    if (secret) return secret;
    operations.push(intent === 'SESSION_LOG' ? { ...raw, file: sessionLogPath(now) } : { ...raw, file: raw.file.trim() });
  }
  const categories: ProjectCategory[] = [];
  for (const [index, op] of operations.entries()) {
    for (const path of op.archivePath ? [op.file, op.archivePath] : [op.file]) {
      const problem = pathProblem(path);
      if (problem) return { reason: 'INVALID_PATH', message: `op[${index}]: ${problem}` };
      if (!categoryOfPath(path))
        return { reason: 'UNKNOWN_CATEGORY', message: `op[${index}]: the path is not a project-memory document path` };
    }
    if (op.archivePath && categoryOfPath(op.archivePath) !== 'ARCHIVE')
      return { reason: 'INVALID_PATH', message: `op[${index}]: archivePath must be archive/<name>.md` };
    const category = categoryOfPath(op.file)!;
    const mismatch = intentTargetProblem(intent, op, category);
    if (mismatch) return { reason: 'INTENT_TARGET_MISMATCH', message: `op[${index}]: ${mismatch}` };
    categories.push(category);
  }
  return {
    intent,
    rationale: request.rationale?.trim() || null,
    operations,
    categories,
    sources: request.sources ?? [],
    confidence,
    owner: request.owner ?? null,
  };
}

/** The short identifying fields of an operation (paths, section ids, headings), scanned for secrets and PII. */
function scanIdentifiers(op: ProposalOperation, index: number): Rejection | null {
  const config = defaultMemorySchemaConfig();
  const options = {
    piiScan: config.security.piiScan,
    piiScanEmail: config.security.piiScanEmail,
    allowlist: false,
    limits: config.security.allowlistLimits,
  };
  const fields = {
    file: op.file,
    archivePath: op.archivePath,
    heading: op.heading,
    newHeading: op.newHeading,
    sectionId: op.sectionId,
    parentSectionId: op.parentSectionId,
  };
  const findings: SecretFinding[] = [];
  for (const [field, text] of Object.entries(fields)) {
    if (typeof text !== 'string' || text === '') continue;
    const result = scanText(text, `operations[${index}].${field}`, options);
    if ('error' in result) return { reason: result.error, message: result.message };
    findings.push(...result.findings);
  }
  if (findings.length === 0) return null;
  const where = [...new Set(findings.map((finding) => finding.location))];
  return { reason: findingReason(findings), message: `${findings.length} finding(s) in ${where.join(', ')}`, findings };
}

/** Every path a proposal reads: its documents and archive destinations. */
export function pathsOf(request: NormalizedRequest): string[] {
  return [...new Set(request.operations.flatMap((op) => (op.archivePath ? [op.file, op.archivePath] : [op.file])))];
}

/**
 * Steps 2 and 3: runs the operations on the current documents (each document's operations in
 * order, in memory) and checks the result: markdown, section schema, then secrets and PII in the
 * resulting documents and in the rationale, sources and owner. Nothing is written here.
 */
export function planChanges(request: NormalizedRequest, current: DocumentSnapshot, config: MemorySchemaConfig): Plan | Rejection {
  const working = new Map<string, string | null>();
  const order: string[] = [];
  const archives: { path: string; text: string; index: number }[] = [];
  const affected: AffectedSection[] = [];
  for (const [index, op] of request.operations.entries()) {
    const category = request.categories[index]!;
    const exists = (current.get(op.file) ?? null) !== null;
    if (config.categories[category].writeOnce && exists) {
      return {
        reason: 'WRITE_ONCE_VIOLATION',
        message: `op[${index}]: ${op.file} is a ${category} document and cannot change once written`,
      };
    }
    if (!working.has(op.file)) {
      working.set(op.file, current.get(op.file) ?? null);
      order.push(op.file);
    }
    const result = applyOperation(working.get(op.file)!, op, { anchorNewSections: config.categories[category].sectionIdRequired });
    if ('reason' in result) return { reason: result.reason, message: `op[${index}]: ${result.message}` };
    working.set(op.file, result.text);
    for (const sectionId of result.sectionIds) affected.push({ file: op.file, sectionId });
    if (result.archive) archives.push({ ...result.archive, index });
  }
  for (const archive of archives) {
    const taken =
      (current.get(archive.path) ?? null) !== null ||
      working.has(archive.path) ||
      archives.filter((other) => other.path === archive.path).length > 1;
    if (taken) return { reason: 'ARCHIVE_EXISTS', message: `op[${archive.index}]: ${archive.path} already exists` };
  }

  const changes: DocumentChange[] = [
    ...order.map((path) => ({ path, category: categoryOfPath(path)!, before: current.get(path) ?? null, after: working.get(path)! })),
    ...archives.map((archive) => ({ path: archive.path, category: 'ARCHIVE' as const, before: null, after: archive.text })),
  ];

  const parsed = new Map<string, { before: ParsedDocument | null; after: ParsedDocument }>();
  for (const change of changes) {
    if (change.path === MEMORY_SCHEMA_CONFIG_PATH) continue;
    const after = parseDocument(change.after);
    if (after.unclosedFenceLine !== null) {
      return {
        reason: 'INVALID_MARKDOWN',
        message: `${change.path}: the code fence opened on line ${after.unclosedFenceLine + 1} never closes`,
      };
    }
    parsed.set(change.path, { before: change.before === null ? null : parseDocument(change.before), after });
  }

  const violations: SchemaViolation[] = [];
  for (const change of changes) {
    if (change.path === MEMORY_SCHEMA_CONFIG_PATH) {
      const config = parseMemorySchemaConfig(change.after);
      if ('errors' in config)
        for (const message of config.errors) violations.push({ file: change.path, sectionId: null, field: null, message });
      continue;
    }
    const documents = parsed.get(change.path)!;
    violations.push(...validateSections(change.path, config.categories[change.category], documents.before, documents.after));
  }
  if (violations.length > 0) {
    const files = [...new Set(violations.map((violation) => violation.file))];
    return { reason: 'VALIDATION_FAILED', message: `${files.join(', ')}: ${violations.length} section schema violation(s)`, violations };
  }

  const scan = scanProposal(request, changes, config);
  if (scan) return scan;

  return {
    changes,
    affectedSections: dedupeSections(affected),
    targets: driftTargets(request, current),
  };
}

/** Scans the resulting documents (allow-markers honoured) and every free-text field (no markers). */
export function scanProposal(request: NormalizedRequest, changes: readonly DocumentChange[], config: MemorySchemaConfig): Rejection | null {
  const documentOptions = {
    piiScan: config.security.piiScan,
    piiScanEmail: config.security.piiScanEmail,
    allowlist: true,
    limits: config.security.allowlistLimits,
  };
  const fieldOptions = { ...documentOptions, allowlist: false };
  const findings: SecretFinding[] = [];
  for (const change of changes) {
    const result = scanText(change.after, change.path, documentOptions);
    if ('error' in result) return { reason: result.error, message: result.message };
    findings.push(...result.findings);
  }
  const fields: [string, string | null | undefined][] = [
    ['rationale', request.rationale],
    ...request.sources.flatMap((source, index): [string, string | null | undefined][] => [[`sources[${index}].ref`, source.ref]]),
    ['owner.id', request.owner?.id],
    ['owner.kind', request.owner?.kind],
    ...request.operations.flatMap((op, index): [string, string | null | undefined][] => [
      [`operations[${index}].sectionId`, op.sectionId],
      [`operations[${index}].parentSectionId`, op.parentSectionId],
    ]),
  ];
  for (const [location, text] of fields) {
    if (text) findings.push(...(scanText(text, location, fieldOptions) as { findings: SecretFinding[] }).findings);
  }
  if (findings.length === 0) return null;
  const where = [...new Set(findings.map((finding) => finding.location))];
  return { reason: findingReason(findings), message: `${findings.length} finding(s) in ${where.join(', ')}`, findings };
}

/** Step 4 and 5: provenance for every touched category, then routing. */
export function checkPolicy(request: NormalizedRequest, config: MemorySchemaConfig): { routing: Routing } | Rejection {
  const touched = new Map<ProjectCategory, TouchedCategory>();
  request.operations.forEach((op, index) => {
    const category = request.categories[index]!;
    const addsSections = op.kind === 'CREATE_FILE' || op.kind === 'APPEND_SECTION';
    const entry = touched.get(category) ?? { category, addsSections: false };
    entry.addsSections ||= addsSections;
    touched.set(category, entry);
  });
  const provenanceViolations = checkProvenance([...touched.values()], request.sources, request.confidence, config);
  if (provenanceViolations.length > 0) {
    return {
      reason: 'PROVENANCE_VIOLATION',
      message: `${provenanceViolations.length} provenance violation(s) for ${[...touched.keys()].join(', ')}`,
      provenanceViolations,
    };
  }
  const routing = resolveRouting(request.intent, request.operations, request.categories, config.approval);
  if (routing.mode === 'SERVER_ONLY')
    return { reason: 'SERVER_ONLY_CATEGORY', message: 'this change is reserved to the server by configuration', routing };
  return { routing };
}

/**
 * What the reviewer saw, captured from the pre-state: the hash of each section an operation
 * rewrites, the ids it needs to find, and whether documents exist. Targets created by an earlier
 * operation of the same proposal have nothing to drift from and are skipped.
 */
function driftTargets(request: NormalizedRequest, current: DocumentSnapshot): DriftTarget[] {
  const targets = new Map<string, DriftTarget>();
  const add = (target: DriftTarget) =>
    targets.set(`${target.file}\u0000${target.sectionId}\u0000${target.policy}\u0000${target.hashScope}`, target);
  const parsed = new Map<string, ParsedDocument | null>();
  const documentOf = (path: string) => {
    if (!parsed.has(path)) {
      const text = current.get(path) ?? null;
      parsed.set(path, text === null ? null : parseDocument(text));
    }
    return parsed.get(path)!;
  };
  for (const op of request.operations) {
    const document = documentOf(op.file);
    const text = current.get(op.file) ?? null;
    if (op.archivePath) add({ file: op.archivePath, sectionId: null, policy: 'FILE_ABSENT', hash: null, hashScope: null });
    if (op.kind === 'CREATE_FILE') {
      if (op.ifExists === 'REPLACE')
        add({ file: op.file, sectionId: null, policy: 'FILE_CONTENT_MATCH', hash: text === null ? null : textHash(text), hashScope: null });
      else if ((op.ifExists ?? 'REJECT') === 'REJECT')
        add({ file: op.file, sectionId: null, policy: 'FILE_ABSENT', hash: null, hashScope: null });
      continue;
    }
    if (!document) continue;
    if (op.kind === 'APPEND_SECTION') {
      add({ file: op.file, sectionId: null, policy: 'FILE_PRESENT', hash: null, hashScope: null });
      if (op.parentSectionId && findSection(document, { sectionId: op.parentSectionId })) {
        add({ file: op.file, sectionId: op.parentSectionId, policy: 'SECTION_RESOLVABLE', hash: null, hashScope: null });
      }
      continue;
    }
    const section = findSection(document, op);
    if (!section) continue;
    if (op.kind === 'APPEND_TO_SECTION' || op.kind === 'RENAME_HEADING') {
      add({ file: op.file, sectionId: section.id, policy: 'SECTION_RESOLVABLE', hash: null, hashScope: null });
    } else {
      const scope: HashScope = op.kind === 'REPLACE_SECTION_CONTENT' ? 'OWN' : 'FULL';
      add({
        file: op.file,
        sectionId: section.id,
        policy: 'SECTION_CONTENT_MATCH',
        hash: sectionHash(document, section, scope),
        hashScope: scope,
      });
    }
  }
  return [...targets.values()];
}

/** Targets that no longer hold against the current documents. */
export function checkDrift(targets: readonly DriftTarget[], current: DocumentSnapshot): Drift[] {
  const drift: Drift[] = [];
  for (const target of targets) {
    const text = current.get(target.file) ?? null;
    const report = (expected: string, found: string) =>
      drift.push({ file: target.file, sectionId: target.sectionId, policy: target.policy, expected, found });
    switch (target.policy) {
      case 'FILE_ABSENT':
        if (text !== null) report('absent', 'present');
        break;
      case 'FILE_PRESENT':
        if (text === null) report('present', 'absent');
        break;
      case 'FILE_CONTENT_MATCH': {
        const found = text === null ? 'absent' : textHash(text);
        if (found !== (target.hash ?? 'absent')) report(target.hash ?? 'absent', found);
        break;
      }
      case 'SECTION_RESOLVABLE':
      case 'SECTION_CONTENT_MATCH': {
        const document = text === null ? null : parseDocument(text);
        const section = document ? findSection(document, { sectionId: target.sectionId }) : null;
        if (!document || !section) {
          report(`section "${target.sectionId}" present`, 'section not found');
          break;
        }
        if (target.policy === 'SECTION_CONTENT_MATCH') {
          const found = sectionHash(document, section, target.hashScope ?? 'FULL');
          if (found !== target.hash) report(target.hash!, found);
        }
        break;
      }
    }
  }
  return drift;
}

function textHash(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

function dedupeSections(sections: AffectedSection[]): AffectedSection[] {
  const seen = new Set<string>();
  return sections.filter((section) => {
    const key = `${section.file}\u0000${section.sectionId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The schema config in force: the space's override when it parses, else the defaults. */
export function configOf(snapshot: { texts: DocumentSnapshot }): MemorySchemaConfig {
  const text = snapshot.texts.get(MEMORY_SCHEMA_CONFIG_PATH);
  if (!text) return defaultMemorySchemaConfig();
  const parsed = parseMemorySchemaConfig(text);
  // The override is validated before it is written; a document edited some other way falls back to the defaults.
  return 'config' in parsed ? parsed.config : defaultMemorySchemaConfig();
}
