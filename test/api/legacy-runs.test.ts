/**
 * Before 0.2 a run's events and prompts lived in the `run_events` and `prompts` collections; now
 * they live in the run document. A server starting on a database from 0.1 folds them in once, so
 * runs begun before the upgrade go on: they replay, list their open prompt and take the answer.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { buildApp } from '../../src/server.js';
import { promptProtocol } from '../scale/protocols.js';
import { useTestServer } from '../support/app.js';
import { graphqlHttpClient } from '../support/graphql-http.js';
import { MintDocument } from './documents.js';
import { AnswerPromptDocument, BeginDocument, RunDocument } from './run-documents.js';

const server = useTestServer();

describe('runs begun before 0.2', () => {
  it('have their events and prompts moved into the run document when a server starts, once', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: promptProtocol() } });
    const { begin } = await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
    const db = server.mongo().db(server.dbName);
    const runs = db.collection<{ _id: string; events?: { runId: string; seq: number }[]; prompts?: { _id: string }[] }>('runs');
    const today = (await runs.findOne({ _id: begin.runId }))!;
    // The run as 0.1 stored it: events and prompts in their own collections, none in the run, no marker.
    await db.collection('run_events').insertMany(today.events!.map((event) => ({ ...event })));
    await db.collection('prompts').insertMany(today.prompts!.map((prompt) => ({ ...prompt })) as never[]);
    await runs.updateOne({ _id: begin.runId }, { $unset: { events: '', prompts: '' } });
    await db.collection('migrations').deleteMany({});

    const upgraded = buildApp({ mongoUri: server.mongoUri, config: { port: 0, host: '127.0.0.1', mongoDbName: server.dbName }, log: createLogger('silent') });
    const running = await upgraded.start();
    try {
      expect(await runs.findOne({ _id: begin.runId })).toMatchObject({ events: today.events, prompts: today.prompts });
      const http = graphqlHttpClient(running.graphqlUrl);
      const { run } = await http.query(RunDocument, { id: begin.runId });
      expect(run!.events.map((event) => [event.seq, event.type])).toEqual([
        [1, 'STARTED'],
        [2, 'PROMPT_ISSUED'],
      ]);
      const { answerPrompt } = await http.query(AnswerPromptDocument, { input: { promptId: begin.challenge!.promptId!, confirmation: 'Approved' } });
      expect(answerPrompt.prompt.status).toBe('ANSWERED');
      expect(await db.collection('migrations').countDocuments({ runs: 1 })).toBe(1);
    } finally {
      await upgraded.stop();
    }
  });
});
