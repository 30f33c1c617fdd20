import { builder } from '../builder.js';
import type { ChallengePrompt, RunEvent, RunLifecycleEvent } from '../events/topics.js';
import type { AttestPayload } from '../runs/attest-payload.js';
import type { DisplayedChallenge } from '../runs/challenge-display.js';
import type { ProofRecord } from '../runs/proof-record.js';
import { STEP_ERROR_CODE_DESCRIPTIONS } from '../runs/step-error-code.js';
import type { NextCall } from '../runs/step-messages.js';
import type { CurrentStep, StepPayload } from '../runs/step-payload.js';
import type { AnswerPromptResult } from '../services/run-service.js';
import { RUN_LIFECYCLE_EVENT_TYPES } from '../events/topics.js';
import type { RunRecord, StoredProof } from '../store/run-store.js';
import { ChallengeTypeEnum, CommentChallengeRef, McpChallengeRef, ShellChallengeRef, UserInputChallengeRef } from './challenge.js';
import { connectionType } from './connection.js';
import { ProtocolRef } from './protocol.js';

export const StepErrorCodeEnum = builder.enumType('StepErrorCode', {
  description: 'Why a run call did not advance the run. Agents branch on these, never on messages.',
  values: Object.fromEntries(Object.entries(STEP_ERROR_CODE_DESCRIPTIONS).map(([code, description]) => [code, { description }])) as Record<
    keyof typeof STEP_ERROR_CODE_DESCRIPTIONS,
    { description: string }
  >,
});

const OutcomeEnum = builder.enumType('Outcome', { values: ['SUCCESS', 'FAILURE'] as const });

const NextOperationEnum = builder.enumType('NextOperation', {
  description: 'The mutation `nextAction` tells the agent to call.',
  values: ['NEXT', 'ATTEST', 'BEGIN', 'UPDATE_MEMORIES', 'NONE'] as const,
});

export const RunStatusEnum = builder.enumType('RunStatus', {
  values: {
    ACTIVE: { description: 'A step waits for proof.' },
    COMPLETED: { description: 'Every step is settled; only attest remains.' },
    ATTESTED: { description: 'Closed by attest (SUCCESS or FAILURE).' },
    EXPIRED: { description: 'Closed after sitting idle past expiresAt.' },
  } as const,
});

const RunEventTypeEnum = builder.enumType('RunEventType', {
  values: [
    'STARTED',
    'STEP_PROVEN',
    'STEP_FAILED',
    'PROOF_MISSING',
    'MAX_RETRIES',
    'PROMPT_ISSUED',
    'PROMPT_ANSWERED',
    'COMPLETED',
    'ATTESTED',
    'EXPIRED',
  ] as const,
});

const PromptStatusEnum = builder.enumType('PromptStatus', { values: ['OPEN', 'ANSWERED', 'EXPIRED'] as const });
const ProofStatusEnum = builder.enumType('ProofStatus', { values: ['SUCCESS', 'FAILED'] as const });
const ProofSourceEnum = builder.enumType('ProofSource', { values: ['AGENT', 'HUMAN'] as const });

const NextCallRef = builder.objectRef<NextCall>('NextCall').implement({
  description: 'The same instruction as `nextAction`, machine-readable.',
  fields: (t) => ({
    operation: t.field({ type: NextOperationEnum, resolve: (call) => call.operation }),
    uri: t.exposeString('uri', { nullable: true }),
    runId: t.exposeID('runId', { nullable: true }),
  }),
});

const CurrentStepRef = builder.objectRef<CurrentStep>('CurrentStep').implement({
  fields: (t) => ({
    uri: t.exposeString('uri'),
    content: t.exposeString('content', { description: 'The step body (BODY markers honoured).' }),
    mimeType: t.exposeString('mimeType'),
    stepIndex: t.exposeInt('stepIndex'),
    stepCount: t.exposeInt('stepCount'),
  }),
});

const StepChallengeRef = builder.objectRef<DisplayedChallenge>('StepChallenge').implement({
  description: 'The challenge to prove the current step, with the nonce and proofHash to echo.',
  fields: (t) => ({
    type: t.field({ type: ChallengeTypeEnum, resolve: (challenge) => challenge.type }),
    description: t.exposeString('description'),
    required: t.exposeBoolean('required'),
    nonce: t.exposeString('nonce', {
      nullable: true,
      description: 'Echo it as solution.nonce. Null once every step is settled (the run is COMPLETED): nothing is left to prove, call attest.',
    }),
    proofHash: t.exposeString('proofHash', { description: 'Echo it as solution.proofHash.' }),
    promptId: t.exposeID('promptId', { nullable: true, description: 'For user_input: a person can answer it with answerPrompt.' }),
    shell: t.field({ type: ShellChallengeRef, nullable: true, resolve: (challenge) => challenge.shell }),
    mcp: t.field({ type: McpChallengeRef, nullable: true, resolve: (challenge) => challenge.mcp }),
    userInput: t.field({ type: UserInputChallengeRef, nullable: true, resolve: (challenge) => challenge.userInput }),
    comment: t.field({ type: CommentChallengeRef, nullable: true, resolve: (challenge) => challenge.comment }),
  }),
});

export const StepPayloadRef = builder.objectRef<StepPayload>('StepPayload').implement({
  description: 'The answer of begin and next: the step to work on and exactly what to call next.',
  fields: (t) => ({
    mustObey: t.exposeBoolean('mustObey', { description: 'When true, do exactly what nextAction says.' }),
    runId: t.exposeID('runId'),
    currentStep: t.field({ type: CurrentStepRef, nullable: true, resolve: (payload) => payload.currentStep }),
    challenge: t.field({ type: StepChallengeRef, nullable: true, resolve: (payload) => payload.challenge }),
    message: t.exposeString('message', { nullable: true }),
    nextAction: t.exposeString('nextAction'),
    nextCall: t.field({ type: NextCallRef, resolve: (payload) => payload.nextCall }),
    proofHash: t.exposeString('proofHash', { nullable: true, description: 'Hash of the proof this call stored.' }),
    errorCode: t.field({ type: StepErrorCodeEnum, nullable: true, resolve: (payload) => payload.errorCode }),
    retryCount: t.exposeInt('retryCount'),
  }),
});

const AttestPayloadRef = builder.objectRef<AttestPayload>('AttestPayload').implement({
  fields: (t) => ({
    runId: t.exposeID('runId'),
    uri: t.exposeString('uri'),
    outcome: t.field({ type: OutcomeEnum, resolve: (payload) => payload.outcome }),
    message: t.exposeString('message'),
    qualityBonus: t.exposeFloat('qualityBonus'),
    ratedAt: t.field({ type: 'DateTime', nullable: true, resolve: (payload) => payload.ratedAt }),
    errorCode: t.field({ type: StepErrorCodeEnum, nullable: true, resolve: (payload) => payload.errorCode }),
    nextAction: t.exposeString('nextAction'),
  }),
});

const ShellProofRef = builder.objectRef<NonNullable<ProofRecord['shell']>>('ShellProof').implement({
  fields: (t) => ({
    exitCode: t.exposeInt('exitCode'),
    stdout: t.exposeString('stdout'),
    stderr: t.exposeString('stderr'),
    durationSeconds: t.exposeFloat('durationSeconds', { nullable: true }),
  }),
});

const McpProofRef = builder.objectRef<NonNullable<ProofRecord['mcp']>>('McpProof').implement({
  fields: (t) => ({
    toolName: t.exposeString('toolName'),
    arguments: t.field({ type: 'JSON', nullable: true, resolve: (mcp) => mcp.arguments ?? null }),
    result: t.field({ type: 'JSON', nullable: true, resolve: (mcp) => mcp.result ?? null }),
    success: t.exposeBoolean('success'),
  }),
});

const UserInputProofRef = builder.objectRef<NonNullable<ProofRecord['userInput']>>('UserInputProof').implement({
  fields: (t) => ({
    confirmation: t.exposeString('confirmation'),
    timestamp: t.exposeString('timestamp'),
  }),
});

const CommentProofRef = builder.objectRef<NonNullable<ProofRecord['comment']>>('CommentProof').implement({
  fields: (t) => ({ text: t.exposeString('text') }),
});

const ProofRecordRef = builder.objectRef<StoredProof>('ProofRecord').implement({
  description: 'One proof a run received. Settled proofs form the hash chain; the others are failed attempts.',
  fields: (t) => ({
    stepUri: t.string({ resolve: (proof) => proof.record.stepUri }),
    stepIndex: t.int({ resolve: (proof) => proof.record.stepIndex }),
    type: t.field({ type: ChallengeTypeEnum, resolve: (proof) => proof.record.type }),
    status: t.field({ type: ProofStatusEnum, resolve: (proof) => (proof.record.status === 'success' ? 'SUCCESS' : 'FAILED') }),
    source: t.field({ type: ProofSourceEnum, resolve: (proof) => proof.record.source }),
    settled: t.exposeBoolean('settled', { description: 'Part of the hash chain (the step moved on).' }),
    executedAt: t.field({ type: 'DateTime', resolve: (proof) => proof.record.executedAt }),
    nonce: t.string({ resolve: (proof) => proof.record.nonce }),
    previousProofHash: t.string({ resolve: (proof) => proof.record.previousProofHash }),
    proofHash: t.exposeString('proofHash', { description: 'SHA-256 of the canonical JSON of the record.' }),
    shell: t.field({ type: ShellProofRef, nullable: true, resolve: (proof) => proof.record.shell ?? null }),
    mcp: t.field({ type: McpProofRef, nullable: true, resolve: (proof) => proof.record.mcp ?? null }),
    userInput: t.field({ type: UserInputProofRef, nullable: true, resolve: (proof) => proof.record.userInput ?? null }),
    comment: t.field({ type: CommentProofRef, nullable: true, resolve: (proof) => proof.record.comment ?? null }),
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
  description: 'One step of a run, numbered per run (seq) so a reconnecting client can resume with afterSeq.',
  fields: (t) => ({
    runId: t.exposeID('runId'),
    seq: t.exposeInt('seq'),
    type: t.field({ type: RunEventTypeEnum, resolve: (event) => event.type }),
    stepUri: t.exposeString('stepUri', { nullable: true }),
    stepIndex: t.exposeInt('stepIndex', { nullable: true }),
    stepCount: t.exposeInt('stepCount'),
    errorCode: t.field({ type: StepErrorCodeEnum, nullable: true, resolve: (event) => event.errorCode }),
    message: t.exposeString('message', { nullable: true }),
    at: t.field({ type: 'DateTime', resolve: (event) => event.at }),
  }),
});

export const ChallengePromptRef = builder.objectRef<ChallengePrompt>('ChallengePrompt').implement({
  description: 'A user_input challenge a person can answer with answerPrompt.',
  fields: (t) => ({
    promptId: t.exposeID('promptId'),
    runId: t.exposeID('runId'),
    space: t.exposeString('space'),
    stepUri: t.exposeString('stepUri'),
    stepIndex: t.exposeInt('stepIndex'),
    protocolLabel: t.exposeString('protocolLabel'),
    prompt: t.exposeString('prompt'),
    stepContent: t.exposeString('stepContent'),
    requireHuman: t.exposeBoolean('requireHuman', { description: 'Only a person (role HUMAN, REVIEWER or ADMIN) other than the runner can answer it.' }),
    status: t.field({ type: PromptStatusEnum, resolve: (prompt) => prompt.status }),
    createdAt: t.field({ type: 'DateTime', resolve: (prompt) => prompt.createdAt }),
    at: t.field({ type: 'DateTime', description: 'When the status last changed.', resolve: (prompt) => prompt.at }),
  }),
});

export const RunRef = builder.objectRef<RunRecord>('Run').implement({
  description: 'One execution of a protocol: begin → next… → attest.',
  fields: (t) => ({
    id: t.exposeID('_id'),
    status: t.field({ type: RunStatusEnum, resolve: (run) => run.status }),
    space: t.exposeString('space'),
    principalId: t.exposeID('principalId'),
    protocolLabel: t.string({ resolve: (run) => run.protocol.label }),
    protocolUri: t.string({ description: 'Step 1 of the protocol when the run began.', resolve: (run) => run.protocol.headUri }),
    protocol: t.field({
      type: ProtocolRef,
      nullable: true,
      description: 'The protocol as it is now (null if it was deleted).',
      resolve: (run, _args, ctx) => ctx.reader.protocol({ uri: run.protocol.headUri }),
    }),
    stepUris: t.exposeStringList('stepUris'),
    stepCount: t.int({ resolve: (run) => run.stepUris.length }),
    pendingStepIndex: t.int({
      nullable: true,
      description: 'The 1-based step waiting for proof. Null once no step waits: every step is settled (COMPLETED), or the run is ATTESTED or EXPIRED.',
      resolve: (run) => (run.status === 'ACTIVE' && run.state.pendingStepIndex <= run.stepUris.length ? run.state.pendingStepIndex : null),
    }),
    retryCount: t.int({ resolve: (run) => run.state.retryCount }),
    outcome: t.field({ type: OutcomeEnum, nullable: true, resolve: (run) => run.state.outcome }),
    proofs: t.field({ type: [ProofRecordRef], resolve: (run) => run.proofs }),
    attestation: t.field({ type: AttestPayloadRef, nullable: true, resolve: (run) => run.attestation }),
    events: t.field({
      type: [RunEventRef],
      args: { afterSeq: t.arg.int({ description: 'Only events with a larger seq.' }) },
      resolve: (run, args, ctx) => ctx.services.runs.eventsOf(run, args.afterSeq ?? 0),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (run) => run.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (run) => run.updatedAt }),
    expiresAt: t.field({ type: 'DateTime', description: 'An idle run expires then.', resolve: (run) => run.expiresAt }),
  }),
});

builder.queryField('run', (t) =>
  t.field({
    type: RunRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.services.runs.getRun(ctx.viewer, args.id),
  }),
);

const RunConnectionRef = connectionType('Run', RunRef);

const RunFilterInput = builder.inputType('RunFilter', {
  fields: (t) => ({
    space: t.string(),
    status: t.field({ type: RunStatusEnum }),
    chainId: t.id(),
  }),
});

builder.queryField('runs', (t) =>
  t.field({
    type: RunConnectionRef,
    description: 'Runs in the spaces you can read, most recently active first.',
    args: { filter: t.arg({ type: RunFilterInput }), first: t.arg.int(), after: t.arg.string() },
    resolve: (_root, args, ctx) => ctx.services.runs.listRuns(ctx.viewer, { ...args.filter, first: args.first, after: args.after }),
  }),
);

const BeginInput = builder.inputType('BeginInput', {
  description: 'Exactly one of uri (any step of the protocol) or key (its slug).',
  fields: (t) => ({ uri: t.string(), key: t.string() }),
});

builder.mutationField('begin', (t) =>
  t.field({
    type: StepPayloadRef,
    args: { input: t.arg({ type: BeginInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.runs.begin(ctx.viewer, ctx.reader, input, ctx.vocabulary),
  }),
);

const ShellSolutionInput = builder.inputType('ShellSolutionInput', {
  fields: (t) => ({ exitCode: t.int(), stdout: t.string(), stderr: t.string(), durationSeconds: t.float() }),
});
const McpSolutionInput = builder.inputType('McpSolutionInput', {
  fields: (t) => ({ toolName: t.string(), arguments: t.field({ type: 'JSON' }), result: t.field({ type: 'JSON' }), success: t.boolean() }),
});
const UserInputSolutionInput = builder.inputType('UserInputSolutionInput', {
  fields: (t) => ({ confirmation: t.string(), timestamp: t.string() }),
});
const CommentSolutionInput = builder.inputType('CommentSolutionInput', {
  fields: (t) => ({ text: t.string() }),
});

const SolutionInput = builder.inputType('SolutionInput', {
  description: "The proof of the run's pending step: echo the challenge's nonce and proofHash, fill the type's object.",
  fields: (t) => ({
    type: t.field({ type: ChallengeTypeEnum, required: true }),
    nonce: t.string(),
    proofHash: t.string(),
    shell: t.field({ type: ShellSolutionInput }),
    mcp: t.field({ type: McpSolutionInput }),
    userInput: t.field({ type: UserInputSolutionInput }),
    comment: t.field({ type: CommentSolutionInput }),
  }),
});

const NextInput = builder.inputType('NextInput', {
  fields: (t) => ({
    uri: t.string({ required: true, description: 'The pending step, or the step right after it (what nextAction names).' }),
    runId: t.id({ description: 'Omitted: your most recent open run of this protocol.' }),
    solution: t.field({ type: SolutionInput }),
  }),
});

builder.mutationField('next', (t) =>
  t.field({
    type: StepPayloadRef,
    args: { input: t.arg({ type: NextInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.runs.next(ctx.viewer, input, ctx.vocabulary),
  }),
);

const AttestInput = builder.inputType('AttestInput', {
  fields: (t) => ({
    uri: t.string({ required: true }),
    runId: t.id(),
    outcome: t.field({ type: OutcomeEnum, required: true }),
    message: t.string({ required: true }),
    qualityBonus: t.float(),
    llmModelId: t.string(),
  }),
});

builder.mutationField('attest', (t) =>
  t.field({
    type: AttestPayloadRef,
    args: { input: t.arg({ type: AttestInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.runs.attest(ctx.viewer, input, ctx.vocabulary),
  }),
);

const AnswerPromptInput = builder.inputType('AnswerPromptInput', {
  fields: (t) => ({
    promptId: t.id({ required: true }),
    confirmation: t.string({ required: true, description: 'The reply: "approve", "yes", or a decline such as "rejected".' }),
  }),
});

const AnswerPromptPayloadRef = builder.objectRef<AnswerPromptResult>('AnswerPromptPayload').implement({
  fields: (t) => ({
    prompt: t.field({ type: ChallengePromptRef, resolve: (payload) => payload.prompt }),
    result: t.field({ type: StepPayloadRef, description: 'The run after the answer.', resolve: (payload) => payload.result }),
  }),
});

builder.mutationField('answerPrompt', (t) =>
  t.field({
    type: AnswerPromptPayloadRef,
    description:
      "A person's answer to an open user_input prompt (from challengePrompts or a StepPayload's challenge.promptId); the run moves on as if the step were proven with source HUMAN. A prompt with requireHuman takes the answer only of a principal with role HUMAN, REVIEWER or ADMIN who is not the runner; others get FORBIDDEN. Admins may answer prompts in personal spaces. Codes: NOT_FOUND, FORBIDDEN, BAD_USER_INPUT (empty confirmation), PAYLOAD_TOO_LARGE (confirmation over 10,000 characters).",
    args: { input: t.arg({ type: AnswerPromptInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.services.runs.answerPrompt(ctx.viewer, input, { vocabulary: ctx.vocabulary, atHost: ctx.answerAtHost }),
  }),
);

builder.subscriptionField('runProgress', (t) =>
  t.field({
    type: RunEventRef,
    description: 'The run events after afterSeq (replayed from the database), then live ones.',
    args: { runId: t.arg.id({ required: true }), afterSeq: t.arg.int() },
    subscribe: (_root, args, ctx) => ctx.services.runs.watchRun(ctx.viewer, args.runId, args.afterSeq ?? 0),
    resolve: (event) => event,
  }),
);

builder.subscriptionField('challengePrompts', (t) =>
  t.field({
    type: ChallengePromptRef,
    description: 'Open prompts first, then every prompt change, for one run or a space (default: all your spaces).',
    args: { runId: t.arg.id(), space: t.arg.string() },
    subscribe: (_root, args, ctx) => ctx.services.runs.watchPrompts(ctx.viewer, args),
    resolve: (prompt) => prompt,
  }),
);

const RunLifecycleEventTypeEnum = builder.enumType('RunLifecycleEventType', {
  description: 'What happened to a run, as the runEvents feed reports it.',
  values: RUN_LIFECYCLE_EVENT_TYPES,
});

const RunLifecycleEventRef = builder.objectRef<RunLifecycleEvent>('RunLifecycleEvent').implement({
  description: 'A run started, completed (every step settled), was attested or expired. Sent after the change commits.',
  fields: (t) => ({
    type: t.field({ type: RunLifecycleEventTypeEnum, resolve: (event) => event.type }),
    runId: t.exposeID('runId', { description: 'Pass it to run(id) or runProgress(runId) for the details.' }),
    space: t.exposeString('space'),
    principalId: t.exposeID('principalId', { description: 'Who runs it.' }),
    protocolLabel: t.exposeString('protocolLabel', { description: 'The protocol title.' }),
    status: t.field({ type: RunStatusEnum, description: "The run's status after this event.", resolve: (event) => event.status }),
    stepCount: t.exposeInt('stepCount'),
    seq: t.exposeInt('seq', { description: "This event's number in the run's own history (as in runProgress and Run.events)." }),
    at: t.field({ type: 'DateTime', resolve: (event) => event.at }),
  }),
});

builder.subscriptionField('runEvents', (t) =>
  t.field({
    type: RunLifecycleEventRef,
    description:
      'Live feed of runs starting, completing, being attested or expiring, in one space or (space omitted) every space you can read. Nothing is replayed: list runs first with the runs query, then follow this feed. Answers FORBIDDEN for a space you cannot read.',
    args: { space: t.arg.string({ description: 'A space id, or "personal" for your own; omitted: every space you can read.' }) },
    subscribe: (_root, args, ctx) => ctx.services.runs.watchRunLifecycle(ctx.viewer, args),
    resolve: (event) => event,
  }),
);
