import { RequestError } from './errors.js';
import { DEFAULT_ALLOWLIST_LIMITS, scanText, type SecretFinding } from '../proposals/secret-scan.js';

/**
 * Protocol text (mint, updateMemories) is scanned for secrets the way proposals are: the same
 * shapes, the same `<!-- @secret-scan: allow reason="…" -->` escape hatch for documentation, and a
 * refusal that names the kind and the line, never the value. PII is not scanned here: protocols
 * quote example addresses and numbers.
 */
export function protocolSecretFindings(text: string, location: string): SecretFinding[] | { error: string } {
  const result = scanText(text, location, { piiScan: false, piiScanEmail: false, allowlist: true, limits: DEFAULT_ALLOWLIST_LIMITS });
  if ('error' in result) return { error: result.message };
  return result.findings;
}

/** "a GITHUB_TOKEN on line 4, a JWT on line 9": what and where, never the text. */
export function describeFindings(findings: readonly SecretFinding[]): string {
  return findings
    .slice(0, 5)
    .map((finding) => `${finding.type} on line ${finding.line}`)
    .join(', ');
}

const ADVICE = 'remove it, or mark a documented example with <!-- @secret-scan: allow reason="…" --> … <!-- @secret-scan: end -->';

/** Refuses a whole document (mint) holding a secret: SECRET_DETECTED, with the kinds and lines in details. */
export function refuseProtocolSecrets(text: string, location: string): void {
  const findings = protocolSecretFindings(text, location);
  if ('error' in findings) throw new RequestError('BAD_USER_INPUT', findings.error);
  if (findings.length === 0) return;
  throw new RequestError('SECRET_DETECTED', `The ${location} holds what looks like a secret (${describeFindings(findings)}): ${ADVICE}`, {
    findings: findings.map(({ type, line, location: where }) => ({ type, line, location: where })),
  });
}

/** The per-item error of an update holding a secret, or null. */
export function protocolSecretProblem(text: string, location: string): string | null {
  const findings = protocolSecretFindings(text, location);
  if ('error' in findings) return findings.error;
  return findings.length === 0
    ? null
    : `SECRET_DETECTED: the ${location} holds what looks like a secret (${describeFindings(findings)}): ${ADVICE}`;
}
