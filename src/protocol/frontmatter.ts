/**
 * YAML frontmatter (`---` … `---` at the top of a document). `slug`, `version` and `title` are
 * read as single values; every key (known or not) is also kept as plain JSON in `metadata`.
 * Read with YAML's failsafe schema: every scalar is a string, so `version: 1.10` stays "1.10".
 */
import { isMap, isScalar, parseDocument } from 'yaml';
import { ProtocolStructureError } from './challenge-json.js';
import type { LineIndex } from './markdown-blocks.js';
import { jsonDepth, MAX_DOCUMENT_JSON_DEPTH } from '../limits.js';

export interface Frontmatter {
  present: boolean;
  bodyStart: number;
  slug?: string;
  version?: string;
  title?: string;
  /** Every key as written (strings, lists and maps of strings); empty without frontmatter. */
  metadata: Record<string, unknown>;
}

const FRONTMATTER_KEYS = ['slug', 'version', 'title'] as const;
export const MAX_FRONTMATTER_KEYS = 64;
export const MAX_FRONTMATTER_BYTES = 16 * 1024;

/** Where the frontmatter's YAML sits and where the body starts, without reading the YAML. */
export function findFrontmatter(document: string): { present: boolean; yamlStart: number; yamlEnd: number; bodyStart: number } {
  const open = /^\s*---[ \t]*\n/.exec(document);
  const close = open ? /^---[ \t]*(?:\n|$)/m.exec(document.slice(open[0].length)) : null;
  if (!open || !close) return { present: false, yamlStart: 0, yamlEnd: 0, bodyStart: 0 };
  const yamlStart = open[0].length;
  return { present: true, yamlStart, yamlEnd: yamlStart + close.index, bodyStart: yamlStart + close.index + close[0].length };
}

/** The frontmatter key that names a document's format outright (`format: kairos-v3` or `kairos-v4`). */
export const FORMAT_KEY = 'format';
export const DOCUMENT_FORMATS = ['kairos-v3', 'kairos-v4'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/**
 * The format the frontmatter declares, or null (no frontmatter, no `format` key, another value,
 * or YAML that does not parse: the reader then reports that on its own terms).
 */
export function declaredFormat(document: string): DocumentFormat | null {
  const { present, yamlStart, yamlEnd } = findFrontmatter(document);
  if (!present || yamlEnd - yamlStart > MAX_FRONTMATTER_BYTES) return null;
  const parsed = parseDocument(document.slice(yamlStart, yamlEnd), { schema: 'failsafe' });
  if (parsed.errors.length > 0 || !isMap(parsed.contents)) return null;
  for (const pair of parsed.contents.items) {
    if (!isScalar(pair.key) || String(pair.key.value).toLowerCase() !== FORMAT_KEY || !isScalar(pair.value)) continue;
    const value = String(pair.value.value).trim().toLowerCase().replace(/_/g, '-');
    return DOCUMENT_FORMATS.find((format) => format === value) ?? null;
  }
  return null;
}

const TOO_DEEP = `the frontmatter nests deeper than ${MAX_DOCUMENT_JSON_DEPTH} levels`;

/** The YAML reader recurses: hostile nesting overflows its stack, which is the document's fault. */
function parseYaml(text: string, tooDeep: () => Error): ReturnType<typeof parseDocument> {
  try {
    return parseDocument(text, { schema: 'failsafe' });
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep();
    throw error;
  }
}

/** The frontmatter as JSON, refused past the depth a stored document may hold. */
function toJson(parsed: ReturnType<typeof parseDocument>, tooDeep: () => Error): unknown {
  let json: unknown;
  try {
    json = parsed.toJS({ maxAliasCount: 0 });
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep();
    throw error;
  }
  if (jsonDepth(json, MAX_DOCUMENT_JSON_DEPTH) > MAX_DOCUMENT_JSON_DEPTH) throw tooDeep();
  return json;
}

export function readFrontmatter(document: string, lines: LineIndex): Frontmatter {
  const { present, yamlStart, yamlEnd, bodyStart } = findFrontmatter(document);
  if (!present) return { present: false, bodyStart: 0, metadata: {} };

  const yamlText = document.slice(yamlStart, yamlEnd);
  const firstLine = lines.lineAt(yamlStart);
  const invalid = (line: number, reason: string) => new ProtocolStructureError(line, reason, 'FRONTMATTER_INVALID');
  if (Buffer.byteLength(yamlText, 'utf8') > MAX_FRONTMATTER_BYTES) {
    throw invalid(firstLine, `the frontmatter is larger than ${MAX_FRONTMATTER_BYTES} bytes`);
  }
  const parsed = parseYaml(yamlText, () => invalid(firstLine, TOO_DEEP));
  const [error] = parsed.errors;
  // The YAML reader reports its own stack overflow as a syntax error.
  if (error && /call stack/i.test(error.message)) throw invalid(firstLine, TOO_DEEP);
  if (error) {
    const reason = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    throw invalid(firstLine + (error.linePos?.[0].line ?? 1) - 1, `invalid frontmatter: ${reason}`);
  }

  const result: Frontmatter = { present: true, bodyStart, metadata: {} };
  if (parsed.contents === null) return result;
  if (!isMap(parsed.contents)) throw invalid(firstLine, 'frontmatter must be "key: value" lines');
  if (parsed.contents.items.length > MAX_FRONTMATTER_KEYS) {
    throw invalid(firstLine, `the frontmatter has more than ${MAX_FRONTMATTER_KEYS} keys`);
  }
  for (const pair of parsed.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value).toLowerCase() : '';
    const field = FRONTMATTER_KEYS.find((name) => name === key);
    if (!field) continue;
    const value = pair.value;
    if (value !== null && !isScalar(value)) {
      const offset = isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
      throw invalid(
        lines.lineAt(yamlStart + offset),
        `frontmatter "${String(isScalar(pair.key) ? pair.key.value : key)}" must be a single value`,
      );
    }
    result[field] = value === null || value.value === null ? '' : String(value.value).trim();
  }
  const json = toJson(parsed, () => invalid(firstLine, TOO_DEEP));
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) result.metadata = json as Record<string, unknown>;
  return result;
}

/**
 * KAIROS 4's `chain_root` key (also spelled `chainroot`): the slug of the adapter a chain starts
 * at, set on its later links. Lower-cased as slugs are; null when absent or not a plain string.
 */
export function chainRootOf(frontmatter: Record<string, unknown> | null | undefined): string | null {
  for (const [key, value] of Object.entries(frontmatter ?? {})) {
    const name = key.trim().toLowerCase();
    if ((name === 'chain_root' || name === 'chainroot') && typeof value === 'string' && value.trim() !== '')
      return value.trim().toLowerCase();
  }
  return null;
}
