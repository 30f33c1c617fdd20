import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ALLOWLIST_LIMITS,
  findingReason,
  luhnValid,
  type ScanOptions,
  scanText,
  shannonEntropy,
} from '../../src/proposals/secret-scan.js';
import { fakeSecrets } from './fake-secrets.js';

const options: ScanOptions = { piiScan: true, piiScanEmail: false, allowlist: true, limits: DEFAULT_ALLOWLIST_LIMITS };

function scan(text: string, overrides: Partial<ScanOptions> = {}) {
  const result = scanText(text, 'doc.md', { ...options, ...overrides });
  if ('error' in result) throw new Error(result.message);
  return result.findings;
}

describe('the secret scan', () => {
  it.each([
    ['AWS_ACCESS_KEY', fakeSecrets.awsAccessKey],
    ['GITHUB_TOKEN', fakeSecrets.githubToken],
    ['GITLAB_TOKEN', fakeSecrets.gitlabToken],
    ['ANTHROPIC_API_KEY', fakeSecrets.anthropicKey],
    ['OPENAI_API_KEY', fakeSecrets.openAiKey],
    ['STRIPE_LIVE_KEY', fakeSecrets.stripeKey],
    ['JWT', fakeSecrets.jwt],
    ['PRIVATE_KEY_BLOCK', fakeSecrets.privateKey],
    ['HIGH_ENTROPY', fakeSecrets.highEntropy],
    ['PII_SSN', fakeSecrets.ssn],
    ['PII_CREDIT_CARD', fakeSecrets.card],
  ])('finds %s with its line and nothing of the text', (type, secret) => {
    const findings = scan(`# Title\n\nline two\nthe value is ${secret} here\n`);
    expect(findings).toEqual([{ type, line: 4, location: 'doc.md' }]);
    expect(JSON.stringify(findings)).not.toContain(secret.slice(0, 8));
  });

  it('finds e-mail addresses only when asked to', () => {
    expect(scan(`mail ${fakeSecrets.email}`)).toEqual([]);
    expect(scan(`mail ${fakeSecrets.email}`, { piiScanEmail: true })).toEqual([{ type: 'PII_EMAIL', line: 1, location: 'doc.md' }]);
  });

  it('leaves ordinary prose, hashes, dates and non-Luhn numbers alone', () => {
    expect(
      scan('Date: 2026-11-21\nsha256:' + 'ab12'.repeat(16) + '\ncard 4111 1111 1111 1112\nsee src/services/proposal-service.ts'),
    ).toEqual([]);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(shannonEntropy('aaaa')).toBe(0);
  });

  it('skips the entropy rule on a line that already has a finding', () => {
    expect(scan(`${fakeSecrets.awsAccessKey} ${fakeSecrets.highEntropy}`).map((finding) => finding.type)).toEqual(['AWS_ACCESS_KEY']);
  });

  it('ignores findings inside an allow region with a reason, and only there', () => {
    const text = `<!-- @secret-scan: allow reason="documented example" -->\n${fakeSecrets.awsAccessKey}\n<!-- @secret-scan: end -->\n${fakeSecrets.githubToken}\n`;
    expect(scan(text)).toEqual([{ type: 'GITHUB_TOKEN', line: 4, location: 'doc.md' }]);
    expect(scan(text, { allowlist: false }).map((finding) => finding.type)).toEqual(['AWS_ACCESS_KEY', 'GITHUB_TOKEN']);
  });

  it.each([
    ['no reason', '<!-- @secret-scan: allow -->\nx\n<!-- @secret-scan: end -->'],
    ['unpaired allow', '<!-- @secret-scan: allow reason="r" -->\nx'],
    ['unpaired end', 'x\n<!-- @secret-scan: end -->'],
    ['nesting', '<!-- @secret-scan: allow reason="a" -->\n<!-- @secret-scan: allow reason="b" -->\n<!-- @secret-scan: end -->'],
    ['unknown marker', '<!-- @secret-scan: maybe -->'],
  ])('refuses malformed markers (%s)', (_name, text) => {
    expect(scanText(text, 'doc.md', options)).toMatchObject({ error: 'ALLOWLIST_PARSE_ERROR' });
  });

  it('enforces the allowlist limits', () => {
    const region = (body: string) => `<!-- @secret-scan: allow reason="r" -->${body}<!-- @secret-scan: end -->\n`;
    expect(scanText(region('x'.repeat(600)), 'doc.md', options)).toMatchObject({ error: 'ALLOWLIST_LIMIT_EXCEEDED' });
    expect(scanText(region('x').repeat(11), 'doc.md', options)).toMatchObject({ error: 'ALLOWLIST_LIMIT_EXCEEDED' });
    expect(scanText(region('x'.repeat(400)).repeat(3), 'doc.md', options)).toMatchObject({ error: 'ALLOWLIST_LIMIT_EXCEEDED' });
  });

  it('classifies SECRET_DETECTED over PII_DETECTED', () => {
    expect(findingReason([{ type: 'PII_SSN', line: 1, location: 'x' }])).toBe('PII_DETECTED');
    expect(
      findingReason([
        { type: 'PII_SSN', line: 1, location: 'x' },
        { type: 'JWT', line: 2, location: 'x' },
      ]),
    ).toBe('SECRET_DETECTED');
  });
});
