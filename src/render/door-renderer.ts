/**
 * How a door words what the rules answer. The run rules and search return data (codes, URIs,
 * counts, the next operation: src/model/run-answers.ts, src/search/search-choices.ts); each door
 * has one renderer that turns that data into its `message`, `nextAction` and challenge
 * `description` text. The GraphQL schema's resolvers ask the context's renderer, which the door
 * chose when it built the context: `/graphql` and WebSocket use graphql-renderer.ts, the MCP
 * door mcp-v3-renderer.ts. A new door (or a new vocabulary) is one more file implementing this.
 */
import type { AttestAnswer, ChallengeView, Instruction, NextCall, RunNotice, StepAnswer } from '../model/run-answers.js';
import { nextCallOf } from '../model/run-answers.js';
import type { WriteNotice } from '../model/write-notices.js';
import type { SearchChoice, SearchResult, SearchSummary } from '../search/search-choices.js';

export interface DoorRenderer {
  /** Names the renderer; two operations worded by different renderers never share a subscription result. */
  readonly door: string;
  /** A run answer's `message`. */
  notice(notice: RunNotice): string;
  /** A run answer's `nextAction`. */
  nextAction(instruction: Instruction): string;
  /** A challenge's `description`: what to do to prove the step. */
  challengeDescription(challenge: ChallengeView): string;
  /** A search answer's `message` and `nextAction`. */
  searchSummary(summary: SearchSummary): { message: string; nextAction: string };
  /** A search choice's words: its `nextAction`, and the footer choices' titles. */
  searchChoice(choice: SearchChoice): { chainLabel: string; nextAction: string };
  /** How this door names a step the rules name by its `kairos://mem/` URI, in a run or not. */
  stepUri(uri: string, runId: string | null): string;
  /** A write notice's `message`: what the author should know about what was stored. */
  writeNotice(notice: WriteNotice): string;
}

/** The challenge as an answer shows it, worded. */
export type StepChallenge = Omit<ChallengeView, 'description'> & { description: string };

/** The answer of begin, next and answerPrompt as the API shows it (reference field names mapped one-to-one to camelCase). */
export interface StepPayload extends Omit<StepAnswer, 'challenge' | 'notice' | 'instruction'> {
  challenge: StepChallenge | null;
  message: string | null;
  nextAction: string;
  nextCall: NextCall;
}

/** The answer of attest as the API shows it. */
export interface AttestPayload extends Omit<AttestAnswer, 'notice' | 'instruction'> {
  /** The caller's message when rated; the reason otherwise. */
  message: string;
  nextAction: string;
}

/** The step an answer shows and the one its next call names, in the door's URI form (and the door's words). */
export function renderStepPayload(answer: StepAnswer, renderer: DoorRenderer): StepPayload {
  const { challenge, notice, instruction, currentStep, ...rest } = answer;
  const nextCall = nextCallOf(instruction);
  return {
    ...rest,
    currentStep: currentStep ? { ...currentStep, uri: renderer.stepUri(currentStep.uri, answer.runId) } : null,
    challenge: challenge ? { ...challenge, description: renderer.challengeDescription(challenge) } : null,
    message: notice ? renderer.notice(notice) : null,
    nextAction: renderer.nextAction(instruction),
    nextCall: nextCall.uri ? { ...nextCall, uri: renderer.stepUri(nextCall.uri, nextCall.runId) } : nextCall,
  };
}

export function renderAttestPayload(answer: AttestAnswer, renderer: DoorRenderer): AttestPayload {
  const { notice, instruction, ...rest } = answer;
  return { ...rest, message: renderer.notice(notice), nextAction: renderer.nextAction(instruction) };
}

/** A search choice as the API shows it. */
export type SearchChoicePayload = SearchChoice & { nextAction: string };

/** The answer of search as the API shows it. */
export interface SearchPayload {
  mustObey: boolean;
  message: string;
  nextAction: string;
  choices: SearchChoicePayload[];
}

export function renderSearchResult(result: SearchResult, renderer: DoorRenderer): SearchPayload {
  return {
    mustObey: result.mustObey,
    ...renderer.searchSummary(result.summary),
    choices: result.choices.map((choice) => ({ ...choice, ...renderer.searchChoice(choice) })),
  };
}
