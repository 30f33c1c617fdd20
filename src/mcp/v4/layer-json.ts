import type { V4LayerPayloadFragment } from '../../generated/graphql.js';
import { type Json, present } from '../json-case.js';
import { spaceName } from './activation.js';

/** The layer's contract as KAIROS 4 shows it. */
function contractJson(payload: V4LayerPayloadFragment): Json | null {
  const challenge = payload.challenge;
  // Only a run whose next call is reward has every layer settled (not one refused as RUN_NOT_FOUND or RUN_CLOSED).
  if (!challenge)
    return payload.nextCall.operation === 'ATTEST'
      ? { type: 'comment', required: false, description: 'Every layer is settled: call reward.' }
      : null;
  return present({
    type: challenge.type.toLowerCase(),
    required: challenge.required,
    description: challenge.description,
    nonce: challenge.nonce,
    proof_hash: challenge.proofHash,
    shell: challenge.shell ? present({ cmd: challenge.shell.cmd, timeout_seconds: challenge.shell.timeoutSeconds }) : null,
    mcp: challenge.mcp
      ? present({ tool_name: challenge.mcp.toolName, arguments: challenge.mcp.arguments, expected_result: challenge.mcp.expectedResult })
      : null,
    user_input: challenge.userInput ? present({ prompt: challenge.userInput.prompt }) : null,
    comment: challenge.comment ? present({ min_length: challenge.comment.minLength }) : null,
    tensor: challenge.tensor ? tensorContractJson(challenge.tensor) : null,
  });
}

/**
 * A tensor contract as KAIROS 4 shows it (`required_inputs`, `output`, `merge`, `condition`),
 * with our own `name` and `shape` beside them; a contract written in our form shows its numbers
 * as the output's type.
 */
function tensorContractJson(tensor: NonNullable<NonNullable<V4LayerPayloadFragment['challenge']>['tensor']>): Json {
  const output = tensor.output;
  return present({
    required_inputs: [...tensor.requiredInputs],
    output: present({
      name: tensor.name,
      type: output.type,
      min_length: output.minLength,
      max_length: output.maxLength,
      min_items: output.minItems,
      max_items: output.maxItems,
    }),
    merge: tensor.merge,
    condition: tensor.condition,
    name: tensor.name,
    shape: tensor.shape,
  });
}

/**
 * The solution to send for a contract, KAIROS 4's `next_call.args.solution_template`: the type,
 * outcome success, and the evidence keys to fill. An mcp contract's tool and arguments are filled
 * in already, so a chain-link layer (tool `forward`) can be proven from the answer alone.
 */
function solutionTemplate(contract: Json): Json {
  const type = String(contract.type);
  const mcp = (contract.mcp ?? {}) as Json;
  const tensor = (contract.tensor ?? {}) as Json;
  const output = (tensor.output ?? {}) as Json;
  const evidence: Record<string, Json> = {
    comment: { text: '' },
    shell: { exit_code: 0 },
    mcp: { tool_name: mcp.tool_name ?? '', arguments: mcp.arguments ?? {}, response: {} },
    user_input: { confirmation: '' },
    tensor: { name: output.name ?? tensor.name ?? '', value: null },
  };
  return { type, outcome: 'success', evidence: evidence[type] ?? {} };
}

/**
 * The answer of `forward`: the layer, its contract, and the next call to make. The payload's
 * URIs are layer URIs already: the KAIROS 4 renderer names the steps when it renders the answer.
 */
export function forwardJson(payload: V4LayerPayloadFragment, localArtifactDirs: readonly string[]): Json {
  const executionId = payload.runId;
  const step = payload.currentStep;
  const nextCall = payload.nextCall;
  const reward = nextCall.operation === 'ATTEST';
  // Retries exhausted: KAIROS 4 still names the same layer as the next call, with must_obey false
  // (the agent chooses between it and the options next_action lists); ours prescribes none.
  const retryAfterExhausted = nextCall.operation === 'NONE' && payload.errorCode === 'MAX_RETRIES_EXCEEDED';
  // forward names the layer being proven (today's `next` takes it as well as the one after it); reward names the run's last layer.
  const nextUri = (reward ? (nextCall.uri ?? step?.uri) : (step?.uri ?? nextCall.uri)) ?? null;
  const contract = contractJson(payload);
  const tensorIn = payload.challenge?.tensorIn as Json | null | undefined;
  return present({
    must_obey: payload.mustObey,
    current_layer: step ? { uri: step.uri, content: step.content, mimeType: step.mimeType } : null,
    contract,
    tensor_in: tensorIn && Object.keys(tensorIn).length > 0 ? tensorIn : null,
    next_action: payload.nextAction,
    next_call:
      nextUri && (reward || nextCall.operation === 'NEXT' || retryAfterExhausted)
        ? reward
          ? { kind: 'reward', args: { uri: nextUri, outcome_template: { outcome: 'success' } } }
          : { kind: 'forward', args: { uri: nextUri, solution_template: solutionTemplate(contract ?? { type: 'comment' }) } }
        : null,
    proof_hash: payload.proofHash ?? payload.challenge?.proofHash ?? null,
    execution_id: executionId,
    message: payload.message,
    error_code: payload.errorCode,
    retry_count: payload.retryCount,
    adapter_layer_index: step?.stepIndex ?? null,
    adapter_layer_count: step?.stepCount ?? null,
    current_layer_label: step?.label ?? null,
    context_adapter_name: step?.protocolLabel ?? null,
    activation_space_name: step?.space ? spaceName(step.space) : null,
    kairos_local_artifact_dir: step ? [...localArtifactDirs] : null,
    slug_disambiguation_note: step?.slugChoice ? slugNote(step.slugChoice) : null,
  });
}

type SlugChoice = NonNullable<NonNullable<V4LayerPayloadFragment['currentStep']>['slugChoice']>;

/** Which adapter a slug found in several spaces started, and how to name each without ambiguity. */
function slugNote(choice: SlugChoice): string {
  const named = (candidate: SlugChoice['chosen']) => `kairos://adapter/${candidate.chainId} (${spaceName(candidate.space)})`;
  const others = choice.candidates.filter(
    (candidate) => candidate.chainId !== choice.chosen.chainId || candidate.space !== choice.chosen.space,
  );
  return (
    `The slug "${choice.key}" names ${choice.candidates.length} adapters in your spaces; this run follows ${named(choice.chosen)}, ` +
    `the one in your default space. The other${others.length === 1 ? '' : 's'}: ${others.map(named).join(', ')}. ` +
    'Start forward with one of these adapter URIs to choose without ambiguity.'
  );
}

/** A forward solution: the unified envelope, or one of the older per-type shapes. */
export interface V4Solution {
  type: string;
  outcome?: 'success' | 'failure' | 'skipped';
  evidence?: Json;
  nonce?: string;
  proof_hash?: string;
  shell?: Json;
  mcp?: Json;
  user_input?: Json;
  comment?: Json | string;
  tensor?: Json;
  text?: string;
  trace?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/**
 * The envelope as today's `next` takes it (`SolutionInput`): evidence keys as KAIROS 4 names them
 * (shell exit_code/stdout/stderr; mcp tool_name/arguments/response; comment text; user_input
 * confirmation; tensor name/value). The older shapes put the same keys under the type's own field
 * (mcp `result` for `response`).
 */
export function solutionInputOf(solution: V4Solution): Json {
  const type = solution.type.toLowerCase();
  const older =
    type === 'comment' && typeof solution.comment === 'string'
      ? { text: solution.comment }
      : (solution[type as 'shell'] as Json | undefined);
  const evidence: Json = {
    ...(older ?? {}),
    ...(solution.evidence ?? {}),
    ...(type === 'comment' && solution.text ? { text: solution.text } : {}),
  };
  const base = { type: type.toUpperCase(), nonce: solution.nonce, proofHash: solution.proof_hash, trace: solution.trace };
  switch (type) {
    case 'shell':
      return present({
        ...base,
        shell: present({
          exitCode: number(evidence.exit_code),
          stdout: text(evidence.stdout),
          stderr: text(evidence.stderr),
          durationSeconds: number(evidence.duration_seconds),
        }),
      });
    case 'mcp':
      return present({
        ...base,
        mcp: present({
          toolName: text(evidence.tool_name),
          arguments: evidence.arguments,
          result: evidence.response ?? evidence.result,
          success: typeof evidence.success === 'boolean' ? evidence.success : solution.outcome !== 'failure',
        }),
      });
    case 'user_input':
      return present({ ...base, userInput: present({ confirmation: text(evidence.confirmation), timestamp: text(evidence.timestamp) }) });
    case 'comment':
      return present({ ...base, comment: present({ text: text(evidence.text) }) });
    case 'tensor':
      return present({ ...base, tensor: present({ name: text(evidence.name), value: evidence.value }) });
    default:
      return base;
  }
}
