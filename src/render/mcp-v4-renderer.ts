/**
 * The MCP door's KAIROS 4 words, for the tools of issue 24: `forward` and `reward` instead of
 * `kairos_next` and `kairos_attest`, layers and contracts instead of steps and challenges, and
 * every URI an instruction names as `kairos://layer/<uuid>?execution_id=<run>`. Notices and
 * contract descriptions are the v3 sentences with these names, then put in layer words.
 */
import type { Instruction, RunNotice } from '../model/run-answers.js';
import type { DoorRenderer } from './door-renderer.js';
import { type InstructedOperation, kairosV3Renderer } from './kairos-v3-wording.js';

const V4_TOOL_NAMES: Readonly<Record<InstructedOperation, string>> = {
  search: 'activate',
  begin: 'forward',
  next: 'forward',
  attest: 'reward',
  updateMemories: 'tune',
  // KAIROS 4 has no tool for it: a person answers on the live page, or the v3 tool relays it.
  answerPrompt: 'kairos_answer_prompt',
};

const v3Template = kairosV3Renderer({
  door: 'MCP_V4',
  operation: (name) => V4_TOOL_NAMES[name],
  field: (path) => path.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/^challenge\b/, 'contract'),
  challengeType: (type) => type.toLowerCase(),
});

const MEMORY_URI = /kairos:\/\/mem\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/** A layer URI for a step URI, carrying the run when there is one. */
function layer(uri: string, runId: string | null): string {
  return uri.replace(MEMORY_URI, (_match, id: string) => (runId ? `kairos://layer/${id}?execution_id=${runId}` : `kairos://layer/${id}`));
}

/** v3 sentences in layer words. */
export function inLayerWords(text: string, runId: string | null = null): string {
  return layer(text, runId)
    .replace(/\bsteps\b/g, 'layers')
    .replace(/\bstep\b/g, 'layer')
    .replace(/\bSteps\b/g, 'Layers')
    .replace(/\bStep\b/g, 'Layer')
    .replace(/\bchallenges\b/g, 'contracts')
    .replace(/\bchallenge\b/g, 'contract')
    .replace(/\bprotocol\b/g, 'adapter')
    .replace(/\bProtocol\b/g, 'Adapter')
    .replace(/\brun_id\b/g, 'execution_id');
}

function runOf(instruction: Instruction): string | null {
  return 'runId' in instruction ? instruction.runId : null;
}

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
    case 'BEGIN_AGAIN':
      return `call forward with ${layer(instruction.uri, null)} to start a new run`;
    case 'RUN_FINISHED':
      return 'run complete -- report the outcome to the user';
    default:
      return inLayerWords(v3Template.nextAction(instruction), runOf(instruction));
  }
}

function runIdOfNotice(notice: RunNotice): string | null {
  return 'runId' in notice ? notice.runId : null;
}

export const mcpV4Renderer: DoorRenderer = {
  door: 'MCP_V4',
  notice: (notice) => (notice.kind === 'TEXT' ? notice.text : inLayerWords(v3Template.notice(notice), runIdOfNotice(notice))),
  nextAction,
  challengeDescription: (challenge) => inLayerWords(v3Template.challengeDescription(challenge)),
  searchSummary: (summary) => {
    const words = v3Template.searchSummary(summary);
    return { message: inLayerWords(words.message), nextAction: inLayerWords(words.nextAction) };
  },
  searchChoice: (choice) => {
    const words = v3Template.searchChoice(choice);
    return { chainLabel: words.chainLabel, nextAction: inLayerWords(words.nextAction) };
  },
};
