import { describe, expect, it } from 'vitest';
import { ELICITATION_REFUSALS, isDeclinedConfirmation } from '../../src/runs/user-decline.js';

describe('isDeclinedConfirmation', () => {
  it.each([
    'no',
    'No',
    'NO.',
    'n',
    'nope',
    'No, wait',
    'stop!',
    'Cancel it',
    'abort',
    'rejected',
    'Rejected',
    'I reject this',
    'deny',
    'Denied by ops',
    'decline',
    'declined',
    'I refuse',
    'not approved',
    'Do not proceed',
    "don't approve",
    'Deployment cancelled',
    'Don’t proceed',
  ])('declines on %j', (reply) => {
    expect(isDeclinedConfirmation(reply)).toBe(true);
  });

  it.each([
    'yes',
    'Approved',
    'approved, no issues',
    'ok go ahead',
    'Yes — nothing to stop us',
    'Looks good; notes attached',
    'confirmed',
    'Nothing to add',
    'Stopwatch reads 3s, approved',
  ])('accepts %j', (reply) => {
    expect(isDeclinedConfirmation(reply)).toBe(false);
  });
});

describe('ELICITATION_REFUSALS', () => {
  it('reads as a decline, so a declined or cancelled elicitation fails the step with USER_DECLINED', () => {
    expect(isDeclinedConfirmation(ELICITATION_REFUSALS.declined)).toBe(true);
    expect(isDeclinedConfirmation(ELICITATION_REFUSALS.cancelled)).toBe(true);
  });
});
