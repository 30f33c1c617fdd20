/**
 * A step's challenge (proof-of-work definition) as stored in MongoDB and used by services.
 * Authored markdown uses the reference's snake_case JSON (`timeout_seconds`, `tool_name`,
 * `user_input`, `min_length`); the mapping to these camelCase fields is one-to-one and lives
 * in `challenge-json.ts` only.
 */
export const CHALLENGE_TYPES = ['SHELL', 'MCP', 'USER_INPUT', 'COMMENT', 'TENSOR'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

export interface ShellChallenge {
  cmd: string;
  timeoutSeconds: number;
  interpreter?: string;
  flags?: string[];
  args?: string[];
  workdir?: string;
}

export interface McpChallenge {
  toolName: string;
  expectedResult?: unknown;
  /** KAIROS 4: a solution's arguments must contain these (deep subset). */
  arguments?: unknown;
}

export interface UserInputChallenge {
  prompt?: string;
  /** When true only a person (answerPrompt) can satisfy the challenge. */
  requireHuman?: boolean;
}

export interface CommentChallenge {
  minLength?: number;
}

/**
 * A named value the agent reports (KAIROS 4 `tensor`). Our own form gives `name` and maybe
 * `shape` (a number or arrays of numbers); KAIROS's gives `output` (the value's type and bounds)
 * and `requiredInputs`, the names of earlier tensor outputs the layer reads.
 */
export interface TensorChallenge {
  name: string;
  /** Dimensions the value must have: [] a single number, [3] three numbers, [2, 3] two rows of three. */
  shape?: number[];
  /** KAIROS 4: the earlier tensor outputs (by name) this layer is shown as its inputs. */
  requiredInputs?: string[];
  /** KAIROS 4: the value's declared type and bounds; absent in our own form (numbers). */
  output?: TensorOutputSpec;
  /** KAIROS 4: kept and shown as written; neither server gives it a meaning. */
  merge?: string;
  /** KAIROS 4: `<input> contains '<text>'`; when false on the solution, the step is passed over. */
  condition?: string;
}

/** KAIROS 4's `tensor.output` (its `name` is `TensorChallenge.name`). */
export interface TensorOutputSpec {
  /** Free text in KAIROS; `string`, `string[]`, `number`, `number[]`, `boolean` and `object` are checked. */
  type: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/**
 * A tensor contract's output in KAIROS's words: as declared, or, for our own form, the numbers
 * its shape asks for (`number`, `number[]`, `number[][]`, …; `number | number[]` without one).
 */
export function tensorOutputOf(
  tensor: Pick<TensorChallenge, 'name' | 'output'> & { shape?: number[] | null },
): TensorOutputSpec & { name: string } {
  if (tensor.output) return { name: tensor.name, ...tensor.output };
  const shape = tensor.shape;
  const type = shape === undefined || shape === null ? 'number | number[]' : `number${'[]'.repeat(shape.length)}`;
  return { name: tensor.name, type };
}

export interface Challenge {
  type: ChallengeType;
  required: boolean;
  shell?: ShellChallenge;
  mcp?: McpChallenge;
  userInput?: UserInputChallenge;
  comment?: CommentChallenge;
  tensor?: TensorChallenge;
  /**
   * The authored keys the reader does not read, at their places, as JSON text (e.g.
   * `{"user_input":{"requred_human":true}}`): kept as KAIROS 4 keeps any key, written back when
   * the contract is rendered (challenge-json.ts `unreadContractKeys` names them).
   */
  unreadJson?: string;
}
