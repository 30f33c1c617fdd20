/**
 * The MCP door's KAIROS 4 words: `forward` and `reward` instead of `kairos_next` and
 * `kairos_attest`, layers, contracts and adapters instead of steps, challenges and protocols,
 * and every step named as `kairos://layer/<uuid>` (with `?execution_id=<run>` in a run). The
 * calls it prescribes are its own sentences; the rest is the shared template in these words.
 */
import { layerUriOfMemoryUri } from '../model/kairos-uri.js';
import type { Instruction } from '../model/run-answers.js';
import type { DoorRenderer } from './door-renderer.js';
import { type InstructedOperation, type RunNouns, wordingTemplate } from './wording-template.js';

const V4_TOOL_NAMES: Readonly<Record<InstructedOperation, string>> = {
  search: 'activate',
  begin: 'forward',
  next: 'forward',
  attest: 'reward',
  updateMemories: 'tune',
  // KAIROS 4 has no tool for it: a person answers on the live page, or the v3 tool relays it.
  answerPrompt: 'kairos_answer_prompt',
};

const KAIROS_4_NOUNS: RunNouns = {
  step: 'layer',
  steps: 'layers',
  Step: 'Layer',
  challenge: 'contract',
  protocol: 'adapter',
  Protocol: 'Adapter',
};

/** A step as KAIROS 4 names it: its layer, in the run when there is one. */
const layer = (uri: string, runId: string | null): string => layerUriOfMemoryUri(uri, runId);

const template = wordingTemplate({
  door: 'MCP_V4',
  nouns: KAIROS_4_NOUNS,
  stepUri: layer,
  operation: (name) => V4_TOOL_NAMES[name],
  field: (path) => path.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/^challenge\b/, 'contract'),
  challengeType: (type) => type.toLowerCase(),
});

function nextAction(instruction: Instruction): string {
  switch (instruction.kind) {
    case 'CALL_NEXT':
      return `call forward with ${layer(instruction.uri, instruction.runId)} and a solution matching contract (echo contract.nonce and contract.proof_hash)`;
    case 'CALL_ATTEST':
      return `call reward with ${layer(instruction.uri, instruction.runId)} and outcome (success or failure) to finish the adapter`;
    case 'RETRY_NEXT':
      return `retry forward with ${layer(instruction.uri, instruction.runId)} -- use nonce and proof_hash from THIS response's contract`;
    case 'RECOVERY_OPTIONS':
      return (
        `Options: (1) call tune with ${layer(instruction.uri, null)} to fix the layer for future runs ` +
        `(2) call reward with ${layer(instruction.uri, instruction.runId)} and outcome failure to abort (3) ask the user for help`
      );
    default:
      return template.nextAction(instruction);
  }
}

export const mcpV4Renderer: DoorRenderer = { ...template, nextAction };
