import { builder } from '../builder.js';
import { shellInvocationDisplay } from '../runs/shell-invocation.js';
import { tensorOutputOf } from '../protocol/challenge.js';
import type { Challenge, ChallengeType, CommentChallenge, McpChallenge, ShellChallenge, TensorChallenge, TensorOutputSpec, UserInputChallenge } from '../protocol/challenge.js';
import type { TensorProof } from '../model/proof-record.js';

export const ChallengeTypeEnum = builder.enumType('ChallengeType', {
  description: 'How a step is proven.',
  values: {
    SHELL: { description: 'Run a command and report its exit code and output in `solution.shell`; exit code 0 proves the step.' },
    MCP: { description: 'Call an MCP tool and report its real result in `solution.mcp`; `success: true` proves the step.' },
    USER_INPUT: { description: "Ask the user and send their actual reply in `solution.userInput`, or let a person answer the prompt with `answerPrompt`; a decline fails a required step." },
    COMMENT: { description: 'Write a genuine comment of at least `minLength` characters in `solution.comment`.' },
    TENSOR: { description: 'Report a named value (of the type `TensorChallenge.output` declares, or numbers shaped as `TensorChallenge.shape` says) in `solution.tensor` (KAIROS 4 `tensor`).' },
  } as const satisfies Record<ChallengeType, { description: string }>,
});

/** A stored shell challenge, or the displayed one (defaults filled, invocation computed). */
type ShellChallengeShape = { [K in keyof ShellChallenge]: ShellChallenge[K] | null } & { cmd: string; timeoutSeconds: number; invocationDisplay?: string };

export const ShellChallengeRef = builder.objectRef<ShellChallengeShape>('ShellChallenge').implement({
  description: 'A command the agent runs itself (the server runs nothing), then reports with `ShellSolutionInput`.',
  fields: (t) => ({
    cmd: t.exposeString('cmd', { description: 'The command (or script, with an `interpreter`).' }),
    timeoutSeconds: t.exposeInt('timeoutSeconds', { description: 'How long the command may take, in seconds (default 30).' }),
    interpreter: t.exposeString('interpreter', { nullable: true, description: 'The program that runs `cmd` (e.g. python3, node, terraform); null: bash. `invocationDisplay` shows the whole command line.' }),
    flags: t.exposeStringList('flags', { nullable: true, description: 'Flags for the interpreter, before `cmd`.' }),
    args: t.exposeStringList('args', { nullable: true, description: 'Arguments after `cmd`.' }),
    workdir: t.exposeString('workdir', { nullable: true, description: 'The directory to run it in; null: the current one.' }),
    invocationDisplay: t.string({
      description: 'The command line as it would be run (interpreter, flags, args).',
      resolve: (shell) => shell.invocationDisplay ?? shellInvocationDisplay(shell as ShellChallenge),
    }),
  }),
});

export const McpChallengeRef = builder.objectRef<McpChallenge>('McpChallenge').implement({
  description: 'An MCP tool the agent calls itself, then reports with `McpSolutionInput`.',
  fields: (t) => ({
    toolName: t.exposeString('toolName', { description: 'The tool to call; `McpSolutionInput.toolName` must name it (else `TOOL_MISMATCH`).' }),
    expectedResult: t.field({ type: 'JSON', nullable: true, description: 'What the author expects back, for guidance; the server does not compare it.', resolve: (mcp) => mcp.expectedResult ?? null }),
    arguments: t.field({
      type: 'JSON',
      nullable: true,
      description: "Arguments the call must have used: `McpSolutionInput.arguments` must contain them (objects key by key, extra keys allowed; else `INVALID_FIELD`).",
      resolve: (mcp) => mcp.arguments ?? null,
    }),
  }),
});

export const UserInputChallengeRef = builder.objectRef<UserInputChallenge>('UserInputChallenge').implement({
  description: 'A question for the user. Their reply proves the step; never infer or invent it.',
  fields: (t) => ({
    prompt: t.exposeString('prompt', { nullable: true, description: 'The question to ask (in a run, "Confirm completion" when the author gave none).' }),
    requireHuman: t.boolean({
      description: 'True: only a person can satisfy it, through `answerPrompt` (an agent sending the reply gets `HUMAN_CONFIRMATION_REQUIRED`).',
      resolve: (input) => input.requireHuman ?? false,
    }),
  }),
});

export const CommentChallengeRef = builder.objectRef<CommentChallenge>('CommentChallenge').implement({
  description: 'A written comment proves the step.',
  fields: (t) => ({
    minLength: t.exposeInt('minLength', { nullable: true, description: 'The fewest characters accepted (shorter: `COMMENT_TOO_SHORT`); null means the default, 10.' }),
  }),
});

const TensorOutputRef = builder.objectRef<TensorOutputSpec & { name: string }>('TensorOutput').implement({
  description: "What a tensor contract's value must be (KAIROS 4 `tensor.output`).",
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The value\'s name (`TensorChallenge.name`).' }),
    type: t.exposeString('type', {
      description:
        'The declared type: "string", "number", "boolean", "object" and arrays of these ("string[]", …) are checked; any other type takes any JSON value. A contract written with `shape` shows the numbers it asks for ("number", "number[]", "number[][]", "number | number[]").',
    }),
    minLength: t.exposeInt('minLength', { nullable: true, description: 'A string value has at least this many characters.' }),
    maxLength: t.exposeInt('maxLength', { nullable: true, description: 'A string value has at most this many characters.' }),
    minItems: t.exposeInt('minItems', { nullable: true, description: 'An array value has at least this many items.' }),
    maxItems: t.exposeInt('maxItems', { nullable: true, description: 'An array value has at most this many items.' }),
  }),
});

type TensorChallengeShape = Pick<TensorChallenge, 'name'> & {
  shape?: number[] | null;
  requiredInputs?: string[];
  output?: TensorOutputSpec | null;
  merge?: string | null;
  condition?: string | null;
};

export const TensorChallengeRef = builder.objectRef<TensorChallengeShape>('TensorChallenge').implement({
  description: 'A named value the agent computes and reports (KAIROS 4 `tensor`).',
  fields: (t) => ({
    name: t.exposeString('name', { description: '`TensorSolutionInput.name` must be this (else `INVALID_FIELD`).' }),
    shape: t.exposeIntList('shape', { nullable: true, description: 'Dimensions of the value: [] one number, [3] three numbers, [2, 3] two rows of three; null: a number or a flat array of numbers.' }),
    requiredInputs: t.stringList({
      description: 'The earlier tensor outputs this contract reads, by name (KAIROS 4 `required_inputs`); a run shows their values in `StepChallenge.tensorIn`.',
      resolve: (tensor) => tensor.requiredInputs ?? [],
    }),
    output: t.field({
      type: TensorOutputRef,
      description: 'The value\'s type and bounds (KAIROS 4 `output`); a contract written with `shape` shows its numbers here.',
      resolve: (tensor) => tensorOutputOf({ name: tensor.name, output: tensor.output ?? undefined, shape: tensor.shape }),
    }),
    merge: t.string({ nullable: true, description: 'KAIROS 4 `merge`, as written (neither KAIROS nor this server gives it a meaning).', resolve: (tensor) => tensor.merge ?? null }),
    condition: t.string({
      nullable: true,
      description:
        "KAIROS 4 `condition`, as written. A condition of the form <input> contains '<text>' is tested on the required inputs when the solution arrives: when false the step is passed over without a proof (a condition in any other form holds).",
      resolve: (tensor) => tensor.condition ?? null,
    }),
  }),
});

export const TensorProofRef = builder.objectRef<TensorProof>('TensorProof').implement({
  description: 'A `TENSOR` proof: the value reported.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The value\'s name.' }),
    value: t.field({ type: 'JSON', description: 'A number or (nested) arrays of numbers; for a contract with a declared `output.type`, a JSON value of that type.', resolve: (proof) => proof.value }),
  }),
});

export const TensorSolutionInput = builder.inputType('TensorSolutionInput', {
  description: 'The proof of a `TENSOR` challenge: the named value, computed for real.',
  fields: (t) => ({
    name: t.string({ description: 'Required: `TensorChallenge.name`.' }),
    value: t.field({
      type: 'JSON',
      description:
        'Required: of the type `TensorChallenge.output` declares (at most 64 KiB of JSON); for a contract written with `shape`, a number or an array of numbers in that shape (at most 10,000 numbers).',
    }),
  }),
});

/** The stored proof-of-work definition of a step (reference §2.3), with the type's own fields. */
export const ChallengeRef = builder.objectRef<Challenge>('Challenge').implement({
  description: "A step's challenge as stored: how a run proves the step. A run shows it as `StepChallenge`, with the nonce and proofHash to echo.",
  fields: (t) => ({
    type: t.field({ type: ChallengeTypeEnum, description: 'How the step is proven.', resolve: (challenge) => challenge.type }),
    required: t.exposeBoolean('required', { description: 'True: a run does not move on until the proof passes.' }),
    shell: t.field({ type: ShellChallengeRef, nullable: true, description: 'For `SHELL`.', resolve: (challenge) => challenge.shell ?? null }),
    mcp: t.field({ type: McpChallengeRef, nullable: true, description: 'For `MCP`.', resolve: (challenge) => challenge.mcp ?? null }),
    userInput: t.field({ type: UserInputChallengeRef, nullable: true, description: 'For `USER_INPUT`.', resolve: (challenge) => challenge.userInput ?? null }),
    comment: t.field({ type: CommentChallengeRef, nullable: true, description: 'For `COMMENT`.', resolve: (challenge) => challenge.comment ?? null }),
    tensor: t.field({ type: TensorChallengeRef, nullable: true, description: 'For `TENSOR`.', resolve: (challenge): TensorChallenge | null => challenge.tensor ?? null }),
  }),
});
