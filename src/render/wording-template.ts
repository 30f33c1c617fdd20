/**
 * The run and search sentences (reference §4.1, §4.4, §5.4–§5.8, §6.4) as one template every
 * door fills with its own words: GraphQL names its mutations and camelCase fields (`call next
 * with …`, `userInput.confirmation`), MCP v3 its tool names and snake_case fields (`call
 * kairos_next with …`), exactly as the seed examples show; KAIROS 4 its tools and nouns (layer,
 * contract, adapter) and its URI form (`kairos://layer/<uuid>?execution_id=<run>`). A door
 * whose sentences differ for some answers words those itself and asks the template for the rest.
 */
import type { ChallengeType, TensorOutputSpec } from '../protocol/challenge.js';
import { CHALLENGE_TYPES } from '../protocol/challenge.js';
import type { ChallengeView, FieldRequirement, Instruction, MissingProof, RunNotice, SolutionRefusal } from '../model/run-answers.js';
import type { SearchChoice, SearchSummary } from '../search/search-choices.js';
import type { WriteNotice } from '../model/write-notices.js';
import type { DoorRenderer } from './door-renderer.js';

/** An operation an instruction tells the caller to call. */
export type InstructedOperation = 'search' | 'begin' | 'next' | 'attest' | 'updateMemories' | 'answerPrompt';

/** The nouns a door's sentences use for the rules' things. */
export interface RunNouns {
  step: string;
  steps: string;
  Step: string;
  challenge: string;
  protocol: string;
  Protocol: string;
}

export const KAIROS_3_NOUNS: RunNouns = {
  step: 'step',
  steps: 'steps',
  Step: 'Step',
  challenge: 'challenge',
  protocol: 'protocol',
  Protocol: 'Protocol',
};

export interface DoorWords {
  door: string;
  nouns: RunNouns;
  /** How the door names a step the rules name by its `kairos://mem/` URI, in a run or not. */
  stepUri(uri: string, runId: string | null): string;
  operation(name: InstructedOperation): string;
  /** A field path written in this API's camelCase, e.g. `userInput.confirmation`. */
  field(path: string): string;
  /** A challenge type as the caller sends it in `solution.type`. */
  challengeType(type: ChallengeType): string;
}

const DEFAULT_MCP_TOOL_LABEL = 'No tool specified';

export function wordingTemplate(names: DoorWords): DoorRenderer {
  const op = names.operation;
  const field = names.field;
  const n = names.nouns;
  const inRun = (instruction: { uri: string; runId: string }) => names.stepUri(instruction.uri, instruction.runId);

  function nextAction(instruction: Instruction): string {
    switch (instruction.kind) {
      case 'CALL_NEXT':
        return `call ${op('next')} with ${inRun(instruction)} and solution matching ${n.challenge}`;
      case 'CALL_ATTEST':
        return `call ${op('attest')} with ${inRun(instruction)} and outcome (success or failure) and message to complete the ${n.protocol}`;
      case 'AWAIT_HUMAN':
        return awaitHuman(inRun(instruction), instruction.promptId, instruction.prompt);
      case 'RETRY_NEXT':
        return `retry ${op('next')} with ${inRun(instruction)} -- use nonce and ${field('proofHash')} from THIS response's ${n.challenge}`;
      case 'RECOVERY_OPTIONS':
        return (
          `Options: (1) call ${op('updateMemories')} with ${names.stepUri(instruction.uri, null)} to fix the ${n.step} for future executions ` +
          `(2) call ${op('attest')} with ${inRun(instruction)} and outcome failure to abort (3) ask the user for help`
        );
      case 'PROVE_MISSING':
        return proveMissing(inRun(instruction), instruction.proof);
      case 'BEGIN_AGAIN':
        return `call ${op('begin')} with ${names.stepUri(instruction.uri, null)} to start a new run`;
      case 'RUN_FINISHED':
        return 'run complete -- report the outcome to the user';
      case 'TEXT':
        return instruction.text;
    }
  }

  function awaitHuman(uri: string, promptId: string, prompt: string): string {
    return `ask the user to answer prompt ${promptId} ("${prompt}") through ${op('answerPrompt')}, then call ${op('next')} with ${uri} without a solution`;
  }

  function proveMissing(uri: string, proof: MissingProof): string {
    const next = op('next');
    switch (proof.type) {
      case 'SHELL':
        return `Run \`${proof.invocation}\`, then call ${next} with ${uri} and solution.shell matching that ${n.step}'s ${n.challenge}.`;
      case 'USER_INPUT':
        return `Ask the user: "${missingPrompt(proof.prompt, n)}" then call ${next} with ${uri} and solution.${field('userInput.confirmation')} set to their reply.`;
      case 'HUMAN':
        return awaitHuman(uri, proof.promptId, missingPrompt(proof.prompt, n));
      case 'MCP':
        return `Call ${missingTool(proof.toolName)}, then call ${next} with ${uri} and solution.mcp with the real result.`;
      case 'COMMENT':
        return `call ${next} with ${uri} and solution.comment.text (min ${proof.minLength} chars).`;
      case 'TENSOR':
        return `Compute "${proof.name}", then call ${next} with ${uri} and solution.tensor {name: "${proof.name}", value}.`;
    }
  }

  function missingProofMessage(stepUri: string, label: string | null, proof: MissingProof): string {
    const next = op('next');
    const uri = names.stepUri(stepUri, null);
    const head = `Proof of work missing for ${label?.trim() || `the pending ${n.step}`}.`;
    switch (proof.type) {
      case 'SHELL':
        return `${head} Run: ${proof.invocation} (see ${n.challenge}.shell.workdir if set). Capture real ${field('exitCode')}/stdout/stderr before continuing.`;
      case 'USER_INPUT':
        return `${head} For user_input you must obtain the user's actual reply — do not infer or invent. Submit that proof by calling ${next} with ${uri} and solution.${field('userInput.confirmation')}.`;
      case 'HUMAN':
        return `${head} Only the user can answer this ${n.step}: show them the prompt; their reply arrives through ${op('answerPrompt')} (${field('promptId')} ${proof.promptId}).`;
      case 'MCP':
        return `${head} Submit that proof by calling ${next} with ${uri} and solution.mcp. Call the MCP tool "${missingTool(proof.toolName)}" and report its real result; do not fabricate.`;
      case 'COMMENT':
        return `${head} Submit that proof by calling ${next} with ${uri} and solution.comment.text (min ${proof.minLength} chars). Write a genuine summary of what was done; do not paste unrelated text.`;
      case 'TENSOR':
        return `${head} Submit that proof by calling ${next} with ${uri} and solution.tensor: the value "${proof.name}" you computed.`;
    }
  }

  function refusal(refused: SolutionRefusal): string {
    switch (refused.reason) {
      case 'UNKNOWN_TYPE':
        return `solution.type must be one of ${CHALLENGE_TYPES.map((type) => names.challengeType(type)).join(', ')}.`;
      case 'NONCE_MISSING':
        return `Include nonce in solution (use ${n.challenge}.nonce).`;
      case 'NONCE_MISMATCH':
        return `Nonce mismatch. Use the nonce from this response's ${n.challenge}.`;
      case 'PROOF_HASH_MISSING':
        return `Include ${field('proofHash')} in solution (use ${n.challenge}.${field('proofHash')}).`;
      case 'PROOF_HASH_MISMATCH':
        return `${field('proofHash')} mismatch. Use ${field('proofHash')} from the previous response or ${n.challenge}.`;
      case 'TYPE_MISMATCH':
        return `Expected proof type: ${names.challengeType(refused.expected)}, got: ${names.challengeType(refused.given)}`;
      case 'HUMAN_CONFIRMATION_REQUIRED':
        return `This ${n.step} needs the user's own confirmation through ${op('answerPrompt')}; an agent cannot supply it.`;
      case 'EVIDENCE_MISSING':
        return evidenceMissing(refused.type);
      case 'MCP_TOOL_NAME_MISSING':
        return `MCP proof requires ${field('mcp.toolName')}`;
      case 'INVALID_FIELD':
        return `${field(refused.field)} ${requirement(refused.requirement)}`;
      case 'TOOL_MISMATCH':
        return `Expected MCP tool: ${refused.expected}, got: ${refused.given}`;
      case 'COMMENT_TOO_SHORT':
        return `Comment must be at least ${refused.minLength} characters`;
      case 'PROOF_FAILED':
        return 'Proof of work failed. Fix and retry.';
      case 'USER_DECLINED':
        return 'User declined confirmation.';
    }
  }

  function evidenceMissing(type: ChallengeType): string {
    switch (type) {
      case 'SHELL':
        return `Shell proof requires shell field with ${field('exitCode')}`;
      case 'MCP':
        return 'MCP proof requires mcp field';
      case 'USER_INPUT':
        return `User input proof requires ${field('userInput.confirmation')}`;
      case 'COMMENT':
        return 'Comment proof requires comment.text';
      case 'TENSOR':
        return 'A tensor solution needs tensor.name and tensor.value (a number or an array of numbers).';
    }
  }

  function notice(said: RunNotice): string {
    switch (said.kind) {
      case 'STEPS_COMPLETE':
        return `${n.Protocol} ${n.steps} complete. Call ${op('attest')} to finalize.`;
      case 'SINGLE_STEP':
        return `Single-${n.step} ${n.protocol}. Call ${op('attest')} to finalize.`;
      case 'REDIRECTED_TO_FIRST_STEP':
        return `Redirected to ${n.step} 1 of this ${n.protocol} chain.`;
      case 'ALREADY_SETTLED':
        return `That ${n.step} is already settled in this run. The pending ${n.step} is shown; nothing was recorded.`;
      case 'STEP_NOT_IN_RUN':
        return `${names.stepUri(said.uri, null)} is not a ${n.step} of this run's ${n.protocol}.`;
      case 'RUN_NOT_FOUND':
        return `Run ${said.runId} not found. Call ${op('begin')} to start a run.`;
      case 'CONDITION_FALSE':
        return `The condition of ${n.step} ${said.stepIndex} (${said.condition}) is false, so it was passed over without a proof.`;
      case 'RUN_CLOSED':
        return `Run ${said.runId} is already closed. Call ${op('begin')} to start a new run.`;
      case 'MAX_RETRIES':
        return `${n.Step} failed ${said.retryCount} times. Use your judgment to recover.`;
      case 'MISSING_PROOF':
        return missingProofMessage(said.uri, said.label, said.proof);
      case 'SOLUTION_REFUSED':
        return refusal(said.refusal);
      case 'INCOMPLETE_RUN':
        return `Cannot attest success: ${n.step} ${said.stepIndex} of ${said.stepCount} has no accepted proof yet. Prove it with ${op('next')}, or ${op('attest')} with outcome failure.`;
      case 'NONCE_REUSED':
        return `This nonce already settled ${n.step} ${said.stepIndex} with a different solution; nothing was stored. Resubmit that same solution, or prove the pending ${n.step} with its own nonce.`;
      case 'TEXT':
        return said.text;
    }
  }

  function challengeDescription(challenge: ChallengeView): string {
    if (challenge.description.kind === 'TEXT') return challenge.description.text;
    if (challenge.description.kind === 'DEFAULT_COMMENT') {
      return `Provide a verification comment describing how you completed this ${n.step}. Write a genuine summary; do not paste unrelated text.`;
    }
    switch (challenge.type) {
      case 'SHELL': {
        const shell = challenge.shell!;
        let text =
          `Shell ${n.challenge} (timeout ${shell.timeoutSeconds}s): run exactly: ${shell.invocationDisplay}. ` +
          `Capture stdout and stderr (do not suppress stderr); ${field('exitCode')} 0 = pass. ` +
          `Report real ${field('exitCode')}/stdout/stderr; do not fabricate.`;
        if (shell.interpreter) {
          text += ` Before running, ensure the interpreter is on PATH (e.g. \`which ${shell.interpreter}\`); if not found, fail with a clear local error.`;
        }
        if (shell.workdir) {
          text += ` Use workdir "${shell.workdir}" as the process working directory after expanding env vars (e.g. $KAIROS_WORK_DIR); if it does not exist, is not a directory, or a required variable is unset, fail with a clear local error.`;
        }
        return text;
      }
      case 'MCP':
        return `Call MCP tool: ${challenge.mcp?.toolName || DEFAULT_MCP_TOOL_LABEL}. You MUST actually call this tool and report its real result; do not fabricate.`;
      case 'USER_INPUT': {
        const prompt = challenge.userInput?.prompt;
        if (challenge.userInput?.requireHuman) {
          return `User confirmation: ${prompt}. Only the user can answer this: show them the prompt; their reply arrives through ${op('answerPrompt')} (${field('promptId')} ${challenge.promptId ?? 'pending'}). Do not submit ${field('userInput.confirmation')} yourself.`;
        }
        return `User confirmation: ${prompt}. You MUST show this prompt to the user and use only their reply as ${field('userInput.confirmation')}; do not assume or invent it.`;
      }
      case 'COMMENT':
        return `Provide a verification comment (minimum ${challenge.comment?.minLength} characters) that genuinely summarises what was done in this ${n.step}; do not paste unrelated text.`;
      case 'TENSOR': {
        const name = challenge.tensor?.name ?? '';
        const output = challenge.tensor?.output;
        if (output) {
          const inputs = challenge.tensor?.requiredInputs ?? [];
          const reading =
            inputs.length > 0
              ? ` from the earlier outputs ${inputs.map((input) => `"${input}"`).join(', ')} (their values come with this ${n.step})`
              : '';
          return `Produce the value "${name}"${reading}, of type ${output.type}${tensorBounds(output)}, and report it as tensor.value with tensor.name "${name}"; compute it, do not invent it.`;
        }
        const shape = challenge.tensor?.shape;
        const form = !shape
          ? 'a number or an array of numbers'
          : shape.length === 0
            ? 'a single number'
            : `numbers in shape [${shape.join(', ')}]`;
        return `Report the value "${name}" as tensor.value (${form}) with tensor.name "${name}"; compute it, do not invent it.`;
      }
    }
  }

  function searchSummary(summary: SearchSummary): { message: string; nextAction: string } {
    const pickOne = `Pick one choice and follow that choice's ${field('nextAction')}.`;
    switch (summary.kind) {
      case 'NO_MATCH':
        return { message: `No existing ${n.protocol} matched your query. Refine your search or create a new one.`, nextAction: pickOne };
      case 'ONE_MATCH':
        return { message: 'Found 1 match.', nextAction: `Follow the choice's ${field('nextAction')}.` };
      case 'MATCHES':
        return {
          message: `Found ${summary.count} matches (top confidence: ${Math.round(summary.topScore * 100)}%). Choose one, refine your search, or create a new ${n.protocol}.`,
          nextAction: pickOne,
        };
    }
  }

  function searchChoice(choice: SearchChoice): { chainLabel: string; nextAction: string } {
    switch (choice.role) {
      case 'MATCH':
        return {
          chainLabel: choice.chainLabel,
          nextAction: `call ${op('begin')} with ${names.stepUri(choice.uri, null)} to execute this ${n.protocol}`,
        };
      case 'REFINE':
        return {
          chainLabel: `Run protocol to turn vague user request into a better ${op('search')} query`,
          nextAction: `call ${op('begin')} with ${names.stepUri(choice.uri, null)} to get ${n.step}-by-${n.step} help turning the user's request into a better search query`,
        };
      case 'CREATE':
        return {
          chainLabel: choice.chainLabel,
          nextAction: `call ${op('begin')} with ${names.stepUri(choice.uri, null)} to create a new ${n.protocol}`,
        };
    }
  }

  function writeNotice(said: WriteNotice): string {
    switch (said.code) {
      case 'CONTRACT_KEYS_NOT_READ': {
        const keys = said.keys.map(({ path, readThere }) => `"${path}" (read there: ${readThere.join(', ')})`);
        const one = said.keys.length === 1;
        return (
          `${n.Step} ${names.stepUri(said.uri, null)}: its ${n.challenge} has ${one ? 'a key' : 'keys'} this server does not read, kept as written: ${keys.join('; ')}. ` +
          `If ${one ? 'it is' : 'one is'} a typo, fix it with ${op('updateMemories')}: until then the ${n.step} behaves as if ${one ? 'it were' : 'they were'} absent.`
        );
      }
    }
  }

  return { door: names.door, notice, nextAction, challengeDescription, searchSummary, searchChoice, stepUri: names.stepUri, writeNotice };
}

function requirement(required: FieldRequirement): string {
  switch (required.rule) {
    case 'INTEGER':
      return 'must be an integer';
    case 'STRING':
      return 'must be a string';
    case 'BOOLEAN':
      return 'must be true or false';
    case 'DURATION':
      return 'must be a finite number of seconds, 0 or more';
    case 'ISO_DATE_TIME':
      return 'must be an ISO 8601 date-time';
    case 'MAX_BYTES':
      return `must be at most ${required.bytes} bytes`;
    case 'MAX_JSON_BYTES':
      return `must be at most ${required.bytes} bytes of JSON`;
    case 'PLAIN_JSON':
      return `must be plain JSON (${required.problem})`;
    case 'EQUALS':
      return `must be "${required.expected}"`;
    case 'TENSOR_VALUE':
      return required.shape
        ? `must be finite numbers in shape [${required.shape.join(', ')}] (at most ${required.maxValues})`
        : `must be a finite number or a flat array of finite numbers (at most ${required.maxValues})`;
    case 'TENSOR_OUTPUT':
      return `must be of type ${required.output.type}${tensorBounds(required.output)}`;
    case 'MAX_RUN_TENSOR_BYTES':
      return `must fit the run's tensor values in ${required.bytes} bytes of JSON (${required.held} held already): send a smaller value`;
    case 'CONTAINS_JSON':
      return `must contain the contract's arguments ${JSON.stringify(required.expected)}`;
  }
}

function tensorBounds(output: TensorOutputSpec): string {
  const bounds = [
    output.minLength !== undefined && `at least ${output.minLength} characters`,
    output.maxLength !== undefined && `at most ${output.maxLength} characters`,
    output.minItems !== undefined && `at least ${output.minItems} items`,
    output.maxItems !== undefined && `at most ${output.maxItems} items`,
  ].filter(Boolean);
  return bounds.length > 0 ? ` (${bounds.join(', ')})` : '';
}

function missingPrompt(prompt: string | null, n: RunNouns): string {
  return prompt?.trim() || `Confirm (see ${n.step} content).`;
}

function missingTool(toolName: string | null): string {
  return toolName?.trim() || 'the required tool';
}
