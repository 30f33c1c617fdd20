/** The pure rules of the KAIROS 4 tools: grading, the ranking boost, the review gate, URIs, solutions, zip and skill files. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillFiles } from '../../src/export/skill-bundle.js';
import { zipBytes } from '../../src/export/zip-writer.js';
import { favourOwnSpace } from '../../src/mcp/v4/activation.js';
import { solutionInputOf } from '../../src/mcp/v4/layer-json.js';
import { reviewGateRefusal } from '../../src/mcp/v4/review-gate.js';
import { withoutFrontmatterSlug } from '../../src/mcp/v4/adapter-tools.js';
import { parseKairosUri } from '../../src/model/kairos-uri.js';
import { gradeRun, rankingRewardScore, REWARD_BOOST_MAX, rewardBoost } from '../../src/runs/grading.js';
import { attestBoost } from '../../src/runs/quality.js';

describe('grading', () => {
  it('labels and blocks by outcome, score, rubric and evaluator', () => {
    expect(gradeRun({ outcome: 'SUCCESS', score: 0.95, rubricVersion: 'v1', llmModelId: 'judge' })).toMatchObject({
      graderKind: 'MODEL',
      evaluationLabel: 'GOLD',
      sftBlockers: [],
      preferenceBlockers: [],
    });
    expect(gradeRun({ outcome: 'SUCCESS', score: null, rubricVersion: 'v1', rater: 'ann' })).toMatchObject({
      score: 1,
      evaluationLabel: 'GOLD',
      exportableForSft: true,
      preferenceBlockers: [],
    });
    expect(gradeRun({ outcome: 'FAILURE', score: 0.9, rubricVersion: 'v1', rater: 'ann' })).toMatchObject({
      evaluationLabel: 'REJECTED',
      sftBlockers: ['OUTCOME_NOT_SUCCESS'],
      exportableForPreference: true,
    });
    expect(gradeRun({ outcome: 'SUCCESS', score: 0.5, rubricVersion: '  ', rater: '' }).sftBlockers).toEqual([
      'MISSING_RUBRIC_VERSION',
      'MISSING_EVALUATOR_IDENTITY',
      'SCORE_BELOW_SFT_THRESHOLD',
    ]);
  });

  it('counts a failed run as 0 whatever its score, so it cannot raise its adapter', () => {
    expect(rankingRewardScore('FAILURE', 1)).toBe(0);
    expect(rankingRewardScore('SUCCESS', 0.7)).toBe(0.7);
    const before = attestBoost({ attempts: 10, successes: 10, failures: 0, rewards: { graded: 10, scoreSum: 8 } });
    const afterFailure = attestBoost({
      attempts: 11,
      successes: 10,
      failures: 1,
      rewards: { graded: 11, scoreSum: 8 + rankingRewardScore('FAILURE', 1)! },
    });
    expect(afterFailure).toBeLessThan(before);
  });

  it('keeps the reward boost within ±0.04 and neutral under three graded runs', () => {
    expect(rewardBoost({ graded: 2, scoreSum: 2 })).toBe(0);
    expect(rewardBoost({ graded: 1_000, scoreSum: 1_000 })).toBe(REWARD_BOOST_MAX);
    expect(rewardBoost({ graded: 1_000, scoreSum: 0 })).toBe(-REWARD_BOOST_MAX);
    expect(rewardBoost({ graded: 10, scoreSum: 5 })).toBe(0);
    expect(rewardBoost({ graded: 5, scoreSum: 5 })).toBeCloseTo(0.02, 5);
  });
});

describe('review gate', () => {
  const pass = { verdict_file: '/tmp/never-opened', exit_code: 0, stdout: 'PASS\n' };
  it('passes only exit 0 with PASS on the first line', () => {
    expect(reviewGateRefusal(pass)).toBeNull();
    expect(reviewGateRefusal({ ...pass, stdout: '  pass  \r\ndetails' })).toBeNull();
    expect(reviewGateRefusal(undefined)?.code).toBe('REVIEW_EVIDENCE_REQUIRED');
    expect(reviewGateRefusal({ ...pass, exit_code: 1 })?.code).toBe('REVIEW_GATE_FAILED');
    expect(reviewGateRefusal({ ...pass, stdout: 'notes\nPASS' })?.code).toBe('REVIEW_GATE_FAILED');
    expect(reviewGateRefusal({ ...pass, stdout: 'PASSED' })?.code).toBe('REVIEW_GATE_FAILED');
  });
});

describe('KAIROS 4 URIs and solutions', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it('reads adapter and layer URIs', () => {
    expect(parseKairosUri('kairos://adapter/ledger-close')).toEqual({ kind: 'adapter', key: 'ledger-close' });
    expect(parseKairosUri(`kairos://adapter/${id.toUpperCase()}`)).toEqual({ kind: 'adapter', key: id });
    expect(parseKairosUri(`kairos://layer/${id}?execution_id=${id}`)).toEqual({ kind: 'layer', id, executionId: id });
    expect(parseKairosUri(`KAIROS://Layer/${id.toUpperCase()}`)).toEqual({ kind: 'layer', id, executionId: null });
    expect(parseKairosUri(`kairos://mem/${id}`)).toEqual({ kind: 'mem', id });
    for (const bad of [
      'kairos://adapter/-x',
      'kairos://adapter/a--b',
      'kairos://layer/nope',
      `kairos://layer/${id}?execution_id=`,
      `kairos://layer/${id}?execution_id=run-1`,
      `kairos://mem/${id}/x`,
      `kairos://adapter/${'a'.repeat(600)}`,
    ]) {
      expect(parseKairosUri(bad)).toBeNull();
    }
  });

  it('maps the unified envelope and the older shapes to the same solution', () => {
    const envelope = solutionInputOf({
      type: 'mcp',
      outcome: 'success',
      evidence: { tool_name: 't', arguments: { a: 1 }, response: { ok: true } },
      nonce: 'n',
      proof_hash: 'h',
    });
    const older = solutionInputOf({
      type: 'mcp',
      mcp: { tool_name: 't', arguments: { a: 1 }, result: { ok: true }, success: true },
      nonce: 'n',
      proof_hash: 'h',
    });
    expect(envelope).toEqual({
      type: 'MCP',
      nonce: 'n',
      proofHash: 'h',
      mcp: { toolName: 't', arguments: { a: 1 }, result: { ok: true }, success: true },
    });
    expect(older).toEqual(envelope);
    expect(solutionInputOf({ type: 'shell', evidence: { exit_code: 0, stdout: 'ok' } })).toEqual({
      type: 'SHELL',
      shell: { exitCode: 0, stdout: 'ok' },
    });
    expect(solutionInputOf({ type: 'comment', comment: 'plain text' })).toEqual({ type: 'COMMENT', comment: { text: 'plain text' } });
    expect(solutionInputOf({ type: 'user_input', evidence: { confirmation: 'yes' } })).toEqual({
      type: 'USER_INPUT',
      userInput: { confirmation: 'yes' },
    });
    expect(solutionInputOf({ type: 'mcp', outcome: 'failure', evidence: { tool_name: 't' } })).toMatchObject({ mcp: { success: false } });
  });
});

describe('skill zip', () => {
  it('writes an archive unzip accepts, whose SHA256SUMS sha256sum checks', async () => {
    const adapter = {
      uri: 'kairos://adapter/ünïcode-notes',
      id: 'c1',
      slug: 'unicode-notes',
      title: 'Ünïcode notes',
      version: '1.0.0',
      space: 'user:x',
      markdown: '# Ünïcode notes\n\n## Write\nText.\n',
      activation: '- Take notes\n- Write it down',
      layers: [],
    };
    const directory = mkdtempSync(join(tmpdir(), 'kairos-zip-'));
    try {
      const files = skillFiles(adapter);
      expect(files.map((file) => file.path)).toEqual([
        'unicode-notes/SKILL.md',
        'unicode-notes/artifacts/unicode-notes.md',
        'unicode-notes/SHA256SUMS',
      ]);
      expect(files[0]!.content).toMatch(/^---\nname: unicode-notes\ndescription: "- Take notes - Write it down"\n/);
      const { bytes } = await zipBytes([
        { path: 'unicode-notes/artifacts/', data: new Uint8Array() },
        ...files.map((file) => ({ path: file.path, data: Buffer.from(file.content) })),
      ]);
      writeFileSync(join(directory, 'a.zip'), bytes);
      expect(execFileSync('unzip', ['-t', join(directory, 'a.zip')], { encoding: 'utf8' })).toContain('No errors detected');
      execFileSync('unzip', ['-q', join(directory, 'a.zip'), '-d', directory]);
      expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: join(directory, 'unicode-notes'), encoding: 'utf8' })).toBe(
        'SKILL.md: OK\nartifacts/unicode-notes.md: OK\n',
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('activate', () => {
  it('puts the default write space first among equal matches only', () => {
    const choices = [
      { name: 'shared', role: 'MATCH', score: 0.8, space: 'group:ops' },
      { name: 'mine', role: 'MATCH', score: 0.8, space: 'user:me' },
      { name: 'better', role: 'MATCH', score: 0.7, space: 'user:me' },
      { name: 'refine', role: 'REFINE', score: null, space: null },
    ];
    expect(favourOwnSpace(choices, 'user:me').map((choice) => choice.name)).toEqual(['mine', 'shared', 'better', 'refine']);
  });
});

describe('forking an adapter', () => {
  it('drops the source slug from the frontmatter, so the fork takes a slug of its own, and keeps the rest', () => {
    expect(withoutFrontmatterSlug('---\nslug: ledger-close\nversion: "1.2.0"\n---\n# Ledger close\n\nText.\n')).toBe(
      '---\nversion: "1.2.0"\n---\n# Ledger close\n\nText.\n',
    );
    expect(withoutFrontmatterSlug('---\nslug: only-a-slug\n---\n# Title\n')).toBe('# Title\n');
    // A slug line in the body is the author's text, not frontmatter.
    expect(withoutFrontmatterSlug('# Title\n\nslug: kept\n')).toBe('# Title\n\nslug: kept\n');
  });
});
