import { describe, expect, it } from 'vitest';
import { describeChallenge } from '../../src/ui/challenge-text.js';

type Challenge = Parameters<typeof describeChallenge>[0];

describe('the live page words every challenge type', () => {
  it('a tensor step says what proves it (it used to render nothing)', () => {
    const challenge = { type: 'TENSOR', required: true } as unknown as Challenge;
    expect(describeChallenge(challenge)).toBe("The agent returns a structured value the step's contract describes.");
  });

  it('an optional step says so', () => {
    const challenge = { type: 'COMMENT', required: false, comment: { minLength: 10 } } as unknown as Challenge;
    expect(describeChallenge(challenge)).toBe('The agent writes a comment of at least 10 characters (optional).');
  });
});
