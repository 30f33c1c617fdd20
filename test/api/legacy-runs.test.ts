/**
 * Before 0.2 a run's events and prompts lived in the `run_events` and `prompts` collections; now
 * they live in the run document. A server starting on a database from 0.1 folds them in once, so
 * runs begun before the upgrade go on: they replay, list their open prompt and take the answer.
 */
import { describe, expect, it } from 'vitest';
import { MAX_FAILED_ATTEMPT_EVENTS } from '../../src/limits.js';
import { createLogger } from '../../src/observability/logger.js';
import { buildApp } from '../../src/server.js';
import { promptProtocol, shellProtocol } from '../scale/protocols.js';
import { useTestServer } from '../support/app.js';
import { graphqlHttpClient } from '../support/graphql-http.js';
import { MintDocument } from './documents.js';
import { AnswerPromptDocument, BeginDocument, NextDocument, RunDocument } from './run-documents.js';

const server = useTestServer();

interface StoredEvent {
  runId: string;
  seq: number;
  errorCode: string | null;
}

describe('runs begun before 0.2', () => {
  it('have their events and prompts moved into the run document when a server starts, once, failed attempts capped', async () => {
    const db = server.mongo().db(server.dbName);
    const runs = db.collection<{ _id: string; events?: StoredEvent[]; prompts?: { _id: string }[]; eventSeq: number }>('runs');
    /** Turns a run back into its 0.1 shape (events and prompts in their own collections) and returns them. */
    const makeLegacy = async (runId: string, extraEvents: StoredEvent[] = []) => {
      const today = (await runs.findOne({ _id: runId }))!;
      const events = [...today.events!, ...extraEvents];
      await db.collection('run_events').insertMany(events.map((event) => ({ ...event })));
      if (today.prompts!.length > 0) await db.collection('prompts').insertMany(today.prompts!.map((prompt) => ({ ...prompt })) as never[]);
      await runs.updateOne({ _id: runId }, { $unset: { events: '', prompts: '' }, $set: { eventSeq: events.at(-1)!.seq } });
      return { events, prompts: today.prompts! };
    };

    // A run waiting for a person's answer.
    const { mint } = await server.query(MintDocument, { input: { markdown: promptProtocol() } });
    const { begin } = await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
    const waiting = await makeLegacy(begin.runId);
    // A run whose agent failed far more often than a run now records (0.1 had no cap).
    const shell = (await server.query(MintDocument, { input: { markdown: shellProtocol(2) } })).mint.protocol;
    const started = (await server.query(BeginDocument, { input: { uri: shell.stepUris[0]! } })).begin;
    await server.query(NextDocument, {
      input: {
        uri: shell.stepUris[1]!,
        runId: started.runId,
        solution: {
          type: started.challenge!.type,
          nonce: started.challenge!.nonce,
          proofHash: started.challenge!.proofHash,
          shell: { exitCode: 1, stdout: '', stderr: 'boom' },
        } as never,
      },
    });
    const failure = (await runs.findOne({ _id: started.runId }))!.events!.at(-1)!;
    const extra = Array.from({ length: MAX_FAILED_ATTEMPT_EVENTS + 5 }, (_, index) => ({ ...failure, seq: failure.seq + index + 1 }));
    await makeLegacy(started.runId, extra);
    await db.collection('migrations').deleteMany({}); // a database from 0.1 has no marker

    const startUpgraded = () =>
      buildApp({
        mongoUri: server.mongoUri,
        config: { port: 0, host: '127.0.0.1', mongoDbName: server.dbName },
        log: createLogger('silent'),
      });
    const upgraded = startUpgraded();
    const running = await upgraded.start();
    try {
      const folded = (await runs.findOne({ _id: begin.runId }))!;
      expect(folded.events).toEqual(waiting.events);
      expect(folded.prompts).toEqual(waiting.prompts);
      const http = graphqlHttpClient(running.graphqlUrl);
      const { run } = await http.query(RunDocument, { id: begin.runId });
      expect(run!.events.map((event) => [event.seq, event.type])).toEqual([
        [1, 'STARTED'],
        [2, 'PROMPT_ISSUED'],
      ]);
      const { answerPrompt } = await http.query(AnswerPromptDocument, {
        input: { promptId: begin.challenge!.promptId!, confirmation: 'Approved' },
      });
      expect(answerPrompt.prompt.status).toBe('ANSWERED');

      const capped = (await runs.findOne({ _id: started.runId }))!.events!;
      expect(capped.filter((event) => event.errorCode !== null)).toHaveLength(MAX_FAILED_ATTEMPT_EVENTS);
      expect(capped[0]).toMatchObject({ seq: 1, errorCode: null }); // STARTED is kept
      expect(await db.collection('migrations').findOne({ _id: 'runs-hold-their-events-and-prompts' as never })).toMatchObject({
        _id: 'runs-hold-their-events-and-prompts',
        runs: 2,
      });
    } finally {
      await upgraded.stop();
    }

    // Once: a run that lacks its events now (written by hand, say) is not touched by a later start.
    await runs.updateOne({ _id: begin.runId }, { $unset: { events: '' } });
    const again = startUpgraded();
    await again.start();
    await again.stop();
    expect((await runs.findOne({ _id: begin.runId }))!.events).toBeUndefined();
  });
});
