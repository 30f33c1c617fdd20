/**
 * A run document holds its events and prompts, and one conditional update writes a whole
 * transition: concurrent answers to one prompt advance the run once and close the prompt once,
 * and the events and prompts the feeds replay are exactly the ones written.
 */
import { describe, expect, it } from 'vitest';
import { collect, useTestServer } from '../support/app.js';
import { MintDocument } from './documents.js';
import { uniqueTitle } from './fixtures.js';
import {
  AnswerPromptDocument,
  BeginDocument,
  ChallengePromptsDocument,
  NextDocument,
  RunDocument,
  RunProgressDocument,
} from './run-documents.js';

const server = useTestServer();
const fence = '```';

/** Two user_input steps, then a step without a challenge. */
const twoApprovals = () =>
  `# ${uniqueTitle('Two approvals')}\n\n` +
  [1, 2]
    .map(
      (n) =>
        `## Approve ${n}\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve part ${n}?"}}}\n${fence}`,
    )
    .join('\n\n') +
  '\n\n## Ship\n\nShip it.\n';

describe('a run written as one document', () => {
  it('advances once and closes the prompt once when agents and people answer the same prompt at once', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: twoApprovals() } });
    const { begin } = await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
    const challenge = begin.challenge!;
    const solution = {
      type: challenge.type,
      nonce: challenge.nonce,
      proofHash: challenge.proofHash,
      userInput: { confirmation: 'approved' },
    };
    const nexts = Array.from({ length: 8 }, () =>
      server.request(NextDocument, { input: { uri: begin.currentStep!.uri, runId: begin.runId, solution } }),
    );
    const answers = Array.from({ length: 4 }, () =>
      server.request(AnswerPromptDocument, { input: { promptId: challenge.promptId!, confirmation: 'approve' } }),
    );
    const results = await Promise.all([...nexts, ...answers]);
    expect(results.every((result) => !result.errors)).toBe(true);

    const { run } = await server.query(RunDocument, { id: begin.runId });
    expect(run!.proofs.filter((proof) => proof.stepIndex === 1)).toHaveLength(1);
    expect(run!.pendingStepIndex).toBe(2);
    const types = run!.events.map((event) => event.type);
    expect(types.filter((type) => type === 'PROMPT_ISSUED')).toHaveLength(2);
    expect(types.filter((type) => type === 'STEP_PROVEN')).toHaveLength(1);
    expect(run!.events.map((event) => event.seq)).toEqual(types.map((_, index) => index + 1));

    // The feed lists the one prompt still open: step 2's, never step 1's again.
    const prompts = collect(server.wsClient(), ChallengePromptsDocument, { runId: begin.runId });
    const [open] = await prompts.until(1);
    expect(open!.challengePrompts).toMatchObject({ stepUri: mint.protocol.stepUris[1], status: 'OPEN' });
    prompts.stop();
    const stored = await server
      .mongo()
      .db(server.dbName)
      .collection('runs')
      .findOne({ _id: begin.runId as never });
    expect((stored!.prompts as { stepIndex: number; status: string }[]).map((prompt) => [prompt.stepIndex, prompt.status])).toEqual([
      [1, 'ANSWERED'],
      [2, 'OPEN'],
    ]);
  });

  it('replays by seq exactly the events Run.events lists', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: twoApprovals() } });
    const { begin } = await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
    let step = begin;
    for (let prompt = 0; prompt < 2; prompt++) {
      step = (await server.query(AnswerPromptDocument, { input: { promptId: step.challenge!.promptId!, confirmation: 'approve' } }))
        .answerPrompt.result;
    }
    const { run } = await server.query(RunDocument, { id: begin.runId });
    const seqs = run!.events.map((event) => event.seq);
    expect(seqs.length).toBeGreaterThan(4);
    const replay = collect(server.wsClient(), RunProgressDocument, { runId: begin.runId, afterSeq: 2 });
    const replayed = await replay.until(seqs.length - 2);
    expect(replayed.map((event) => event.runProgress.seq)).toEqual(seqs.slice(2));
    expect(replayed.map((event) => event.runProgress.type)).toEqual(run!.events.slice(2).map((event) => event.type));
    replay.stop();
  });
});
