/**
 * The person at the host answers a run's user_input prompt, on both eras: on 2025 sessions the
 * server pushes an elicitation request; on 2026-07-28 the tool call ends with `input_required`
 * and the retried call carries the answer. Either way the answer is stored through answerPrompt
 * as /ui stores it (source HUMAN, same events), and a decline or cancel is stored as the
 * person's refusal, so the step fails with USER_DECLINED by the same rules.
 */
import { PROMPT_ANSWER_MESSAGES, promptAnswerRefusal } from '../runs/prompt-answer-rule.js';
import { type ElicitRequestFormParams, type ElicitResult, inputResponse } from '@modelcontextprotocol/server';
import type { McpStepPayloadFragment } from '../generated/graphql.js';
import type { Logger } from '../observability/logger.js';
import { ELICITATION_REFUSALS } from '../runs/user-decline.js';
import type { OperationCaller, OperationOutcome, RunOperation } from './graphql-door.js';
import { McpAnswerPromptDocument } from './v3/operations.js';

/** `inputRequests` keys name the prompt they ask: `kairos_prompt:<promptId>`. */
export const HOST_PROMPT_KEY = 'kairos_prompt:';
/** A protocol of consecutive user_input steps is asked step by step, within reason. */
export const MAX_PROMPTS_PER_CALL = 20;
/** Prompt ids are short; a longer key is not ours. */
const MAX_PROMPT_ID_LENGTH = 128;

/** Ends a 2026-07-28 tool call with `input_required`: the host asks its person and retries. */
export class HostInputNeeded extends Error {
  readonly key: string;
  constructor(readonly payload: McpStepPayloadFragment & { challenge: { promptId: string } }) {
    super('input required');
    this.key = `${HOST_PROMPT_KEY}${payload.challenge.promptId}`;
  }
}

/**
 * The require_human rule says the run's own principal may not answer this prompt, on any door
 * (issue 23 §4): the call answers with the step, the code and where a person can answer.
 */
export class HostAnswerRefused extends Error {
  constructor(
    readonly payload: McpStepPayloadFragment,
    readonly personRequired: PersonRequired,
  ) {
    super(personRequired.message);
  }
}

export interface HostAsking {
  era: 'legacy' | 'modern';
  /** The client declared the `elicitation` capability (at initialize, or on this request's envelope). */
  hostCanAsk: boolean;
  livePageUrl: string;
  /** The 2025 era's push: ask the person over the session. */
  elicit(params: ElicitRequestFormParams): Promise<ElicitResult>;
}

/** The form put to the person, built from the prompt and the step. */
export function promptRequest(payload: McpStepPayloadFragment): ElicitRequestFormParams {
  const prompt = payload.challenge?.userInput?.prompt ?? 'Confirm';
  return {
    mode: 'form',
    message: payload.currentStep ? `${prompt}\n\n${payload.currentStep.content}` : prompt,
    requestedSchema: {
      type: 'object',
      properties: { confirmation: { type: 'string', title: prompt, description: 'Your answer, e.g. "approved", or why not.' } },
      required: ['confirmation'],
    },
  };
}

/** What the person at the host did with a prompt: an elicitation's result, or the live run view's answer. */
export interface HostReplyInput {
  action: string;
  content?: Record<string, unknown>;
}

/** The reply to store for what the person did: their words, or their refusal. */
export function replyOf(result: HostReplyInput): string {
  const confirmation = result.content?.confirmation;
  if (result.action === 'accept' && typeof confirmation === 'string' && confirmation.trim() !== '') return confirmation;
  return result.action === 'accept' || result.action === 'cancel' ? ELICITATION_REFUSALS.cancelled : ELICITATION_REFUSALS.declined;
}

export interface HostReply {
  promptId: string;
  reply: string;
}

/** The person's answers a retried 2026-07-28 call carries, for our own `inputRequests` keys only. */
export function hostReplies(responses: Record<string, unknown> | undefined): HostReply[] {
  if (!responses) return [];
  const replies: HostReply[] = [];
  for (const key of Object.keys(responses)) {
    if (!key.startsWith(HOST_PROMPT_KEY) || replies.length >= MAX_PROMPTS_PER_CALL) continue;
    const promptId = key.slice(HOST_PROMPT_KEY.length);
    if (promptId === '' || promptId.length > MAX_PROMPT_ID_LENGTH) continue;
    const view = inputResponse(responses, key);
    if (view.kind !== 'elicit') continue;
    replies.push({ promptId, reply: replyOf(view) });
  }
  return replies;
}

/**
 * Stores each reply as the person's answer; the run as it then stands. Sent as any answerPrompt
 * is (not marked as answered at the host), so the service applies the one require_human rule to
 * it too: a client that sends an answer it was never asked for gets the same FORBIDDEN.
 */
export async function answerHostReplies(
  app: { runOperation: RunOperation },
  caller: OperationCaller,
  replies: HostReply[],
): Promise<OperationOutcome<McpStepPayloadFragment>> {
  let last: OperationOutcome<McpStepPayloadFragment> | null = null;
  for (const { promptId, reply } of replies) {
    const answered = await app.runOperation(McpAnswerPromptDocument, { input: { promptId, confirmation: reply } }, caller);
    if (!answered.ok) return answered;
    last = { ok: true, data: answered.data.answerPrompt.result };
  }
  return last!;
}

export interface PersonRequired {
  code: string;
  message: string;
  prompt_id: string;
  answer_url: string;
}

/**
 * When the pending prompt is one the caller (who runs this run: it began or moved it) may not
 * answer, not even through its host: the code, why, and where a person answers it. Null otherwise.
 */
export function personRequired(
  caller: OperationCaller,
  challenge: { type: string; promptId?: string | null; userInput?: { requireHuman?: boolean | null } | null } | null | undefined,
  livePageUrl: string,
  /** The tool the runner calls again once the person answered. */
  callAgain: string,
): PersonRequired | null {
  if (!challenge || challenge.type !== 'USER_INPUT' || !challenge.promptId) return null;
  const viewer = caller.authentication.viewer;
  const refusal = promptAnswerRefusal(
    { requireHuman: Boolean(challenge.userInput?.requireHuman) },
    { principalId: viewer.principalId },
    viewer,
    'RELAYED_BY_HOST',
  );
  if (!refusal) return null;
  return {
    code: 'FORBIDDEN',
    message: `${PROMPT_ANSWER_MESSAGES[refusal]}. A person answers it on the live page; then call ${callAgain} with the same uri and no solution.`,
    prompt_id: challenge.promptId,
    answer_url: livePageUrl,
  };
}

/**
 * While the run's pending step is a user_input prompt and the host can ask its person, ask (or,
 * on 2026-07-28, end the call with `input_required`). A require_human prompt is never put to the
 * run's own host by an authenticated runner (issue 23 §4's rule: the run's principal may not
 * approve it); the call says so instead, with the live page where a person can answer.
 */
export async function askHost(
  app: { runOperation: RunOperation; log: Logger },
  caller: OperationCaller,
  payload: McpStepPayloadFragment,
  asking: HostAsking,
): Promise<OperationOutcome<McpStepPayloadFragment>> {
  let current = payload;
  for (let asked = 0; asked < MAX_PROMPTS_PER_CALL; asked++) {
    const challenge = current.challenge;
    if (!asking.hostCanAsk) break;
    if (!challenge || challenge.type !== 'USER_INPUT' || !challenge.promptId || !challenge.nonce) break;
    const required = personRequired(caller, challenge, asking.livePageUrl, 'kairos_next');
    if (required) throw new HostAnswerRefused(current, required);
    if (asking.era === 'modern') throw new HostInputNeeded(current as McpStepPayloadFragment & { challenge: { promptId: string } });
    let reply: string;
    try {
      reply = replyOf(await asking.elicit(promptRequest(current)));
    } catch (error) {
      // The host could not ask (closed, timed out): the agent gets the challenge as without elicitation.
      app.log.warn({ err: error }, 'elicitation failed; the challenge goes back to the agent');
      break;
    }
    const answered = await answerHostReplies(app, caller, [{ promptId: challenge.promptId, reply }]);
    if (!answered.ok) return answered;
    current = answered.data;
    // A declined step stays pending: asking again at once would loop; the agent decides.
    if (current.errorCode) break;
  }
  return { ok: true, data: current };
}
