import { APPROVAL_SLOTS, type ApprovalSlot, DEFAULT_APPROVAL } from './intent-policy.js';
import { ownBody, type ParsedDocument, type Section } from './markdown-sections.js';
import {
  APPROVAL_MODES,
  type ApprovalMode,
  CONFIDENCE_LEVELS,
  type Confidence,
  PROJECT_CATEGORIES,
  type ProjectCategory,
  type ProposalSource,
  type SchemaViolation,
  SOURCE_TYPES,
  type SourceType,
} from './proposal-types.js';
import { type AllowlistLimits, DEFAULT_ALLOWLIST_LIMITS } from './secret-scan.js';

/** One `Name: value` line a section must (or may) carry. */
export interface FieldSpec {
  name: string;
  /** A regular expression the whole value must match. */
  pattern?: string;
  /** The allowed values (exact, case-sensitive). */
  enum?: string[];
}

export interface ProvenancePolicy {
  required: boolean;
  /** Sources needed when the proposal adds a section or a document (APPEND_SECTION, CREATE_FILE). */
  requiredForNewSections: boolean;
  /** Empty: any type. */
  allowedSourceTypes: SourceType[];
  forbiddenSourceTypes: SourceType[];
}

export interface CategorySchema {
  /** New sections get an `<!-- @id: … -->` anchor so their id survives a heading rename. */
  sectionIdRequired: boolean;
  /** Documents are created once and never changed (archives). */
  writeOnce: boolean;
  /** The heading level of the entries the field rules apply to (the H1 title is not an entry). */
  entryLevel: number;
  requiredFields: FieldSpec[];
  optionalFields: FieldSpec[];
  provenance: ProvenancePolicy;
}

/** The category model and the knobs of the proposal pipeline, per space. */
export interface MemorySchemaConfig {
  categories: Record<ProjectCategory, CategorySchema>;
  approval: Record<ApprovalSlot, ApprovalMode>;
  stagingTtlSeconds: number;
  security: { piiScan: boolean; piiScanEmail: boolean; allowlistLimits: AllowlistLimits };
}

const noProvenance: ProvenancePolicy = { required: false, requiredForNewSections: false, allowedSourceTypes: [], forbiddenSourceTypes: [] };
const plain: CategorySchema = {
  sectionIdRequired: false,
  writeOnce: false,
  entryLevel: 2,
  requiredFields: [],
  optionalFields: [],
  provenance: noProvenance,
};

/** Upstream's defaults (reference §1.3), with category names in our vocabulary. */
export function defaultMemorySchemaConfig(): MemorySchemaConfig {
  return {
    categories: {
      CONVENTION: {
        ...plain,
        sectionIdRequired: true,
        provenance: { ...noProvenance, requiredForNewSections: true, allowedSourceTypes: ['FILE', 'TEST', 'USER'] },
      },
      DECISION: {
        ...plain,
        sectionIdRequired: true,
        requiredFields: [
          { name: 'Date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          { name: 'Status', enum: ['active', 'superseded', 'deprecated', 'proposed'] },
          { name: 'Confidence', enum: ['confirmed', 'inferred', 'user-provided'] },
        ],
        provenance: {
          required: true,
          requiredForNewSections: false,
          allowedSourceTypes: ['FILE', 'TEST', 'USER'],
          forbiddenSourceTypes: ['EXTERNAL', 'INFERENCE'],
        },
      },
      PITFALL: { ...plain, sectionIdRequired: true, provenance: { ...noProvenance, requiredForNewSections: true } },
      MODULE: { ...plain, sectionIdRequired: true, provenance: { ...noProvenance, required: true } },
      SESSION_LOG: plain,
      CURRENT: plain,
      SHARED: plain,
      ARCHIVE: { ...plain, writeOnce: true },
    },
    approval: { ...DEFAULT_APPROVAL },
    stagingTtlSeconds: 7 * 24 * 60 * 60,
    security: { piiScan: true, piiScanEmail: false, allowlistLimits: { ...DEFAULT_ALLOWLIST_LIMITS } },
  };
}

/**
 * Reads the JSON override stored at `config/memory-schema.json` and merges it key by key over
 * the defaults: a category keeps every field the override does not name. Shape:
 * `{ categories: { DECISION: { requiredFields: [...] } }, approval: { decisions: "APPLY" },
 * stagingTtlSeconds, security: { piiScan, piiScanEmail, allowlistLimits } }`.
 */
export function parseMemorySchemaConfig(json: string): { config: MemorySchemaConfig } | { errors: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    return { errors: [`not valid JSON: ${(error as Error).message}`] };
  }
  const errors: string[] = [];
  const config = defaultMemorySchemaConfig();
  if (!isObject(raw)) return { errors: ['must be a JSON object'] };
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'categories') mergeCategories(config, value, errors);
    else if (key === 'approval') mergeApproval(config, value, errors);
    else if (key === 'stagingTtlSeconds') {
      if (typeof value === 'number' && Number.isInteger(value) && value > 0) config.stagingTtlSeconds = value;
      else errors.push('stagingTtlSeconds must be a positive integer');
    } else if (key === 'security') mergeSecurity(config, value, errors);
    else errors.push(`unknown key "${key}" (allowed: categories, approval, stagingTtlSeconds, security)`);
  }
  return errors.length > 0 ? { errors } : { config };
}

function mergeCategories(config: MemorySchemaConfig, value: unknown, errors: string[]): void {
  if (!isObject(value)) return void errors.push('categories must be an object');
  for (const [name, override] of Object.entries(value)) {
    if (!(PROJECT_CATEGORIES as readonly string[]).includes(name)) {
      errors.push(`categories: unknown category "${name}" (allowed: ${PROJECT_CATEGORIES.join(', ')})`);
      continue;
    }
    if (!isObject(override)) {
      errors.push(`categories.${name} must be an object`);
      continue;
    }
    const schema = { ...config.categories[name as ProjectCategory] };
    for (const [field, fieldValue] of Object.entries(override)) {
      const where = `categories.${name}.${field}`;
      if (field === 'sectionIdRequired' || field === 'writeOnce') {
        if (typeof fieldValue === 'boolean') schema[field] = fieldValue;
        else errors.push(`${where} must be true or false`);
      } else if (field === 'entryLevel') {
        if (typeof fieldValue === 'number' && Number.isInteger(fieldValue) && fieldValue >= 1 && fieldValue <= 6)
          schema.entryLevel = fieldValue;
        else errors.push(`${where} must be 1 to 6`);
      } else if (field === 'requiredFields' || field === 'optionalFields') {
        const specs = parseFieldSpecs(fieldValue, where, errors);
        if (specs) schema[field] = specs;
      } else if (field === 'provenance') {
        schema.provenance = mergeProvenance(schema.provenance, fieldValue, where, errors);
      } else {
        errors.push(
          `${where}: unknown key (allowed: sectionIdRequired, writeOnce, entryLevel, requiredFields, optionalFields, provenance)`,
        );
      }
    }
    config.categories[name as ProjectCategory] = schema;
  }
}

function parseFieldSpecs(value: unknown, where: string, errors: string[]): FieldSpec[] | null {
  if (!Array.isArray(value)) return (errors.push(`${where} must be a list`), null);
  const specs: FieldSpec[] = [];
  for (const [index, spec] of value.entries()) {
    if (!isObject(spec) || typeof spec.name !== 'string' || !/^[A-Za-z0-9 _-]+$/.test(spec.name)) {
      errors.push(`${where}[${index}] needs a name of letters, digits, spaces, '-' or '_'`);
      continue;
    }
    const field: FieldSpec = { name: spec.name };
    if (spec.pattern !== undefined) {
      try {
        if (typeof spec.pattern !== 'string') throw new Error('not a string');
        new RegExp(spec.pattern);
        field.pattern = spec.pattern;
      } catch {
        errors.push(`${where}[${index}].pattern is not a valid regular expression`);
      }
    }
    if (spec.enum !== undefined) {
      if (Array.isArray(spec.enum) && spec.enum.every((item) => typeof item === 'string')) field.enum = spec.enum as string[];
      else errors.push(`${where}[${index}].enum must be a list of strings`);
    }
    specs.push(field);
  }
  return specs;
}

function mergeProvenance(base: ProvenancePolicy, value: unknown, where: string, errors: string[]): ProvenancePolicy {
  if (!isObject(value)) return (errors.push(`${where} must be an object`), base);
  const policy = { ...base };
  for (const [key, item] of Object.entries(value)) {
    if (key === 'required' || key === 'requiredForNewSections') {
      if (typeof item === 'boolean') policy[key] = item;
      else errors.push(`${where}.${key} must be true or false`);
    } else if (key === 'allowedSourceTypes' || key === 'forbiddenSourceTypes') {
      const types = Array.isArray(item) ? item.map((type) => (typeof type === 'string' ? type.toUpperCase() : type)) : null;
      if (types && types.every((type) => (SOURCE_TYPES as readonly unknown[]).includes(type))) policy[key] = types as SourceType[];
      else errors.push(`${where}.${key} must list source types (${SOURCE_TYPES.join(', ')})`);
    } else errors.push(`${where}.${key}: unknown key`);
  }
  return policy;
}

function mergeApproval(config: MemorySchemaConfig, value: unknown, errors: string[]): void {
  if (!isObject(value)) return void errors.push('approval must be an object');
  for (const [slot, mode] of Object.entries(value)) {
    const normalized = typeof mode === 'string' ? mode.toUpperCase() : mode;
    if (!(APPROVAL_SLOTS as readonly string[]).includes(slot))
      errors.push(`approval: unknown slot "${slot}" (allowed: ${APPROVAL_SLOTS.join(', ')})`);
    else if (!(APPROVAL_MODES as readonly unknown[]).includes(normalized))
      errors.push(`approval.${slot} must be one of ${APPROVAL_MODES.join(', ')}`);
    else config.approval[slot as ApprovalSlot] = normalized as ApprovalMode;
  }
}

function mergeSecurity(config: MemorySchemaConfig, value: unknown, errors: string[]): void {
  if (!isObject(value)) return void errors.push('security must be an object');
  for (const [key, item] of Object.entries(value)) {
    if (key === 'piiScan' || key === 'piiScanEmail') {
      if (typeof item === 'boolean') config.security[key] = item;
      else errors.push(`security.${key} must be true or false`);
    } else if (key === 'allowlistLimits' && isObject(item)) {
      for (const [limit, amount] of Object.entries(item)) {
        if (!(limit in config.security.allowlistLimits)) errors.push(`security.allowlistLimits.${limit}: unknown limit`);
        else if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0)
          errors.push(`security.allowlistLimits.${limit} must be a non-negative integer`);
        else config.security.allowlistLimits[limit as keyof AllowlistLimits] = amount;
      }
    } else errors.push(`security.${key}: unknown key (the secret scan itself cannot be switched off)`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `Name: value` lines of a section's direct body (reference §1.3): at column 0, name of letters,
 * digits, spaces, `-`, `_`; `**Name:** value` and `*Name:* value` too. The first occurrence wins.
 */
export function fieldLines(body: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of body.split('\n')) {
    if (line === '' || /^[ \t]/.test(line) || /^(#|>|[-*] )/.test(line)) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = withoutStars(line.slice(0, colon)).trim();
    if (!/^[A-Za-z0-9 _-]+$/.test(name) || fields.has(name)) continue;
    fields.set(name, withoutStars(line.slice(colon + 1)).trim());
  }
  return fields;
}

/** Leading and trailing runs of `*` removed; by hand, since `/\*+$/` is quadratic on a long run of stars that does not end the text. */
function withoutStars(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '*') start++;
  while (end > start && text[end - 1] === '*') end--;
  return text.slice(start, end);
}

/**
 * Checks the entries this change touched: sections at the category's entry level whose id is
 * new or whose direct body changed. Values are never echoed: they could hold a secret that the
 * later scan would catch.
 */
export function validateSections(
  file: string,
  schema: CategorySchema,
  before: ParsedDocument | null,
  after: ParsedDocument,
): SchemaViolation[] {
  const fields = [
    ...schema.requiredFields.map((spec) => ({ spec, required: true })),
    ...schema.optionalFields.map((spec) => ({ spec, required: false })),
  ];
  if (fields.length === 0) return [];
  const previous = new Map<string, string>();
  if (before) for (const section of before.sections) if (!previous.has(section.id)) previous.set(section.id, ownBody(before, section));
  const violations: SchemaViolation[] = [];
  for (const section of after.sections) {
    if (section.level !== schema.entryLevel || !touched(section, after, previous)) continue;
    const values = fieldLines(ownBody(after, section));
    for (const { spec, required } of fields) {
      const value = values.get(spec.name);
      const violation = (message: string) => violations.push({ file, sectionId: section.id, field: spec.name, message });
      if (value === undefined || value === '') {
        if (required) violation(`required field "${spec.name}" is missing`);
      } else if (spec.pattern && !new RegExp(spec.pattern).test(value)) {
        violation(`"${spec.name}" does not match the pattern ${spec.pattern}`);
      } else if (spec.enum && !spec.enum.includes(value)) {
        violation(`"${spec.name}" must be one of: ${spec.enum.join(', ')}`);
      }
    }
  }
  return violations;
}

function touched(section: Section, after: ParsedDocument, previous: Map<string, string>): boolean {
  const body = previous.get(section.id);
  return body === undefined || body !== ownBody(after, section);
}

/** A category this proposal touches, and whether it adds sections or documents to it. */
export interface TouchedCategory {
  category: ProjectCategory;
  addsSections: boolean;
}

/**
 * Provenance for every touched category (upstream checks only the first operation's).
 * Returns the violation sentences; empty when the sources satisfy every policy.
 */
export function checkProvenance(
  touchedCategories: readonly TouchedCategory[],
  sources: readonly ProposalSource[],
  confidence: Confidence,
  config: MemorySchemaConfig,
): string[] {
  const violations: string[] = [];
  if (!(CONFIDENCE_LEVELS as readonly string[]).includes(confidence))
    violations.push(`confidence must be one of ${CONFIDENCE_LEVELS.join(', ')}`);
  sources.forEach((source, index) => {
    if (!(SOURCE_TYPES as readonly string[]).includes(source.type))
      violations.push(`source[${index}] has no valid type (${SOURCE_TYPES.join(', ')})`);
  });
  for (const { category, addsSections } of touchedCategories) {
    const policy = config.categories[category].provenance;
    sources.forEach((source, index) => {
      if (policy.forbiddenSourceTypes.includes(source.type)) {
        violations.push(
          `${category}: source[${index}] type ${source.type} is forbidden (${policy.forbiddenSourceTypes.join(', ')} are not accepted)`,
        );
      } else if (policy.allowedSourceTypes.length > 0 && !policy.allowedSourceTypes.includes(source.type)) {
        violations.push(
          `${category}: source[${index}] type ${source.type} is not allowed (allowed: ${policy.allowedSourceTypes.join(', ')})`,
        );
      }
    });
    if (sources.length === 0 && policy.required) violations.push(`${category}: sources are required but none were provided`);
    else if (sources.length === 0 && policy.requiredForNewSections && addsSections) {
      violations.push(`${category}: sources are required for new sections but none were provided`);
    }
  }
  return violations;
}
