/** The calls that move a run: begin, next, attest and answerPrompt, with their inputs. */
import { builder } from '../builder.js';
import { renderAttestPayload, renderStepPayload } from '../render/door-renderer.js';
import type { AnswerPromptResult } from '../services/run-service.js';
import { ChallengeTypeEnum, TensorSolutionInput } from './challenge.js';
import { ChallengePromptRef } from './run.js';
import { AttestPayloadRef, OutcomeEnum, StepPayloadRef } from './run-answers.js';

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
    resolve: async (_root, { input }, ctx) => renderStepPayload(await ctx.services.runs.begin(ctx.viewer, ctx.reader, input), ctx.renderer),
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
    trace: t.string({
      description: 'Your reasoning for this step (KAIROS 4 `solution.trace`): kept with the proof and exported in `TRACE_JSONL`, not checked and not part of the proof hash or of the resubmission check. At most 65,536 characters; 4 KiB are stored.',
    }),
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
    resolve: async (_root, { input }, ctx) => renderStepPayload(await ctx.services.runs.next(ctx.viewer, input), ctx.renderer),
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
    score: t.float({ description: 'Grading: how well the run went, 0 to 1 (else `BAD_USER_INPUT`). Feeds the ranking within ±0.04; a `FAILURE` counts 0 whatever its score.' }),
    rubricVersion: t.string({ description: 'Grading: the rubric or policy version the score follows (at most 64 characters); needed for the SFT and preference datasets.' }),
    rater: t.string({ description: 'Grading: the person who graded (at most 200 characters). A rater or an `llmModelId` is needed for the SFT and preference datasets.' }),
    feedback: t.string({ description: "Grading: the grader's words (at most 10,000 characters)." }),
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
    resolve: async (_root, { input }, ctx) => renderAttestPayload(await ctx.services.runs.attest(ctx.viewer, input), ctx.renderer),
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
      resolve: (payload, _args, ctx) => renderStepPayload(payload.result, ctx.renderer),
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
    resolve: (_root, { input }, ctx) => ctx.services.runs.answerPrompt(ctx.viewer, input, { atHost: ctx.answerAtHost }),
  }),
);

