// Over 400 lines: one file per domain (STYLE.md), and runs are the domain with the most types.
import { builder } from '../builder.js';
import type { ChallengePrompt, RunEvent, RunLifecycleEvent } from '../events/topics.js';
import type { AttestPayload } from '../runs/attest-payload.js';
import type { DisplayedChallenge } from '../runs/challenge-display.js';
import type { ProofRecord } from '../runs/proof-record.js';
import { type NextOperation, OUTCOMES, type PromptStatus, PROOF_SOURCES, PROOF_STATUSES, type RunEventType, type RunStatus } from '../runs/run-enums.js';
import { STEP_ERROR_CODE_DESCRIPTIONS } from '../runs/step-error-code.js';
import type { NextCall } from '../runs/step-messages.js';
import type { CurrentStep, StepPayload } from '../runs/step-payload.js';
import type { AnswerPromptResult } from '../services/run-service.js';
import { RUN_LIFECYCLE_EVENT_TYPES } from '../events/topics.js';
import type { RunRecord, StoredProof } from '../store/run-store.js';
import { ChallengeTypeEnum, CommentChallengeRef, McpChallengeRef, ShellChallengeRef, TensorChallengeRef, TensorProofRef, TensorSolutionInput, UserInputChallengeRef } from './challenge.js';
import { connectionType } from './connection.js';
import { ProtocolRef } from './protocol.js';

export const StepErrorCodeEnum = builder.enumType('StepErrorCode', {
  description:
    'Why a run call (`begin`, `next`, `attest`, `answerPrompt`) did not advance the run, returned as data in `errorCode` (`StepPayload.errorCode`, `AttestPayload.errorCode`, `RunEvent.errorCode`), never as a GraphQL error. ' +
    'Branch on the code, never on `message`. After a code, follow `nextAction` / `nextCall`: while `mustObey` is true they say exactly how to retry.',
  values: Object.fromEntries(Object.entries(STEP_ERROR_CODE_DESCRIPTIONS).map(([code, description]) => [code, { description }])) as Record<
    keyof typeof STEP_ERROR_CODE_DESCRIPTIONS,
    { description: string }
  >,
});

const OutcomeEnum = builder.enumType('Outcome', {
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

export const RunStatusEnum = builder.enumType('RunStatus', {
  description: 'Where a run stands: `ACTIVE` → `COMPLETED` → `ATTESTED`, or `EXPIRED` when left idle.',
  values: {
    ACTIVE: { description: 'A step waits for proof: call `next` (see `Run.pendingStepIndex`).' },
    COMPLETED: { description: 'Every step is settled; only `attest` remains.' },
    ATTESTED: { description: 'Closed by `attest` (`SUCCESS` or `FAILURE`, see `Run.outcome`). Further `next` or `attest` calls answer `RUN_CLOSED`.' },
    EXPIRED: { description: 'Closed after sitting idle past `Run.expiresAt` (default 7 days, `KAIROS_RUN_IDLE_DAYS`); its open prompts expire with it. Further calls answer `RUN_CLOSED`.' },
  } as const satisfies Record<RunStatus, { description: string }>,
});

const RunEventTypeEnum = builder.enumType('RunEventType', {
  description: 'What happened in a run, as `runProgress` and `Run.events` report it.',
  values: {
    STARTED: { description: '`begin` created the run.' },
    STEP_PROVEN: { description: 'A step was settled: its proof passed, or it needed none (message "no proof required").' },
    STEP_FAILED: { description: 'An attempt at the pending step was refused (`errorCode` says why), or an optional step was settled with a failed proof.' },
    PROOF_MISSING: { description: '`next` skipped the pending step without its required proof (`MISSING_PROOF`).' },
    MAX_RETRIES: { description: 'The pending step failed three times in a row (`MAX_RETRIES_EXCEEDED`); the agent must choose how to recover.' },
    PROMPT_ISSUED: { description: 'The pending step is a user_input challenge: a prompt is open for `answerPrompt` (see `challengePrompts`).' },
    PROMPT_ANSWERED: { description: 'A person answered the prompt with `answerPrompt`.' },
    COMPLETED: { description: 'Every step is settled; the run waits for `attest`.' },
    ATTESTED: { description: '`attest` closed the run (`message` holds the outcome).' },
    EXPIRED: { description: 'The run sat idle past `Run.expiresAt` and was closed.' },
  } satisfies Record<RunEventType, { description: string }>,
});

const PromptStatusEnum = builder.enumType('PromptStatus', {
  description: 'Where a user_input prompt stands.',
  values: {
    OPEN: { description: 'Waiting for an answer: send one with `answerPrompt`.' },
    ANSWERED: { description: 'Answered by a person (`answerPrompt`), or its step was proven otherwise (the agent sent the confirmation with `next`).' },
    EXPIRED: { description: 'Its run was attested or expired before anyone answered.' },
  } satisfies Record<PromptStatus, { description: string }>,
});
const ProofStatusEnum = builder.enumType('ProofStatus', {
  description: 'What a proof showed.',
  values: {
    SUCCESS: { description: 'The proof passed (exit code 0, `success: true`, an accepted confirmation, a long enough comment).' },
    FAILED: { description: 'The proof reported failure (non-zero exit code, a failed MCP call, a declined confirmation). It settles an optional step; a required step stays pending.' },
  } as const satisfies Record<(typeof PROOF_STATUSES)[number], { description: string }>,
});
const ProofSourceEnum = builder.enumType('ProofSource', {
  description: 'Who supplied a proof.',
  values: {
    AGENT: { description: 'The runner, through `next`.' },
    HUMAN: { description: 'A person, through `answerPrompt` (or the MCP host asking its user).' },
  } as const satisfies Record<(typeof PROOF_SOURCES)[number], { description: string }>,
});

const NextCallRef = builder.objectRef<NextCall>('NextCall').implement({
  description: 'The same instruction as `nextAction`, machine-readable: which mutation to call next, with which step and run.',
  fields: (t) => ({
    operation: t.field({ type: NextOperationEnum, description: 'The mutation to call (`NONE`: nothing prescribed).', resolve: (call) => call.operation }),
    uri: t.exposeString('uri', { nullable: true, description: 'The step URI to send as `uri` (`NextInput.uri`, `AttestInput.uri`, `BeginInput.uri`); null once the run is attested.' }),
    runId: t.exposeID('runId', { nullable: true, description: 'The run to send as `runId`; null for `BEGIN` (a new run).' }),
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
  }),
});

const StepChallengeRef = builder.objectRef<DisplayedChallenge>('StepChallenge').implement({
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

const AttestPayloadRef = builder.objectRef<AttestPayload>('AttestPayload').implement({
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

const ShellProofRef = builder.objectRef<NonNullable<ProofRecord['shell']>>('ShellProof').implement({
  description: 'What the agent reported for a shell challenge.',
  fields: (t) => ({
    exitCode: t.exposeInt('exitCode', { description: 'The exit code; 0 passes.' }),
    stdout: t.exposeString('stdout', { description: 'Standard output as reported (long output is cut, with a marker).' }),
    stderr: t.exposeString('stderr', { description: 'Standard error as reported (long output is cut, with a marker).' }),
    durationSeconds: t.exposeFloat('durationSeconds', { nullable: true, description: 'How long the command ran, if reported.' }),
  }),
});

const McpProofRef = builder.objectRef<NonNullable<ProofRecord['mcp']>>('McpProof').implement({
  description: 'What the agent reported for an MCP tool challenge.',
  fields: (t) => ({
    toolName: t.exposeString('toolName', { description: 'The tool called.' }),
    arguments: t.field({ type: 'JSON', nullable: true, description: 'The arguments it was called with, if reported.', resolve: (mcp) => mcp.arguments ?? null }),
    result: t.field({ type: 'JSON', nullable: true, description: 'The result it returned (a large result is cut, with a marker).', resolve: (mcp) => mcp.result ?? null }),
    success: t.exposeBoolean('success', { description: 'Whether the call succeeded; false fails a required step (`COMMAND_FAILED`).' }),
  }),
});

const UserInputProofRef = builder.objectRef<NonNullable<ProofRecord['userInput']>>('UserInputProof').implement({
  description: "A person's reply to a user_input challenge (`ProofRecord.source` says whether a person or the agent sent it).",
  fields: (t) => ({
    confirmation: t.exposeString('confirmation', { description: 'The reply as given.' }),
    timestamp: t.exposeString('timestamp', { description: 'When it was given (ISO 8601): as sent, or when the server received it.' }),
  }),
});

const CommentProofRef = builder.objectRef<NonNullable<ProofRecord['comment']>>('CommentProof').implement({
  description: 'The comment sent for a comment challenge.',
  fields: (t) => ({ text: t.exposeString('text', { description: 'The comment (long text is cut, with a marker).' }) }),
});

const ProofRecordRef = builder.objectRef<StoredProof>('ProofRecord').implement({
  description:
    'One proof a run received. Settled proofs form the hash chain (each names the hash before it); the others are refused attempts (a failed proof of a required step), kept while the run has room for them.',
  fields: (t) => ({
    stepUri: t.string({ description: 'The step this proof is for.', resolve: (proof) => proof.record.stepUri }),
    stepIndex: t.int({ description: '1-based position of that step.', resolve: (proof) => proof.record.stepIndex }),
    type: t.field({ type: ChallengeTypeEnum, description: 'The challenge type proven.', resolve: (proof) => proof.record.type }),
    status: t.field({ type: ProofStatusEnum, description: 'What the proof showed.', resolve: (proof) => (proof.record.status === 'success' ? 'SUCCESS' : 'FAILED') }),
    source: t.field({ type: ProofSourceEnum, description: 'Who supplied it: the agent, or a person.', resolve: (proof) => proof.record.source }),
    settled: t.exposeBoolean('settled', { description: 'Part of the hash chain (the step moved on); false for a refused attempt.' }),
    executedAt: t.field({ type: 'DateTime', description: 'When the server received it.', resolve: (proof) => proof.record.executedAt }),
    nonce: t.string({ description: 'The nonce issued with the challenge it answers.', resolve: (proof) => proof.record.nonce }),
    previousProofHash: t.string({ description: "The `proofHash` of the settled proof before it (or the run's genesis hash).", resolve: (proof) => proof.record.previousProofHash }),
    proofHash: t.exposeString('proofHash', { description: 'SHA-256 of the canonical JSON of the record.' }),
    shell: t.field({ type: ShellProofRef, nullable: true, description: 'For `SHELL` proofs.', resolve: (proof) => proof.record.shell ?? null }),
    mcp: t.field({ type: McpProofRef, nullable: true, description: 'For `MCP` proofs.', resolve: (proof) => proof.record.mcp ?? null }),
    userInput: t.field({ type: UserInputProofRef, nullable: true, description: 'For `USER_INPUT` proofs.', resolve: (proof) => proof.record.userInput ?? null }),
    comment: t.field({ type: CommentProofRef, nullable: true, description: 'For `COMMENT` proofs.', resolve: (proof) => proof.record.comment ?? null }),
    tensor: t.field({ type: TensorProofRef, nullable: true, description: 'For `TENSOR` proofs.', resolve: (proof) => proof.record.tensor ?? null }),
    stepVersionProven: t.int({
      nullable: true,
      description: 'The version of the step this proof proved (the one the run showed); null for proofs stored before versions were kept.',
      resolve: (proof) => proof.stepVersion ?? null,
    }),
    stepVersionNow: t.int({
      nullable: true,
      description: 'The version the step has now; null when it was deleted (or is no longer readable by you).',
      resolve: async (proof, _args, ctx) => (await ctx.reader.memory(proof.record.stepUri))?.version ?? null,
    }),
    changedSinceProven: t.boolean({
      description: 'True when the step was edited or deleted after this proof proved it: what was proven is not what the step says now.',
      resolve: async (proof, _args, ctx) => {
        if (proof.stepVersion === undefined) return false;
        const step = await ctx.reader.memory(proof.record.stepUri);
        return step === null || step.version !== proof.stepVersion;
      },
    }),
  }),
});

export const RunEventRef = builder.objectRef<RunEvent>('RunEvent').implement({
  description: 'One thing that happened in a run, numbered per run (`seq`) so a reconnecting client can resume with `runProgress(runId, afterSeq)`.',
  fields: (t) => ({
    runId: t.exposeID('runId', { description: 'The run.' }),
    seq: t.exposeInt('seq', { description: "1, 2, 3… in the run's own order, without gaps." }),
    type: t.field({ type: RunEventTypeEnum, description: 'What happened.', resolve: (event) => event.type }),
    stepUri: t.exposeString('stepUri', { nullable: true, description: 'The step concerned; null for run-wide events (`STARTED`, `COMPLETED`, `ATTESTED`, `EXPIRED`).' }),
    stepIndex: t.exposeInt('stepIndex', { nullable: true, description: '1-based position of that step; null with `stepUri`.' }),
    stepCount: t.exposeInt('stepCount', { description: 'Steps in the protocol.' }),
    errorCode: t.field({ type: StepErrorCodeEnum, nullable: true, description: 'For refused attempts: why.', resolve: (event) => event.errorCode }),
    message: t.exposeString('message', { nullable: true, description: 'Detail: the refusal message, "no proof required", or the attested outcome.' }),
    at: t.field({ type: 'DateTime', description: 'When it happened.', resolve: (event) => event.at }),
  }),
});

export const ChallengePromptRef = builder.objectRef<ChallengePrompt>('ChallengePrompt').implement({
  description: 'A user_input challenge of a run, waiting for (or given) a person\'s answer. Show `prompt` and `stepContent` to a person and send their reply with `answerPrompt(input: { promptId, confirmation })`.',
  fields: (t) => ({
    promptId: t.exposeID('promptId', { description: 'Send it as `AnswerPromptInput.promptId`.' }),
    runId: t.exposeID('runId', { description: 'The run waiting for the answer.' }),
    space: t.exposeString('space', { description: "The run's space." }),
    stepUri: t.exposeString('stepUri', { description: 'The step that asks.' }),
    stepIndex: t.exposeInt('stepIndex', { description: '1-based position of that step.' }),
    protocolLabel: t.exposeString('protocolLabel', { description: 'The protocol title.' }),
    prompt: t.exposeString('prompt', { description: 'The question to put to the person.' }),
    stepContent: t.exposeString('stepContent', { description: 'The step body, for context.' }),
    requireHuman: t.exposeBoolean('requireHuman', { description: 'Only a person (role HUMAN, REVIEWER or ADMIN) other than the runner can answer it; others get `FORBIDDEN`.' }),
    status: t.field({ type: PromptStatusEnum, description: 'Open, answered or expired.', resolve: (prompt) => prompt.status }),
    createdAt: t.field({ type: 'DateTime', description: 'When the prompt was issued.', resolve: (prompt) => prompt.createdAt }),
    at: t.field({ type: 'DateTime', description: 'When the status last changed.', resolve: (prompt) => prompt.at }),
  }),
});

export const RunRef = builder.objectRef<RunRecord>('Run').implement({
  description:
    'One execution of a protocol: `begin` → `next`… → `attest`. The run keeps the steps as they were when it began (later edits to the protocol do not change it) and every proof it received, as a hash chain.',
  fields: (t) => ({
    id: t.exposeID('_id', { description: 'The run id (`StepPayload.runId`).' }),
    status: t.field({ type: RunStatusEnum, description: 'Where the run stands.', resolve: (run) => run.status }),
    space: t.exposeString('space', { description: "The protocol's space (a run of a built-in protocol lives in its runner's personal space)." }),
    principalId: t.exposeID('principalId', { description: 'Who runs it: only they can call `next` and `attest` on it.' }),
    protocolLabel: t.string({ description: 'The protocol title when the run began.', resolve: (run) => run.protocol.label }),
    protocolUri: t.string({ description: 'Step 1 of the protocol when the run began.', resolve: (run) => run.protocol.headUri }),
    protocol: t.field({
      type: ProtocolRef,
      nullable: true,
      description: 'The protocol as it is now (null if it was deleted).',
      resolve: (run, _args, ctx) => ctx.reader.protocol({ uri: run.protocol.headUri }),
    }),
    stepUris: t.exposeStringList('stepUris', { description: 'The step URIs in order, as when the run began.' }),
    stepCount: t.int({ description: 'Steps in the run.', resolve: (run) => run.stepUris.length }),
    pendingStepIndex: t.int({
      nullable: true,
      description: 'The 1-based step waiting for proof. Null once no step waits: every step is settled (COMPLETED), or the run is ATTESTED or EXPIRED.',
      resolve: (run) => (run.status === 'ACTIVE' && run.state.pendingStepIndex <= run.stepUris.length ? run.state.pendingStepIndex : null),
    }),
    retryCount: t.int({ description: 'Consecutive failed attempts at the pending step.', resolve: (run) => run.state.retryCount }),
    outcome: t.field({ type: OutcomeEnum, nullable: true, description: 'The attested outcome; null until `attest`.', resolve: (run) => run.state.outcome }),
    proofs: t.field({ type: [ProofRecordRef], description: 'Every proof received, in order.', resolve: (run) => run.proofs }),
    attestation: t.field({ type: AttestPayloadRef, nullable: true, description: 'The answer `attest` gave when it closed the run; null until then.', resolve: (run) => run.attestation }),
    events: t.field({
      type: [RunEventRef],
      description: 'What happened in the run, in `seq` order. A run records its first 1,000 failed attempts as events; later ones are answered (and count as retries) but add no event.',
      args: { afterSeq: t.arg.int({ description: 'Only events with a larger seq.' }) },
      resolve: (run, args, ctx) => ctx.services.runs.eventsOf(run, args.afterSeq ?? 0),
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When `begin` created it.', resolve: (run) => run.createdAt }),
    updatedAt: t.field({ type: 'DateTime', description: 'When it last changed.', resolve: (run) => run.updatedAt }),
    expiresAt: t.field({ type: 'DateTime', description: 'An idle run expires then (each step moves it on; `KAIROS_RUN_IDLE_DAYS`, default 7).', resolve: (run) => run.expiresAt }),
  }),
});

builder.queryField('run', (t) =>
  t.field({
    type: RunRef,
    nullable: true,
    description: 'A run by id, with its state, proofs and events; null when no such run is in a space you can read.',
    args: { id: t.arg.id({ required: true, description: 'The run id (`StepPayload.runId`).' }) },
    resolve: (_root, args, ctx) => ctx.services.runs.getRun(ctx.viewer, args.id),
  }),
);

const RunConnectionRef = connectionType('Run', RunRef);

const RunFilterInput = builder.inputType('RunFilter', {
  description: 'Narrows `runs`; every field is optional and they combine.',
  fields: (t) => ({
    space: t.string({ description: 'One space you can read ("personal" is your own); omitted: all of them. Another space answers `FORBIDDEN`.' }),
    status: t.field({ type: RunStatusEnum, description: 'Only runs in this status.' }),
    chainId: t.id({ description: 'Only runs of this protocol (`Protocol.chainId`).' }),
  }),
});

builder.queryField('runs', (t) =>
  t.field({
    type: RunConnectionRef,
    description: 'Runs in the spaces you can read, most recently active first. Codes: `FORBIDDEN` (a space you cannot read), `BAD_USER_INPUT` (`first` out of range, a foreign cursor).',
    args: {
      filter: t.arg({ type: RunFilterInput, description: 'Which runs.' }),
      first: t.arg.int({ description: 'Page size (default 50, at most 500; more answers `BAD_USER_INPUT`).' }),
      after: t.arg.string({ description: '`PageInfo.endCursor` of the previous page.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.runs.listRuns(ctx.viewer, { ...args.filter, first: args.first, after: args.after }),
  }),
);

const BeginInput = builder.inputType('BeginInput', {
  description: 'Which protocol to run: exactly one of `uri` or `key` (both or neither answers `BAD_USER_INPUT`).',
  fields: (t) => ({
    uri: t.string({ description: 'Any step of the protocol (kairos://mem/{id}), e.g. `SearchChoice.uri`; a later step redirects to step 1.' }),
    key: t.string({ description: "The protocol's slug (`Protocol.slug`), case-insensitive, looked up in every space you can read." }),
  }),
});

builder.mutationField('begin', (t) =>
  t.field({
    type: StepPayloadRef,
    description:
      'Starts a new run of a protocol (found with `search`, or known by slug) and shows step 1: `currentStep` to carry out, `challenge` to prove it, and `nextCall` / `nextAction`, normally "call next with the step URI and solution matching challenge". ' +
      'Then do the step and call `next` with `runId`, the URI `nextAction` names, and a solution echoing the challenge\'s `nonce` and `proofHash`; repeat until `nextCall.operation` is `ATTEST`, then call `attest`. ' +
      'While `mustObey` is true, follow `nextAction` without stopping to talk to the user. A one-step protocol without a challenge goes straight to `attest` ("Single-step protocol."). ' +
      'Codes (GraphQL errors; nothing is created): `BAD_USER_INPUT` (both or neither of `uri` and `key`), `NOT_FOUND` (no such protocol in your spaces), `AMBIGUOUS` (the key matches protocols in several spaces, none your default: use a URI).',
    args: { input: t.arg({ type: BeginInput, required: true, description: 'The protocol, by `uri` or `key`.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.runs.begin(ctx.viewer, ctx.reader, input, ctx.vocabulary),
  }),
);

const ShellSolutionInput = builder.inputType('ShellSolutionInput', {
  description: 'The proof of a `SHELL` challenge: run the command (`ShellChallenge.invocationDisplay`) and report what really happened; never invent output.',
  fields: (t) => ({
    exitCode: t.int({ description: 'Required: the exit code. Non-zero fails a required step with `COMMAND_FAILED`; missing answers `MISSING_FIELD`.' }),
    stdout: t.string({ description: 'Standard output (stored up to 4 KB, then cut with a marker).' }),
    stderr: t.string({ description: 'Standard error (stored up to 4 KB, then cut with a marker).' }),
    durationSeconds: t.float({ description: 'How long it ran, 0 or more (else `INVALID_FIELD`).' }),
  }),
});
const McpSolutionInput = builder.inputType('McpSolutionInput', {
  description: 'The proof of an `MCP` challenge: call the tool the challenge names and report its real result; do not fabricate.',
  fields: (t) => ({
    toolName: t.string({ description: 'Required: the tool called; must be `McpChallenge.toolName` when the challenge names one (else `TOOL_MISMATCH`).' }),
    arguments: t.field({ type: 'JSON', description: 'The arguments it was called with.' }),
    result: t.field({ type: 'JSON', description: 'What the tool returned.' }),
    success: t.boolean({ description: 'Required: whether the call succeeded. false fails a required step with `COMMAND_FAILED`.' }),
  }),
});
const UserInputSolutionInput = builder.inputType('UserInputSolutionInput', {
  description:
    "The proof of a `USER_INPUT` challenge: the user's actual reply to the prompt. Ask them; never infer or invent it. For a challenge with `requireHuman`, an agent cannot send it (`HUMAN_CONFIRMATION_REQUIRED`): a person answers with `answerPrompt`.",
  fields: (t) => ({
    confirmation: t.string({ description: 'Required: their reply, e.g. "approve" or "yes". A decline ("no", "rejected", "deny"…) fails a required step with `USER_DECLINED`.' }),
    timestamp: t.string({ description: 'When they replied (ISO 8601; else `INVALID_FIELD`); omitted: when the server receives it.' }),
  }),
});
const CommentSolutionInput = builder.inputType('CommentSolutionInput', {
  description: 'The proof of a `COMMENT` challenge: a genuine summary of what was done; do not paste unrelated text.',
  fields: (t) => ({
    text: t.string({ description: 'Required: at least `CommentChallenge.minLength` characters (default 10; shorter answers `COMMENT_TOO_SHORT`).' }),
  }),
});

const SolutionInput = builder.inputType('SolutionInput', {
  description:
    "The proof of the run's pending step: the challenge's `type`, its `nonce` and `proofHash` echoed, and the object of that type filled. Missing values answer `MISSING_FIELD` as data (not a GraphQL error), so the run can say what to add.",
  fields: (t) => ({
    type: t.field({ type: ChallengeTypeEnum, required: true, description: '`StepChallenge.type` (another type answers `TYPE_MISMATCH`).' }),
    nonce: t.string({ description: '`StepChallenge.nonce` from the latest response (another value: `NONCE_MISMATCH`; a nonce that already settled a step with a different solution: `NONCE_REUSED`).' }),
    proofHash: t.string({ description: '`StepChallenge.proofHash` from the latest response (another value: `PROOF_HASH_MISMATCH`).' }),
    shell: t.field({ type: ShellSolutionInput, description: 'For `SHELL`.' }),
    mcp: t.field({ type: McpSolutionInput, description: 'For `MCP`.' }),
    userInput: t.field({ type: UserInputSolutionInput, description: 'For `USER_INPUT`.' }),
    comment: t.field({ type: CommentSolutionInput, description: 'For `COMMENT`.' }),
    tensor: t.field({ type: TensorSolutionInput, description: 'For `TENSOR`.' }),
  }),
});

const NextInput = builder.inputType('NextInput', {
  description: 'A proof of the pending step (or, without `solution`, a request to move past a step that needs none).',
  fields: (t) => ({
    uri: t.string({ required: true, description: 'The step `nextAction` names (`NextCall.uri`): the step right after the pending one, or the pending step itself. A step further ahead answers `MISSING_PROOF`; an earlier one shows the pending step again.' }),
    runId: t.id({ description: '`StepPayload.runId`. Omitted: your most recent open run containing `uri`.' }),
    solution: t.field({
      type: SolutionInput,
      description: 'The proof of the pending step. Omit it only when the pending step requires no proof, or after a person answered its prompt with `answerPrompt`.',
    }),
  }),
});

builder.mutationField('next', (t) =>
  t.field({
    type: StepPayloadRef,
    description:
      "Proves the run's pending step and moves on. Send `runId`, the `uri` that `nextAction` names, and a `solution` of the challenge's `type` that echoes THIS response's `challenge.nonce` and `challenge.proofHash`. " +
      'On success the answer shows the next step and its new challenge (or, once every step is settled, `nextCall.operation` `ATTEST`: call `attest`). ' +
      'A refused proof is data: `errorCode` says why, the same step is shown, and `nextAction` says to retry with the values from this response. The third consecutive failure answers `MAX_RETRIES_EXCEEDED` with `mustObey` false: ' +
      'if the step itself is wrong, fix it with `updateMemories` (future runs use the fix; this run keeps the step as it began) and `begin` again; or retry `next` with a corrected solution; or `attest` with `FAILURE`; or ask the user. ' +
      'Sending the same solution again with the same nonce returns the same answer and stores nothing. ' +
      'Codes as data: any `StepErrorCode` but `INCOMPLETE_RUN`. As GraphQL errors: `PAYLOAD_TOO_LARGE` (`nonce` or `proofHash` over 128 characters), `SERVICE_UNAVAILABLE` (the run is busy: retry).',
    args: { input: t.arg({ type: NextInput, required: true, description: 'The step, the run and the proof.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.runs.next(ctx.viewer, input, ctx.vocabulary),
  }),
);

const AttestInput = builder.inputType('AttestInput', {
  description: 'How the run ended, and a word on it.',
  fields: (t) => ({
    uri: t.string({ required: true, description: 'A step of the run, normally the one `nextCall.uri` names (the last step). A URI outside the run answers `NOT_FOUND`.' }),
    runId: t.id({ description: '`StepPayload.runId`. Omitted: your most recent open run containing `uri`.' }),
    outcome: t.field({ type: OutcomeEnum, required: true, description: '`SUCCESS` when the protocol was carried out, `FAILURE` to abandon it.' }),
    message: t.string({ required: true, description: 'A short summary of what was done, kept with the rating (at most 10,000 characters).' }),
    qualityBonus: t.float({ description: 'Added to the quality rating of the step and the protocol (default 0; must be finite).' }),
    llmModelId: t.string({ description: 'The model that ran the protocol, recorded as the rater (default "kairos-attest"; at most 200 characters).' }),
  }),
});

builder.mutationField('attest', (t) =>
  t.field({
    type: AttestPayloadRef,
    description:
      'Closes a run with an outcome and rates the protocol; call it when `nextCall.operation` is `ATTEST`, or with `FAILURE` to abandon a run. ' +
      '`SUCCESS` is accepted only when every required step is proven; otherwise the answer is `INCOMPLETE_RUN` and the run stays open (prove the pending step with `next`). ' +
      'The same outcome and message again returns the first answer. After it, report the outcome to the user in one summary. ' +
      'Codes as data (`errorCode`; nothing written): `INCOMPLETE_RUN`, `RUN_NOT_FOUND`, `RUN_CLOSED`, `NOT_FOUND`. As GraphQL errors: `BAD_USER_INPUT` (`qualityBonus` not finite, control characters in `llmModelId`), `PAYLOAD_TOO_LARGE` (`message` or `llmModelId` too long), `SERVICE_UNAVAILABLE` (busy: retry).',
    args: { input: t.arg({ type: AttestInput, required: true, description: 'The run, the outcome and the message.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.runs.attest(ctx.viewer, input, ctx.vocabulary),
  }),
);

const AnswerPromptInput = builder.inputType('AnswerPromptInput', {
  description: "A person's reply to one prompt.",
  fields: (t) => ({
    promptId: t.id({ required: true, description: '`ChallengePrompt.promptId` or `StepChallenge.promptId`.' }),
    confirmation: t.string({ required: true, description: 'The reply: "approve", "yes", or a decline such as "rejected" (which fails a required step with `USER_DECLINED`). Not empty; at most 10,000 characters.' }),
  }),
});

const AnswerPromptPayloadRef = builder.objectRef<AnswerPromptResult>('AnswerPromptPayload').implement({
  description: 'The prompt as answered, and the run after the answer.',
  fields: (t) => ({
    prompt: t.field({ type: ChallengePromptRef, description: 'The prompt, now `ANSWERED` (or as it stood, when it was answered before).', resolve: (payload) => payload.prompt }),
    result: t.field({
      type: StepPayloadRef,
      description: 'The run after the answer, as `next` would show it: the next step, or `USER_DECLINED` with the same step. The runner continues with `next` (without a solution) as its `nextAction` says.',
      resolve: (payload) => payload.result,
    }),
  }),
});

builder.mutationField('answerPrompt', (t) =>
  t.field({
    type: AnswerPromptPayloadRef,
    description:
      "A person's answer to an open user_input prompt (from `challengePrompts` or `StepChallenge.promptId`); the run moves on as if the step were proven, with source `HUMAN`. " +
      'A prompt with `requireHuman` takes the answer only of a principal with role `HUMAN`, `REVIEWER` or `ADMIN` who is not the runner; others get `FORBIDDEN`. Admins may answer prompts in personal spaces. ' +
      'Answering a prompt that is no longer open changes nothing and returns the run as it stands. ' +
      'Codes: `NOT_FOUND` (no such prompt in your spaces), `FORBIDDEN`, `BAD_USER_INPUT` (empty confirmation), `PAYLOAD_TOO_LARGE` (confirmation over 10,000 characters), `SERVICE_UNAVAILABLE` (busy: retry).',
    args: { input: t.arg({ type: AnswerPromptInput, required: true, description: 'The prompt and the reply.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.runs.answerPrompt(ctx.viewer, input, { vocabulary: ctx.vocabulary, atHost: ctx.answerAtHost }),
  }),
);

builder.subscriptionField('runProgress', (t) =>
  t.field({
    type: RunEventRef,
    description:
      "A run's events after `afterSeq` (replayed from the database), then live ones, each once and in `seq` order. After a reconnect, pass the last `seq` you saw. Answers `NOT_FOUND` for a run outside your spaces.",
    args: {
      runId: t.arg.id({ required: true, description: 'The run (`StepPayload.runId`).' }),
      afterSeq: t.arg.int({ description: 'Only events with a larger `seq` (default 0: from the start).' }),
    },
    subscribe: (_root, args, ctx) => ctx.services.runs.watchRun(ctx.viewer, args.runId, args.afterSeq ?? 0, ctx.overflow),
    resolve: (event) => event,
  }),
);

builder.subscriptionField('challengePrompts', (t) =>
  t.field({
    type: ChallengePromptRef,
    description:
      'Prompts waiting for a person: the open ones first, then every change (issued, answered, expired), for one run or a space (default: every space you can read). A person answers each with `answerPrompt`. ' +
      'Answers `NOT_FOUND` for an unknown run, `FORBIDDEN` for a space you cannot read (admins may name any personal space).',
    args: {
      runId: t.arg.id({ description: 'Only this run\'s prompts.' }),
      space: t.arg.string({ description: 'A space id, or "personal" for your own; omitted: every space you can read.' }),
    },
    subscribe: (_root, args, ctx) => ctx.services.runs.watchPrompts(ctx.viewer, args, ctx.overflow),
    resolve: (prompt) => prompt,
  }),
);

const RunLifecycleEventTypeEnum = builder.enumType('RunLifecycleEventType', {
  description: 'What happened to a run, as the `runEvents` feed reports it.',
  values: {
    STARTED: { description: '`begin` created it.' },
    COMPLETED: { description: 'Every step is settled; it waits for `attest`.' },
    ATTESTED: { description: '`attest` closed it.' },
    EXPIRED: { description: 'It sat idle past `Run.expiresAt` and was closed.' },
  } satisfies Record<(typeof RUN_LIFECYCLE_EVENT_TYPES)[number], { description: string }>,
});

const RunLifecycleEventRef = builder.objectRef<RunLifecycleEvent>('RunLifecycleEvent').implement({
  description: 'A run started, completed (every step settled), was attested or expired. Sent after the change commits.',
  fields: (t) => ({
    type: t.field({ type: RunLifecycleEventTypeEnum, description: 'What happened.', resolve: (event) => event.type }),
    runId: t.exposeID('runId', { description: 'Pass it to `run(id)` or `runProgress(runId)` for the details.' }),
    space: t.exposeString('space', { description: "The run's space." }),
    principalId: t.exposeID('principalId', { description: 'Who runs it.' }),
    protocolLabel: t.exposeString('protocolLabel', { description: 'The protocol title.' }),
    status: t.field({ type: RunStatusEnum, description: "The run's status after this event.", resolve: (event) => event.status }),
    stepCount: t.exposeInt('stepCount', { description: 'Steps in the run.' }),
    seq: t.exposeInt('seq', { description: "This event's number in the run's own history (as in `runProgress` and `Run.events`)." }),
    at: t.field({ type: 'DateTime', description: 'When it happened.', resolve: (event) => event.at }),
  }),
});

builder.subscriptionField('runEvents', (t) =>
  t.field({
    type: RunLifecycleEventRef,
    description:
      'Live feed of runs starting, completing, being attested or expiring, in one space or (space omitted) every space you can read. Nothing is replayed: list runs first with the runs query, then follow this feed. Answers `FORBIDDEN` for a space you cannot read.',
    args: { space: t.arg.string({ description: 'A space id, or "personal" for your own; omitted: every space you can read.' }) },
    subscribe: (_root, args, ctx) => ctx.services.runs.watchRunLifecycle(ctx.viewer, args, ctx.overflow),
    resolve: (event) => event,
  }),
);
