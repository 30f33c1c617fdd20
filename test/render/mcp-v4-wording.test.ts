/** The KAIROS 4 tools' words for every outcome: forward/reward/layer/contract, layer URIs carrying the run, never a v3 tool name. */
import { describe, expect, it } from 'vitest';
import { mcpV4Renderer } from '../../src/render/mcp-v4-renderer.js';
import { OUTCOMES, type OutcomeName, word } from './outcomes.js';

const LAYER = 'kairos://layer/00000000-0000-4000-8000-00000000000a';
const LAYER_IN_RUN = `${LAYER}?execution_id=r1`;

const PINNED: Partial<Record<OutcomeName, string>> = {
  callNext: `call forward with ${LAYER_IN_RUN} and a solution matching contract (echo contract.nonce and contract.proof_hash)`,
  callAttest: `call reward with ${LAYER_IN_RUN} and outcome (success or failure) to finish the adapter`,
  retryNext: `retry forward with ${LAYER_IN_RUN} -- use nonce and proof_hash from THIS response's contract`,
  recoveryOptions: `Options: (1) call tune with ${LAYER} to fix the layer for future runs (2) call reward with ${LAYER_IN_RUN} and outcome failure to abort (3) ask the user for help`,
  beginAgain: `call forward with ${LAYER} to start a new run`,
  proveComment: `call forward with ${LAYER_IN_RUN} and solution.comment.text (min 40 chars).`,
  stepsComplete: 'Adapter layers complete. Call reward to finalize.',
  runNotFound: 'Run r1 not found. Call forward to start a run.',
};

describe('KAIROS 4 words', () => {
  it.each(Object.keys(OUTCOMES) as OutcomeName[])('%s has no v3 tool name and no memory URI', (name) => {
    const text = word(mcpV4Renderer, OUTCOMES[name]);
    expect(text).not.toMatch(/kairos_(next|attest|begin|search|update)\b/);
    expect(text).not.toContain('kairos://mem/');
    const pinned = PINNED[name];
    if (pinned) expect(text).toBe(pinned);
  });
});
