/** What the calls that move a run answer (`StepPayload`, `AttestPayload`) and the codes and enums in them. */
import { builder } from '../builder.js';
import type { CurrentStep, NextCall, SlugChoice, SlugChoiceRule } from '../model/run-answers.js';
import { type NextOperation, type OUTCOMES } from '../model/run-enums.js';
import { STEP_ERROR_CODE_DESCRIPTIONS } from '../model/refusal-codes.js';
import type { AttestPayload, StepChallenge, StepPayload } from '../render/door-renderer.js';
import { ChallengeTypeEnum, CommentChallengeRef, McpChallengeRef, ShellChallengeRef, TensorChallengeRef, UserInputChallengeRef } from './challenge.js';

export const StepErrorCodeEnum = builder.enumType('StepErrorCode', {
  description:
    'Why a run call (`begin`, `next`, `attest`, `answerPrompt`) did not advance the run, returned as data in `errorCode` (`StepPayload.errorCode`, `AttestPayload.errorCode`, `RunEvent.errorCode`), never as a GraphQL error. ' +
    'Branch on the code, never on `message`. After a code, follow `nextAction` / `nextCall`: while `mustObey` is true they say exactly how to retry.',
  values: Object.fromEntries(Object.entries(STEP_ERROR_CODE_DESCRIPTIONS).map(([code, description]) => [code, { description }])) as Record<
    keyof typeof STEP_ERROR_CODE_DESCRIPTIONS,
    { description: string }
  >,
});

export const OutcomeEnum = builder.enumType('Outcome', {
  description: 'How a run ended, as the agent attests it.',
  values: {
    SUCCESS: { description: 'The protocol was carried out. Accepted only when every required step is proven (else `INCOMPLETE_RUN`).' },
    FAILURE: { description: 'The run is abandoned or failed. Always accepted while the run is open.' },
  } as const satisfies Record<(typeof OUTCOMES)[number], { description: string }>,
});

const NextOperationEnum = builder.enumType('NextOperation', {
  description: 'The mutation `nextAction` tells the agent to call, in `NextCall.operation`.',
  values: {
    NEXT: { description: 'Call `next` with `NextCall.uri` and `NextCall.runId`, with a solution for the challenge (or, after a person answered the prompt, without one).' },
    ATTEST: { description: 'Every step is settled: call `attest` with `NextCall.uri`, `NextCall.runId`, an `outcome` and a `message`.' },
    BEGIN: { description: 'The run is gone or closed: call `begin` with `NextCall.uri` to start a new run.' },
    UPDATE_MEMORIES: {
      description: 'Call `updateMemories` on `NextCall.uri` to fix the step. Not sent today: after `MAX_RETRIES_EXCEEDED` the operation is `NONE` and `nextAction` lists `updateMemories` among the options.',
    },
    NONE: {
      description:
        'No call is prescribed: the run is attested (report the outcome to the user), or retries are exhausted (`MAX_RETRIES_EXCEEDED`, `mustObey` false) and `nextAction` lists the options to choose from.',
    },
  } satisfies Record<NextOperation, { description: string }>,
});

const NextCallRef = builder.objectRef<NextCall>('NextCall').implement({
  description: 'The same instruction as `nextAction`, machine-readable: which mutation to call next, with which step and run.',
  fields: (t) => ({
    operation: t.field({ type: NextOperationEnum, description: 'The mutation to call (`NONE`: nothing prescribed).', resolve: (call) => call.operation }),
    uri: t.exposeString('uri', { nullable: true, description: 'The step URI to send as `uri` (`NextInput.uri`, `AttestInput.uri`, `BeginInput.uri`); null once the run is attested.' }),
    runId: t.exposeID('runId', { nullable: true, description: 'The run to send as `runId`; null for `BEGIN` (a new run).' }),
  }),
});

const SlugChoiceRuleEnum = builder.enumType('SlugChoiceRule', {
  description: 'Why a slug found in several readable spaces named the protocol it did.',
  values: {
    DEFAULT_SPACE: { description: "Your default space holds one: it was taken (elsewhere the slug is `AMBIGUOUS`, an error)." },
  } satisfies Record<SlugChoiceRule, { description: string }>,
});

const SlugCandidateRef = builder.objectRef<SlugChoice['chosen']>('SlugCandidate').implement({
  description: 'A protocol a slug named.',
  fields: (t) => ({
    chainId: t.exposeID('chainId', { description: 'The protocol (`kairos://adapter/<chainId>` names it without ambiguity).' }),
    space: t.exposeString('space', { description: 'Its space.' }),
  }),
});

const SlugChoiceRef = builder.objectRef<SlugChoice>('SlugChoice').implement({
  description: 'How the slug a run began from was resolved when it named protocols in several readable spaces (KAIROS 4 `slug_disambiguation_note`).',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The slug, lower-cased.' }),
    rule: t.field({ type: SlugChoiceRuleEnum, description: 'Why the chosen one was taken.', resolve: (choice) => choice.rule }),
    chosen: t.field({ type: SlugCandidateRef, description: 'The protocol the run follows.', resolve: (choice) => choice.chosen }),
    candidates: t.field({ type: [SlugCandidateRef], description: 'Every protocol the slug named, the chosen one included.', resolve: (choice) => choice.candidates }),
  }),
});

const CurrentStepRef = builder.objectRef<CurrentStep>('CurrentStep').implement({
  description: 'The step to work on now: read `content`, do what it says, then prove it as `StepPayload.challenge` asks.',
  fields: (t) => ({
    uri: t.exposeString('uri', { description: 'The step (kairos://mem/{id}).' }),
    content: t.exposeString('content', { description: 'The step body in markdown (BODY markers honoured): the instructions to carry out.' }),
    mimeType: t.exposeString('mimeType', { description: 'Always text/markdown.' }),
    stepIndex: t.exposeInt('stepIndex', { description: '1-based position of this step in the protocol.' }),
    stepCount: t.exposeInt('stepCount', { description: 'Steps in the protocol.' }),
    label: t.exposeString('label', { nullable: true, description: "The step's heading (its H2); null when it has none." }),
    protocolLabel: t.exposeString('protocolLabel', { nullable: true, description: "The protocol's title, as it was when the run began." }),
    space: t.exposeString('space', { nullable: true, description: "The protocol's space (for a built-in, the app space, though the run is kept in the runner's own space)." }),
    slugChoice: t.field({
      type: SlugChoiceRef,
      nullable: true,
      description: "Set on every answer of a run begun from a slug that named protocols in several of your spaces: which one was taken and why. Shown to the runner only (it names protocols in the runner's own spaces); null otherwise.",
      resolve: (step) => step.slugChoice ?? null,
    }),
  }),
});

const StepChallengeRef = builder.objectRef<StepChallenge>('StepChallenge').implement({
  description:
    'The challenge that proves the current step. Do the work, then call `next` with a `SolutionInput` of the same `type`, echoing `nonce` and `proofHash` and filling the object of that type (`shell`, `mcp`, `userInput` or `comment`) with what really happened.',
  fields: (t) => ({
    type: t.field({ type: ChallengeTypeEnum, description: 'How to prove the step; send it as `solution.type`.', resolve: (challenge) => challenge.type }),
    description: t.exposeString('description', { description: 'What to do to prove the step, in words.' }),
    required: t.exposeBoolean('required', {
      description: 'True: the run does not move on until a passing proof arrives. False: any proof (even a failed one), or `next` without a solution, settles the step.',
    }),
    nonce: t.exposeString('nonce', {
      nullable: true,
      description:
        'Echo it as `solution.nonce`: it binds the solution to this step of this run (another value answers `NONCE_MISMATCH`). Null once every step is settled (the run is `COMPLETED`): nothing is left to prove, call `attest`.',
    }),
    proofHash: t.exposeString('proofHash', {
      description: 'Echo it as `solution.proofHash`: the hash of the last settled proof (or the run\'s genesis hash), chaining the proofs (another value answers `PROOF_HASH_MISMATCH`).',
    }),
    promptId: t.exposeID('promptId', {
      nullable: true,
      description: 'For a `USER_INPUT` challenge: the prompt a person can answer with `answerPrompt` (the agent may instead send the user\'s real reply in `solution.userInput`, unless `UserInputChallenge.requireHuman`). Null for other types.',
    }),
    shell: t.field({ type: ShellChallengeRef, nullable: true, description: 'For `SHELL`: the command to run.', resolve: (challenge) => challenge.shell }),
    mcp: t.field({ type: McpChallengeRef, nullable: true, description: 'For `MCP`: the tool to call.', resolve: (challenge) => challenge.mcp }),
    userInput: t.field({ type: UserInputChallengeRef, nullable: true, description: 'For `USER_INPUT`: what to ask the user.', resolve: (challenge) => challenge.userInput }),
    comment: t.field({ type: CommentChallengeRef, nullable: true, description: 'For `COMMENT`: how long the comment must be.', resolve: (challenge) => challenge.comment }),
    tensor: t.field({ type: TensorChallengeRef, nullable: true, description: 'For `TENSOR`: the value to report.', resolve: (challenge) => challenge.tensor }),
    tensorIn: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'For `TENSOR` with `requiredInputs`: the values the run\'s earlier tensor contracts reported under those names, as an object by name (KAIROS 4 `tensor_in`). Null otherwise.',
      resolve: (challenge) => challenge.tensorIn ?? null,
    }),
  }),
});

export const StepPayloadRef = builder.objectRef<StepPayload>('StepPayload').implement({
  description:
    'The answer of `begin`, `next` and `answerPrompt`: the step to work on, its challenge, and exactly what to call next (`nextAction` in words, `nextCall` as data). ' +
    'A refused attempt is data too: `errorCode` and `message` say why, the same step and challenge are shown again, and `nextAction` says how to retry.',
  fields: (t) => ({
    mustObey: t.exposeBoolean('mustObey', {
      description:
        'True: do exactly what `nextAction` says, without stopping to talk to the user (only a user_input challenge pauses for them) until `attest`. False only after `MAX_RETRIES_EXCEEDED`: choose one of the options `nextAction` lists.',
    }),
    runId: t.exposeID('runId', { description: 'The run; send it as `runId` to `next` and `attest` so the call reaches this run.' }),
    currentStep: t.field({
      type: CurrentStepRef,
      nullable: true,
      description: 'The step to work on (the pending one, or the last once every step is settled). Null only for `RUN_NOT_FOUND` and `RUN_CLOSED`.',
      resolve: (payload) => payload.currentStep,
    }),
    challenge: t.field({
      type: StepChallengeRef,
      nullable: true,
      description: "How to prove `currentStep`; take `nonce` and `proofHash` from THIS response's challenge. Null exactly when `currentStep` is.",
      resolve: (payload) => payload.challenge,
    }),
    message: t.exposeString('message', {
      nullable: true,
      description: 'For the agent: why a call was refused and how to fix it, "Protocol steps complete…" when only `attest` remains, or a redirect notice. Null when there is nothing to add.',
    }),
    nextAction: t.exposeString('nextAction', {
      description: 'The next call in words, naming the mutation and the step URI, e.g. "call next with kairos://mem/… and solution matching challenge". Follow it when `mustObey` is true.',
    }),
    nextCall: t.field({ type: NextCallRef, description: 'The same instruction as `nextAction`, as data.', resolve: (payload) => payload.nextCall }),
    proofHash: t.exposeString('proofHash', {
      nullable: true,
      description: 'The hash of the proof this call stored (it equals `challenge.proofHash`, the value to echo next); null when nothing was stored.',
    }),
    errorCode: t.field({
      type: StepErrorCodeEnum,
      nullable: true,
      description: 'Null on success. Otherwise why the run did not advance; the answer may be any `StepErrorCode` but `INCOMPLETE_RUN` (which only `attest` answers).',
      resolve: (payload) => payload.errorCode,
    }),
    retryCount: t.exposeInt('retryCount', {
      description: 'Consecutive failed attempts at the pending step (0 after a success). The third answers `MAX_RETRIES_EXCEEDED`.',
    }),
  }),
});

export const AttestPayloadRef = builder.objectRef<AttestPayload>('AttestPayload').implement({
  description:
    'The answer of `attest`. With `errorCode` null the run is closed and rated: report the outcome to the user. Otherwise nothing changed and `nextAction` says what to do (`INCOMPLETE_RUN`: prove the pending step with `next`).',
  fields: (t) => ({
    runId: t.exposeID('runId', { description: 'The run attested (or the id sent, when none was found).' }),
    uri: t.exposeString('uri', { description: 'The step URI sent.' }),
    outcome: t.field({ type: OutcomeEnum, description: 'The outcome sent.', resolve: (payload) => payload.outcome }),
    message: t.exposeString('message', { description: 'Your message when the run was rated; otherwise why it was not.' }),
    qualityBonus: t.exposeFloat('qualityBonus', { description: 'The quality bonus recorded on the attested step and the protocol head; 0 when nothing was rated.' }),
    ratedAt: t.field({ type: 'DateTime', nullable: true, description: 'When the run was rated; null when it was not.', resolve: (payload) => payload.ratedAt }),
    errorCode: t.field({
      type: StepErrorCodeEnum,
      nullable: true,
      description: 'Null when the run was attested. Otherwise `INCOMPLETE_RUN`, `RUN_NOT_FOUND`, `RUN_CLOSED` or `NOT_FOUND`, and nothing was written.',
      resolve: (payload) => payload.errorCode,
    }),
    nextAction: t.exposeString('nextAction', { description: 'What to do now, e.g. "run complete -- report the outcome to the user".' }),
  }),
});

