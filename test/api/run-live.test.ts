import { describe, expect, it } from 'vitest';
import { collect, useTestServer } from '../support/app.js';
import { MintDocument } from './documents.js';
import { uniqueTitle } from './fixtures.js';
import {
  AnswerPromptDocument,
  AttestDocument,
  BeginDocument,
  ChallengePromptsDocument,
  NextDocument,
  RunProgressDocument,
} from './run-documents.js';

const server = useTestServer();

const protocolWithPrompt = () => `# ${uniqueTitle('Release gate')}

## Approve

\`\`\`json
{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve deployment to production?"}}}
\`\`\`

## Release

Release it.
`;

describe('live prompts and progress over graphql-ws', () => {
  it('delivers the prompt, takes the answer, streams progress to ATTESTED, and replays exactly what a reconnecting client missed', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: protocolWithPrompt() } });
    const [step1, step2] = mint.protocol.stepUris as [string, string];

    const prompts = collect(server.wsClient(), ChallengePromptsDocument, { space: 'personal' });
    // No wait needed: prompts already open when the subscription starts are sent first.
    const { begin } = await server.query(BeginDocument, { input: { uri: step1 } });

    const [issued] = await prompts.until(1);
    expect(issued!.challengePrompts).toMatchObject({
      promptId: begin.challenge!.promptId,
      runId: begin.runId,
      stepUri: step1,
      prompt: 'Approve deployment to production?',
      protocolLabel: mint.protocol.label,
      status: 'OPEN',
    });

    // A watcher from the start, and one that drops after the first two events.
    const watcher = collect(server.wsClient(), RunProgressDocument, { runId: begin.runId });
    const dropping = collect(server.wsClient(), RunProgressDocument, { runId: begin.runId });
    const early = await dropping.until(2);
    dropping.stop();
    expect(early.map((event) => [event.runProgress.seq, event.runProgress.type])).toEqual([
      [1, 'STARTED'],
      [2, 'PROMPT_ISSUED'],
    ]);

    const { answerPrompt } = await server.query(AnswerPromptDocument, {
      input: { promptId: issued!.challengePrompts.promptId, confirmation: 'Approved' },
    });
    expect(answerPrompt.result.nextCall.operation).toBe('ATTEST');
    const [, answered] = await prompts.until(2);
    expect(answered!.challengePrompts).toMatchObject({ promptId: begin.challenge!.promptId, status: 'ANSWERED' });
    prompts.stop();

    // The agent catches up with the step the person answered: accepted as the same result, no new event.
    const agent = await server.query(NextDocument, {
      input: {
        uri: step2,
        runId: begin.runId,
        solution: {
          type: 'USER_INPUT',
          nonce: begin.challenge!.nonce,
          proofHash: begin.challenge!.proofHash,
          userInput: { confirmation: 'Approved' },
        },
      },
    });
    expect(agent.next).toEqual(answerPrompt.result);
    await server.query(AttestDocument, { input: { uri: step2, runId: begin.runId, outcome: 'SUCCESS', message: 'released' } });

    const all = (await watcher.until(6)).map((event) => [event.runProgress.seq, event.runProgress.type]);
    watcher.stop();
    expect(all).toEqual([
      [1, 'STARTED'],
      [2, 'PROMPT_ISSUED'],
      [3, 'PROMPT_ANSWERED'],
      [4, 'STEP_PROVEN'],
      [5, 'COMPLETED'],
      [6, 'ATTESTED'],
    ]);

    // Reconnect with the last seq seen: exactly the missed events, then nothing more.
    const resumed = collect(server.wsClient(), RunProgressDocument, { runId: begin.runId, afterSeq: 2 });
    const missed = await resumed.until(4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    resumed.stop();
    expect(missed.map((event) => event.runProgress.seq)).toEqual([3, 4, 5, 6]);
    expect(resumed.events).toHaveLength(4);
  });

  it('sends the prompts that are already open when a page subscribes', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: protocolWithPrompt() } });
    const { begin } = await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
    const late = collect(server.wsClient(), ChallengePromptsDocument, { runId: begin.runId });
    const [open] = await late.until(1);
    late.stop();
    expect(open!.challengePrompts).toMatchObject({ promptId: begin.challenge!.promptId, status: 'OPEN' });
  });
});
