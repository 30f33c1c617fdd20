/**
 * A run keeps the answers it replays (a settled proof's answer, a rated attest) and its events'
 * reasons as data since 0.3, worded by the door that reads them. Runs written by 0.2 kept the
 * words their door wrote then: written through the driver in that shape, they read back word for
 * word through the API, and take resubmissions as before.
 */
import { describe, expect, it } from 'vitest';
import { graphql } from '../../src/generated/index.js';
import { shellProtocol, shellSolution } from '../scale/protocols.js';
import { useTestServer } from '../support/app.js';
import { MintDocument } from './documents.js';
import { AttestDocument, BeginDocument, NextDocument } from './run-documents.js';

const server = useTestServer();

const RunRecordDocument = graphql(`
  query StoredRunRecord($id: ID!) {
    run(id: $id) {
      attestation {
        outcome
        message
        ratedAt
        errorCode
        nextAction
      }
      events {
        seq
        type
        errorCode
        message
      }
    }
  }
`);

describe('answers a run keeps', () => {
  it('read back word for word from a run document written by 0.2', async () => {
    const db = server.mongo().db(server.dbName);
    const protocol = (await server.query(MintDocument, { input: { markdown: shellProtocol(2) } })).mint.protocol;
    const begun = (await server.query(BeginDocument, { input: { uri: protocol.stepUris[0]! } })).begin;
    const solution = shellSolution(begun.challenge!);
    const { next } = await server.query(NextDocument, { input: { uri: protocol.stepUris[1]!, runId: begun.runId, solution } });
    expect(next.errorCode).toBeNull();

    // 0.2 kept the answer as its door worded it (here the MCP door's), a failed attempt's reason
    // as text, and the attest with its nextAction.
    const stepTwo = protocol.stepUris[1]!;
    const wordedBy02 = {
      mustObey: true,
      runId: begun.runId,
      currentStep: next.currentStep,
      challenge: {
        ...next.challenge!,
        description: 'Shell challenge, as 0.2 described it.',
        interpreter: null,
        flags: null,
        args: null,
        workdir: null,
        mcp: null,
        userInput: null,
        comment: null,
      },
      message: null,
      nextAction: `call kairos_next with ${stepTwo} and solution matching challenge`,
      nextCall: { operation: 'NEXT', uri: stepTwo, runId: begun.runId },
      proofHash: next.proofHash,
      errorCode: null,
      retryCount: 0,
    };
    const failedEvent = {
      runId: begun.runId,
      seq: 90,
      space: 'x',
      type: 'STEP_FAILED',
      stepUri: stepTwo,
      stepIndex: 2,
      stepCount: 2,
      errorCode: 'NONCE_MISMATCH',
      message: "Nonce mismatch. Use the nonce from this response's challenge.",
      at: new Date(),
    };
    const attestation = {
      runId: begun.runId,
      uri: stepTwo,
      outcome: 'FAILURE',
      message: 'Stopped by 0.2.',
      qualityBonus: -0.2,
      ratedAt: '2026-01-01T00:00:00.000Z',
      errorCode: null,
      nextAction: 'run complete -- report the outcome to the user',
    };
    const runs = db.collection<{ _id: string }>('runs');
    const written = await runs.updateOne(
      { _id: begun.runId },
      {
        $set: { 'proofs.0.response': wordedBy02, attestation, status: 'ATTESTED', 'state.status': 'CLOSED', 'state.outcome': 'FAILURE' },
        $push: { events: failedEvent } as never,
      },
    );
    expect(written.modifiedCount).toBe(1);

    // The same solution again gets 0.2's answer, words and all (closed or not, a resubmission is answered first).
    const { next: replayed } = await server.query(NextDocument, { input: { uri: protocol.stepUris[1]!, runId: begun.runId, solution } });
    expect(replayed).toEqual({
      ...next,
      challenge: { ...next.challenge, description: 'Shell challenge, as 0.2 described it.' },
      nextAction: wordedBy02.nextAction,
    });

    const { run } = await server.query(RunRecordDocument, { id: begun.runId });
    expect(run!.attestation).toEqual({
      outcome: 'FAILURE',
      message: 'Stopped by 0.2.',
      ratedAt: '2026-01-01T00:00:00.000Z',
      errorCode: null,
      nextAction: 'run complete -- report the outcome to the user',
    });
    expect(run!.events.at(-1)).toEqual({
      seq: 90,
      type: 'STEP_FAILED',
      errorCode: 'NONCE_MISMATCH',
      message: "Nonce mismatch. Use the nonce from this response's challenge.",
    });

    // Attesting again with the same outcome and message is a resubmission: 0.2's answer.
    const { attest } = await server.query(AttestDocument, {
      input: { uri: stepTwo, runId: begun.runId, outcome: 'FAILURE', message: 'Stopped by 0.2.' },
    });
    expect(attest).toEqual({
      runId: begun.runId,
      uri: stepTwo,
      outcome: 'FAILURE',
      message: 'Stopped by 0.2.',
      qualityBonus: -0.2,
      ratedAt: '2026-01-01T00:00:00.000Z',
      errorCode: null,
      nextAction: 'run complete -- report the outcome to the user',
    });
  });

  it("keep a failed attempt's reason as data, worded when read", async () => {
    const db = server.mongo().db(server.dbName);
    const protocol = (await server.query(MintDocument, { input: { markdown: shellProtocol(2) } })).mint.protocol;
    const begun = (await server.query(BeginDocument, { input: { uri: protocol.stepUris[0]! } })).begin;
    const { next } = await server.query(NextDocument, {
      input: {
        uri: protocol.stepUris[1]!,
        runId: begun.runId,
        solution: { ...shellSolution(begun.challenge!), proofHash: 'f'.repeat(64) },
      },
    });
    expect(next.message).toBe('proofHash mismatch. Use proofHash from the previous response or challenge.');

    const stored = await db
      .collection<{ _id: string; events: { errorCode: string | null; notice?: unknown; message: string | null }[] }>('runs')
      .findOne({ _id: begun.runId });
    const failed = stored!.events.find((event) => event.errorCode === 'PROOF_HASH_MISMATCH')!;
    expect(failed).toMatchObject({ notice: { kind: 'SOLUTION_REFUSED', refusal: { reason: 'PROOF_HASH_MISMATCH' } }, message: null });
    const { run } = await server.query(RunRecordDocument, { id: begun.runId });
    expect(run!.events.find((event) => event.errorCode === 'PROOF_HASH_MISMATCH')!.message).toBe(
      'proofHash mismatch. Use proofHash from the previous response or challenge.',
    );
  });
});
