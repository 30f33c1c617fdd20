/**
 * Who may answer a prompt: the one rule every door (GraphQL answerPrompt, the MCP tools, the
 * answer an MCP host relays from its person through elicitation, /ui) is held to. RunService
 * applies it in answerPrompt, the one place prompts are answered; docs/security.md states it.
 *
 * - A prompt without `require_human`: anyone who can see the run may answer it.
 * - A `require_human` prompt needs a person (role HUMAN, REVIEWER or ADMIN) who is not the
 *   principal running the protocol. The run's own principal may not approve it on any door,
 *   including an answer its MCP host relays "from the person": that answer arrives with the
 *   runner's own credential, so the server cannot tell the person from the agent behind it.
 * - With authentication off there is one local principal, who is everyone: it may answer.
 */
import { isPerson, type Viewer } from '../auth/viewer.js';

export const PROMPT_ANSWER_REFUSALS = ['NOT_A_PERSON', 'OWN_RUN'] as const;
export type PromptAnswerRefusal = (typeof PROMPT_ANSWER_REFUSALS)[number];

/** How the answer reached the server: sent by the answerer, or relayed by the runner's host from its person. */
export type AnswerChannel = 'DIRECT' | 'RELAYED_BY_HOST';

export interface PromptToAnswer {
  requireHuman: boolean;
}

/** Why this answerer may not answer this prompt of this run, or null when it may. */
export function promptAnswerRefusal(
  prompt: PromptToAnswer,
  run: { principalId: string },
  answerer: Viewer,
  _channel: AnswerChannel = 'DIRECT',
): PromptAnswerRefusal | null {
  if (!prompt.requireHuman) return null;
  if (!isPerson(answerer)) return 'NOT_A_PERSON';
  // The channel does not matter: a relayed answer carries the runner's credential (see above).
  if (answerer.authenticated && answerer.principalId === run.principalId) return 'OWN_RUN';
  return null;
}

/** What each refusal tells the answerer (every door refuses with FORBIDDEN and this text). */
export const PROMPT_ANSWER_MESSAGES: Record<PromptAnswerRefusal, string> = {
  NOT_A_PERSON: 'This prompt requires a human: answer it with a token of a person (role HUMAN, REVIEWER or ADMIN)',
  OWN_RUN:
    'This prompt requires a person other than the principal running the protocol (not even through its own MCP host): ask another person to answer it',
};
