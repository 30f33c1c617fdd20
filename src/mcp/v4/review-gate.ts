/** The review evidence a KAIROS 4 host sends with `train` and `tune` content: what its review command printed. */
export interface ReviewEvidence {
  /** A path on the agent's machine: named for the record, never opened by the server. */
  verdict_file: string;
  exit_code: number;
  stdout: string;
}

export const REVIEW_GATE_CODES = ['REVIEW_EVIDENCE_REQUIRED', 'REVIEW_GATE_FAILED'] as const;
export type ReviewGateCode = (typeof REVIEW_GATE_CODES)[number];

/**
 * The review gate: passes when the review command exited 0 and the first line of its stdout is
 * PASS (case-insensitive, surrounding spaces ignored). Returns the refusal otherwise.
 */
export function reviewGateRefusal(evidence: ReviewEvidence | null | undefined): { code: ReviewGateCode; message: string } | null {
  if (!evidence) {
    return {
      code: 'REVIEW_EVIDENCE_REQUIRED',
      message: 'Send review_evidence { verdict_file, exit_code, stdout } from a review of this content before storing it.',
    };
  }
  if (evidence.exit_code !== 0) {
    return {
      code: 'REVIEW_GATE_FAILED',
      message: `The review exited with ${evidence.exit_code}, not 0: fix what it found and review again.`,
    };
  }
  const firstLine = (evidence.stdout.split(/\r?\n/, 1)[0] ?? '').trim();
  if (firstLine.toUpperCase() !== 'PASS') {
    return {
      code: 'REVIEW_GATE_FAILED',
      message: `The review's first line is "${firstLine.slice(0, 80)}", not PASS: fix what it found and review again.`,
    };
  }
  return null;
}
