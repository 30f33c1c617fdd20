/**
 * A subscriber that leaves between events must be let go at once, not when the next event on
 * its topic arrives (for a finished run: never), or every closed page leaks its feed.
 */
import { describe, expect, it } from 'vitest';
import { localViewer } from '../../src/auth/viewer.js';
import { createEventBus } from '../../src/events/event-bus.js';
import { RunService } from '../../src/services/run-service.js';
import { RunStore } from '../../src/store/run-store.js';
import { UsageStore } from '../../src/store/usage-store.js';
import { MintDocument } from '../api/documents.js';
import { BeginDocument } from '../api/run-documents.js';
import { useTestServer } from '../support/app.js';
import { promptProtocol } from '../scale/protocols.js';

const server = useTestServer();

/** Resolves with the outcome, or 'still waiting' after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);
}

describe('leaving a subscription between events', () => {
  it('releases runProgress and challengePrompts feeds at once', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: promptProtocol() } });
    const { begin } = await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
    const events = await createEventBus();
    const runs = new RunService(new RunStore(server.mongo().db(server.dbName)), new UsageStore(server.mongo().db(server.dbName)), events, { runIdleTtlMs: 60_000 });
    const viewer = localViewer();

    const progress = runs.watchRun(viewer, begin.runId);
    const prompts = runs.watchPrompts(viewer, { runId: begin.runId });
    expect((await progress.next()).value).toMatchObject({ seq: 1, type: 'STARTED' });
    expect((await prompts.next()).value).toMatchObject({ promptId: begin.challenge!.promptId, status: 'OPEN' });
    // Both are now waiting for live events that will not come.
    const pending = [progress.next(), prompts.next()];
    expect(events.openFeeds()).toBeGreaterThan(0);

    expect(await within(progress.return!(), 1_000)).toEqual({ value: undefined, done: true });
    expect(await within(prompts.return!(), 1_000)).toEqual({ value: undefined, done: true });
    expect(events.openFeeds()).toBe(0);
    expect(await within(Promise.all(pending), 1_000)).not.toBe('still waiting');
    await events.close();
  });
});
