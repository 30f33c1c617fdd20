/** Runs as records: the run, its proofs, events and prompts, the queries and the live feeds (the calls that move it: run-calls.ts). */
import { builder } from '../builder.js';
import type { ChallengePrompt, RunEvent, RunLifecycleEvent } from '../model/run-records.js';
import { type RUN_LIFECYCLE_EVENT_TYPES } from '../model/run-records.js';
import type { ProofRecord } from '../model/proof-record.js';
import { type PromptStatus, type PROOF_SOURCES, type PROOF_STATUSES, type RunEventType, type RunStatus } from '../model/run-enums.js';
import { renderAttestPayload } from '../render/door-renderer.js';
import { toChallengePrompt } from '../runs/run-feed-events.js';
import { answerOfStoredAttestation } from '../runs/stored-answers.js';
import type { RunRecord, StoredProof } from '../model/run-records.js';
import { ChallengeTypeEnum, TensorProofRef } from './challenge.js';
import { connectionType } from './connection.js';
import { ProtocolRef } from './protocol.js';
import { AttestPayloadRef, OutcomeEnum, StepErrorCodeEnum } from './run-answers.js';

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
    message: t.string({
      nullable: true,
      description: 'Detail: the refusal message, "no proof required", or the attested outcome.',
      resolve: (event, _args, ctx) => (event.notice ? ctx.renderer.notice(event.notice) : event.message),
    }),
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
    stepLabels: t.stringList({
      description: 'The step titles in order, as when the run began ("" for a step without one).',
      resolve: (run) => run.state.steps.map((step) => step.label ?? ''),
    }),
    pendingPrompt: t.field({
      type: ChallengePromptRef,
      nullable: true,
      description:
        'The open user_input prompt the pending step waits on (answer it with `answerPrompt`, as its `requireHuman` allows); null when none waits.',
      resolve: (run) => {
        const promptId = run.status === 'ACTIVE' ? run.state.pendingPromptId : null;
        const prompt = promptId ? run.prompts.find((candidate) => candidate._id === promptId && candidate.status === 'OPEN') : undefined;
        return prompt ? toChallengePrompt(prompt) : null;
      },
    }),
    pendingStepIndex: t.int({
      nullable: true,
      description: 'The 1-based step waiting for proof. Null once no step waits: every step is settled (COMPLETED), or the run is ATTESTED or EXPIRED.',
      resolve: (run) => (run.status === 'ACTIVE' && run.state.pendingStepIndex <= run.stepUris.length ? run.state.pendingStepIndex : null),
    }),
    retryCount: t.int({ description: 'Consecutive failed attempts at the pending step.', resolve: (run) => run.state.retryCount }),
    outcome: t.field({ type: OutcomeEnum, nullable: true, description: 'The attested outcome; null until `attest`.', resolve: (run) => run.state.outcome }),
    proofs: t.field({ type: [ProofRecordRef], description: 'Every proof received, in order.', resolve: (run) => run.proofs }),
    attestation: t.field({ type: AttestPayloadRef, nullable: true, description: 'The answer `attest` gave when it closed the run; null until then.', resolve: (run, _args, ctx) => (run.attestation ? renderAttestPayload(answerOfStoredAttestation(run.attestation), ctx.renderer) : null) }),
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
