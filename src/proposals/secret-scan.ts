/**
 * Secret and PII detection for proposals (reference §3). A finding says what kind of thing
 * was found and on which line; the matched text never leaves this module.
 */

export const FINDING_TYPES = [
  'AWS_ACCESS_KEY',
  'GITHUB_TOKEN',
  'GITLAB_TOKEN',
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'STRIPE_LIVE_KEY',
  'JWT',
  'PRIVATE_KEY_BLOCK',
  'HIGH_ENTROPY',
  'PII_SSN',
  'PII_CREDIT_CARD',
  'PII_EMAIL',
] as const;
export type FindingType = (typeof FINDING_TYPES)[number];

export interface SecretFinding {
  type: FindingType;
  /** 1-based line in the scanned text (for a document: the whole resulting document). */
  line: number;
  /** What was scanned: a document path, `rationale`, `sources[1].ref`, `owner.id`… */
  location: string;
}

export interface ScanOptions {
  piiScan: boolean;
  piiScanEmail: boolean;
  /** Honour `@secret-scan: allow` regions (documents only; never free-text fields). */
  allowlist: boolean;
  limits: AllowlistLimits;
}

/** 0 switches a limit off. */
export interface AllowlistLimits {
  maxBytesPerFile: number;
  maxRegionsPerFile: number;
  maxBytesPerRegion: number;
}

export const DEFAULT_ALLOWLIST_LIMITS: AllowlistLimits = { maxBytesPerFile: 1024, maxRegionsPerFile: 10, maxBytesPerRegion: 512 };

export type ScanResult = { findings: SecretFinding[] } | { error: 'ALLOWLIST_PARSE_ERROR' | 'ALLOWLIST_LIMIT_EXCEEDED'; message: string };

type Match = { start: number; length: number };

/** High-confidence shapes, in reporting order; all word-bounded except the PEM header. */
const SECRET_RULES: { type: FindingType; find: (text: string) => Iterable<Match> }[] = [
  patternRule('AWS_ACCESS_KEY', /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g),
  patternRule('GITHUB_TOKEN', /\bgh[pousr]_[A-Za-z0-9]{36,}\b/g),
  patternRule('GITLAB_TOKEN', /\bglpat-[A-Za-z0-9_-]{20}(?![A-Za-z0-9_-])/g),
  patternRule('ANTHROPIC_API_KEY', /\bsk-ant-(?:api03-)?[A-Za-z0-9_-]{40,}/g),
  patternRule('OPENAI_API_KEY', /\bsk-(?:proj-)?[A-Za-z0-9]{32,}\b/g),
  patternRule('STRIPE_LIVE_KEY', /\b(?:sk|pk|rk)_live_[A-Za-z0-9]{24,}\b/g),
  { type: 'JWT', find: jwtMatches },
  patternRule('PRIVATE_KEY_BLOCK', /-----BEGIN(?: [A-Z]+)* PRIVATE KEY-----/g),
];
const JWT_PART_CHAR = /[A-Za-z0-9_-]/;
const WORD_CHAR = /\w/;
const ENTROPY_CANDIDATE = /[A-Za-z0-9_+/=-]{32,}/g;
const ENTROPY_THRESHOLD = 4.5;
const SSN = /\b\d{3}-\d{2}-\d{4}\b/g;
const CARD = /\b\d(?:[ -]?\d){12,18}\b/g;
const EMAIL_LOCAL = /[A-Za-z0-9._%+-]/;
const EMAIL_DOMAIN_CHAR = /[A-Za-z0-9.-]/;
const EMAIL_DOMAIN = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/;
/** RFC 5321's longest local part and domain: nothing longer is an address, and no scan goes further. */
const MAX_EMAIL_LOCAL = 64;
const MAX_EMAIL_DOMAIN = 255;
const ALLOW_OPEN_HEAD = /<!--\s*@secret-scan:\s*allow\b/g;
const ALLOW_END = /<!--\s*@secret-scan:\s*end\s*-->/g;
const MARKER = /<!--\s*@secret-scan:/g;

export function scanText(text: string, location: string, options: ScanOptions): ScanResult {
  let regions: { start: number; end: number }[] = [];
  if (options.allowlist) {
    const parsed = allowlistRegions(text, location, options.limits);
    if ('error' in parsed) return parsed;
    regions = parsed.regions;
  }
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) lineStarts.push(index + 1);
  const lineOf = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const allowed = (start: number, end: number) => regions.some((region) => start >= region.start && end <= region.end);

  const findings: SecretFinding[] = [];
  const add = (type: FindingType, start: number, length: number) => {
    if (!allowed(start, start + length)) findings.push({ type, line: lineOf(start), location });
  };
  for (const rule of SECRET_RULES) for (const match of rule.find(text)) add(rule.type, match.start, match.length);
  const linesWithFindings = new Set(findings.map((finding) => finding.line));
  for (const match of text.matchAll(ENTROPY_CANDIDATE)) {
    if (shannonEntropy(match[0]) >= ENTROPY_THRESHOLD && !linesWithFindings.has(lineOf(match.index)))
      add('HIGH_ENTROPY', match.index, match[0].length);
  }
  if (options.piiScan) {
    for (const match of text.matchAll(SSN)) add('PII_SSN', match.index, match[0].length);
    for (const match of text.matchAll(CARD))
      if (luhnValid(match[0].replace(/\D/g, ''))) add('PII_CREDIT_CARD', match.index, match[0].length);
  }
  if (options.piiScanEmail) for (const found of emailAddresses(text)) add('PII_EMAIL', found.start, found.length);
  return { findings: findings.sort((a, b) => a.line - b.line || FINDING_TYPES.indexOf(a.type) - FINDING_TYPES.indexOf(b.type)) };
}

function patternRule(type: FindingType, pattern: RegExp): (typeof SECRET_RULES)[number] {
  return { type, find: (text) => Array.from(text.matchAll(pattern), (match) => ({ start: match.index, length: match[0].length })) };
}

/**
 * What `/\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{4,}/g` finds, in O(text): that
 * expression rescans the rest of a token run from every `eyJ` in it (`eyJ-eyJ-…`: quadratic).
 * The runs hold no `.`, so each part is the whole run up to the next character outside them.
 */
function* jwtMatches(text: string): Generator<Match> {
  let at = text.indexOf('eyJ');
  if (at < 0) return;
  // runEnd[i]: the first index at or after i outside [A-Za-z0-9_-].
  const runEnd = new Int32Array(text.length + 1);
  runEnd[text.length] = text.length;
  for (let index = text.length - 1; index >= 0; index--) runEnd[index] = JWT_PART_CHAR.test(text[index]!) ? runEnd[index + 1]! : index;
  while (at >= 0) {
    let next = at + 1;
    if (at === 0 || !WORD_CHAR.test(text[at - 1]!)) {
      const header = runEnd[at + 3]!;
      const payload = header - (at + 3) >= 6 && text[header] === '.' ? runEnd[header + 1]! : -1;
      const signature = payload >= 0 && payload - (header + 1) >= 6 && text[payload] === '.' ? runEnd[payload + 1]! : -1;
      if (signature >= 0 && signature - (payload + 1) >= 4) {
        yield { start: at, length: signature - at };
        next = signature;
      }
    }
    at = text.indexOf('eyJ', next);
  }
}

/**
 * Email addresses, found from each `@` outwards over at most 64 + 255 characters: linear in the
 * text (one regular expression over the whole text backtracks quadratically on `a.a.a.…`).
 */
function* emailAddresses(text: string): Generator<{ start: number; length: number }> {
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < MAX_EMAIL_LOCAL && EMAIL_LOCAL.test(text[start - 1]!)) start--;
    if (start === at || (start > 0 && /\w/.test(text[start - 1]!) && /\w/.test(text[start]!))) continue;
    let end = at + 1;
    while (end < text.length && end - at <= MAX_EMAIL_DOMAIN && EMAIL_DOMAIN_CHAR.test(text[end]!)) end++;
    const domain = EMAIL_DOMAIN.exec(text.slice(at + 1, end + 1));
    if (domain) yield { start, length: at + 1 + domain[0].length - start };
  }
}

/** SECRET_DETECTED when any finding is a secret; PII_DETECTED when every finding is PII. */
export function findingReason(findings: readonly SecretFinding[]): 'SECRET_DETECTED' | 'PII_DETECTED' {
  return findings.some((finding) => !finding.type.startsWith('PII_')) ? 'SECRET_DETECTED' : 'PII_DETECTED';
}

/**
 * The documentation escape hatch: text between `<!-- @secret-scan: allow reason="…" -->` and
 * `<!-- @secret-scan: end -->` is not reported. Markers must pair, not nest, and give a reason.
 */
function allowlistRegions(
  text: string,
  location: string,
  limits: AllowlistLimits,
): { regions: { start: number; end: number }[] } | { error: 'ALLOWLIST_PARSE_ERROR' | 'ALLOWLIST_LIMIT_EXCEEDED'; message: string } {
  const markers: { kind: 'open' | 'end'; start: number; end: number; reason?: string }[] = [];
  for (const marker of allowOpenMarkers(text)) {
    const reason = /reason\s*=\s*"([^"]*)"/.exec(marker.body)?.[1]?.trim() ?? '';
    markers.push({ kind: 'open', start: marker.start, end: marker.end, reason });
  }
  for (const match of text.matchAll(ALLOW_END)) markers.push({ kind: 'end', start: match.index, end: match.index + match[0].length });
  const parseError = (message: string) => ({ error: 'ALLOWLIST_PARSE_ERROR' as const, message: `${location}: ${message}` });
  if ([...text.matchAll(MARKER)].length !== markers.length) return parseError('a @secret-scan marker is neither "allow" nor "end"');
  markers.sort((a, b) => a.start - b.start);

  const regions: { start: number; end: number }[] = [];
  let open: (typeof markers)[number] | null = null;
  for (const marker of markers) {
    if (marker.kind === 'open') {
      if (open) return parseError('@secret-scan: allow regions cannot nest');
      if (!marker.reason) return parseError('@secret-scan: allow needs a non-empty reason="…"');
      open = marker;
    } else {
      if (!open) return parseError('@secret-scan: end without a matching allow');
      regions.push({ start: open.end, end: marker.start });
      open = null;
    }
  }
  if (open) return parseError('@secret-scan: allow without a matching end');

  const limitError = (message: string) => ({ error: 'ALLOWLIST_LIMIT_EXCEEDED' as const, message: `${location}: ${message}` });
  const bytes = (region: { start: number; end: number }) => Buffer.byteLength(text.slice(region.start, region.end), 'utf8');
  if (limits.maxRegionsPerFile > 0 && regions.length > limits.maxRegionsPerFile) {
    return limitError(`${regions.length} allowlisted regions; the limit is ${limits.maxRegionsPerFile} per document`);
  }
  if (limits.maxBytesPerRegion > 0 && regions.some((region) => bytes(region) > limits.maxBytesPerRegion)) {
    return limitError(`an allowlisted region is larger than ${limits.maxBytesPerRegion} bytes`);
  }
  const total = regions.reduce((sum, region) => sum + bytes(region), 0);
  if (limits.maxBytesPerFile > 0 && total > limits.maxBytesPerFile) {
    return limitError(`allowlisted regions hold ${total} bytes; the limit is ${limits.maxBytesPerFile} per document`);
  }
  return { regions };
}

/**
 * What `/<!--\s*@secret-scan:\s*allow\b([^]*?)-->/g` finds, in O(text): that expression searches
 * the rest of the text for `-->` from every opener, quadratic on openers never closed. With no
 * `-->` after an opener, none follows any later opener either.
 */
function* allowOpenMarkers(text: string): Generator<{ start: number; end: number; body: string }> {
  const head = new RegExp(ALLOW_OPEN_HEAD.source, 'g');
  for (let match = head.exec(text); match !== null; match = head.exec(text)) {
    const close = text.indexOf('-->', head.lastIndex);
    if (close < 0) return;
    yield { start: match.index, end: close + 3, body: text.slice(head.lastIndex, close) };
    head.lastIndex = close + 3;
  }
}

/** Bits per character over the UTF-8 bytes. */
export function shannonEntropy(value: string): number {
  const bytes = Buffer.from(value, 'utf8');
  const counts = new Map<number, number>();
  for (const byte of bytes) counts.set(byte, (counts.get(byte) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / bytes.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

export function luhnValid(digits: string): boolean {
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
