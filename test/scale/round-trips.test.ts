/**
 * What a protocol step costs the database, counted with the driver's command monitoring:
 * run state lives only in MongoDB, so this is the price of letting any process serve any call.
 */
import { describe, expect, it } from 'vitest';
import { MintDocument } from '../api/documents.js';
import { BeginDocument, NextDocument } from '../api/run-documents.js';
import { useTestServer } from '../support/app.js';
import { promptProtocol, shellProtocol, shellSolution } from './protocols.js';

const server = useTestServer();

async function commandsDuring(work: () => Promise<unknown>): Promise<string[]> {
  // The work trailing earlier answers (a mint's vectors and change stamp) is not this call's.
  await server.running.services.semanticIndex.settled();
  const commands: string[] = [];
  const listener = (event: { commandName: string }) => commands.push(event.commandName);
  server.running.mongoClient.on('commandStarted', listener);
  try {
    await work();
  } finally {
    server.running.mongoClient.off('commandStarted', listener);
  }
  return commands;
}

describe('database round trips of a protocol run', () => {
  // The run document holds its events and prompts, so one conditional update writes a whole
  // transition: a lost database never leaves a run ahead of its events, with no transaction.
  it('costs a next 2 commands: load the run, then save it with its events if unchanged', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(3) } });
    let step = (await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })).begin;
    const perNext: string[][] = [];
    while (step.nextCall.operation === 'NEXT') {
      const solution = shellSolution(step.challenge!);
      const uri = step.currentStep!.uri;
      const runId = step.runId;
      perNext.push(await commandsDuring(async () => (step = (await server.query(NextDocument, { input: { uri, runId, solution } })).next)));
      expect(step.errorCode).toBeNull();
    }
    expect(perNext).toEqual([
      ['find', 'update'],
      ['find', 'update'],
      ['find', 'update'],
    ]);
  });

  // KAIROS 4's forward names the run in the URI (kairos://layer/<id>?execution_id=<run>): the
  // run loaded for the step also answers whose it is and whether it holds the layer.
  it('costs a next by layer URI with execution_id the same 2 commands', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(2) } });
    let step = (await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })).begin;
    const perNext: string[][] = [];
    while (step.nextCall.operation === 'NEXT') {
      const solution = shellSolution(step.challenge!);
      const uri = `kairos://layer/${step.currentStep!.uri.slice('kairos://mem/'.length)}?execution_id=${step.runId}`;
      perNext.push(await commandsDuring(async () => (step = (await server.query(NextDocument, { input: { uri, solution } })).next)));
      expect(step.errorCode).toBeNull();
    }
    expect(perNext).toEqual([
      ['find', 'update'],
      ['find', 'update'],
    ]);
  });

  it('costs a next answering a user_input step the same 2 commands: its prompt closes in the same update', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: promptProtocol() } });
    const begin = (await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })).begin;
    const challenge = begin.challenge!;
    let step = begin;
    const commands = await commandsDuring(async () => {
      step = (
        await server.query(NextDocument, {
          input: {
            uri: begin.currentStep!.uri,
            runId: begin.runId,
            solution: { type: 'USER_INPUT', nonce: challenge.nonce, proofHash: challenge.proofHash, userInput: { confirmation: 'yes' } },
          },
        })
      ).next;
    });
    expect(step.errorCode).toBeNull();
    expect(commands).toEqual(['find', 'update']);
  });
});
