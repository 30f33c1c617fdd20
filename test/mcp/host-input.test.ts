/** Pure parts of the MCP door: run resource URIs, and the answers a retried 2026-07-28 call carries. */
import { describe, expect, it } from 'vitest';
import { hostReplies, MAX_PROMPTS_PER_CALL } from '../../src/mcp/host-prompt.js';
import { parseRunUri } from '../../src/model/kairos-uri.js';
import { ELICITATION_REFUSALS } from '../../src/runs/user-decline.js';

describe('parseRunUri', () => {
  it('reads the run id and the sequence to replay after', () => {
    expect(parseRunUri('kairos://run/abc-123')).toEqual({ runId: 'abc-123', afterSeq: 0 });
    expect(parseRunUri('kairos://run/abc-123?after_seq=7')).toEqual({ runId: 'abc-123', afterSeq: 7 });
  });
  it('refuses what is not a run URI', () => {
    for (const uri of [
      'kairos://mem/abc',
      'kairos://run/',
      'kairos://run/../x',
      'kairos://run/a?after_seq=-1',
      'kairos://run/a?after_seq=1.5',
      `kairos://run/${'a'.repeat(129)}`,
    ]) {
      expect(parseRunUri(uri)).toBeNull();
    }
  });
});

describe('hostReplies', () => {
  it("keeps our keys' elicitation answers: the words, or the refusal for decline and cancel", () => {
    expect(
      hostReplies({
        'kairos_prompt:p1': { action: 'accept', content: { confirmation: 'approved' } },
        'kairos_prompt:p2': { action: 'decline' },
        'kairos_prompt:p3': { action: 'accept', content: { confirmation: '  ' } },
        'other:p4': { action: 'accept', content: { confirmation: 'approved' } },
        'kairos_prompt:': { action: 'accept', content: { confirmation: 'approved' } },
        'kairos_prompt:p5': { roots: [] },
      }),
    ).toEqual([
      { promptId: 'p1', reply: 'approved' },
      { promptId: 'p2', reply: ELICITATION_REFUSALS.declined },
      { promptId: 'p3', reply: ELICITATION_REFUSALS.cancelled },
    ]);
  });
  it(`takes at most ${MAX_PROMPTS_PER_CALL} answers and no over-long prompt id`, () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`kairos_prompt:p${index}`, { action: 'decline' }]));
    expect(hostReplies(many)).toHaveLength(MAX_PROMPTS_PER_CALL);
    expect(hostReplies({ [`kairos_prompt:${'x'.repeat(200)}`]: { action: 'decline' } })).toEqual([]);
  });
});
