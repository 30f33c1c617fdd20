/**
 * A subscriber that leaves between events must be let go at once, not when the next event on
 * its topic arrives (for a finished run: never), or every closed page leaks its feed.
 */
import { describe, expect, it } from 'vitest';
import { localViewer } from '../../src/auth/viewer.js';
import { createEventBus } from '../../src/events/event-bus.js';
import { SlowConsumerError } from '../../src/events/event-feed.js';
import { DEFAULT_OVERFLOW_POLICY, type OverflowPolicy } from '../../src/events/overflow-policy.js';
import type { ChallengePrompt, RunEvent } from '../../src/model/run-records.js';
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
    const runs = new RunService(new RunStore(server.mongo().db(server.dbName)), new UsageStore(server.mongo().db(server.dbName)), events, {
      runIdleTtlMs: 60_000,
    });
    const viewer = localViewer();

    const progress = runs.watchRun(viewer, begin.runId, 0, DEFAULT_OVERFLOW_POLICY);
    const prompts = runs.watchPrompts(viewer, { runId: begin.runId }, DEFAULT_OVERFLOW_POLICY);
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

  it("hands each feed the subscription's overflow policy: a reader that falls behind is reported to it", async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: promptProtocol() } });
    const { begin } = await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } });
    const events = await createEventBus();
    const runs = new RunService(new RunStore(server.mongo().db(server.dbName)), new UsageStore(server.mongo().db(server.dbName)), events, {
      runIdleTtlMs: 60_000,
    });
    const viewer = localViewer();
    const overflowed: string[] = [];
    // One byte: the first event nobody reads at once passes the bound.
    const policy = (name: string): OverflowPolicy => ({ maxBufferedBytes: 1, onOverflow: () => overflowed.push(name) });

    const progress = runs.watchRun(viewer, begin.runId, 0, policy('runProgress'));
    const prompts = runs.watchPrompts(viewer, { runId: begin.runId }, policy('challengePrompts'));
    // The replays: STARTED and PROMPT_ISSUED, and the open prompt.
    expect([(await progress.next()).value, (await progress.next()).value].map((event) => (event as RunEvent).seq)).toEqual([1, 2]);
    const open = (await prompts.next()).value as ChallengePrompt;
    // The readers stop reading; events keep coming.
    for (let seq = 10; seq < 13; seq++) {
      events.publish('run', begin.runId, { seq, type: 'STEP_PROVEN', runId: begin.runId } as RunEvent);
      events.publish('prompt', open.space, { ...open, promptId: `later-${seq}` });
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(overflowed.sort()).toEqual(['challengePrompts', 'runProgress']);
    // The reader that comes back learns it was cut off, and the feeds are gone.
    await expect(progress.next()).rejects.toBeInstanceOf(SlowConsumerError);
    await expect(prompts.next()).rejects.toBeInstanceOf(SlowConsumerError);
    expect(events.openFeeds()).toBe(0);
    await events.close();
  });
});
