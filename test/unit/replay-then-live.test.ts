import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/events/event-bus.js';
import { replayThenLive } from '../../src/events/replay-then-live.js';
import type { RunEvent } from '../../src/model/run-records.js';

/** Only `seq` matters to the stream. */
const event = (seq: number) => ({ seq }) as RunEvent;

/** Lets the bus's next-turn delivery run. */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

describe('replayThenLive', () => {
  it('gives the replay, then live events, skipping those the replay already had', async () => {
    const bus = await createEventBus();
    let release!: () => void;
    const replayRead = new Promise<void>((resolve) => (release = resolve));
    const stream = replayThenLive<RunEvent>(async () => {
      const live = bus.subscribe('run', 'r1');
      await replayRead; // events 2 and 3 are published while the replay is being read
      return { replay: [event(1), event(2), event(3)], live, replayed: (published) => published.seq <= 3 };
    });
    const first = stream.next();
    await delivered();
    bus.publish('run', 'r1', event(2));
    bus.publish('run', 'r1', event(3));
    await delivered();
    release();
    const seen = [(await first).value.seq];
    bus.publish('run', 'r1', event(4));
    for (let count = 0; count < 3; count++) seen.push((await stream.next()).value.seq);
    expect(seen).toEqual([1, 2, 3, 4]);
    await stream.return!();
    expect(bus.openFeeds()).toBe(0);
    await bus.close();
  });

  it('lets go of the feed at once when the reader leaves between events, and ends', async () => {
    const bus = await createEventBus();
    const stream = replayThenLive<RunEvent>(async () => ({ replay: [], live: bus.subscribe('run', 'r2'), replayed: () => false }));
    const pending = stream.next();
    await delivered();
    expect(bus.openFeeds()).toBe(1);
    await stream.return!();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(bus.openFeeds()).toBe(0);
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    await bus.close();
  });

  it('closes a feed that opens after the reader already left', async () => {
    const bus = await createEventBus();
    let release!: () => void;
    const opening = new Promise<void>((resolve) => (release = resolve));
    const stream = replayThenLive<RunEvent>(async () => {
      const live = bus.subscribe('run', 'r3');
      await opening;
      return { replay: [event(1)], live, replayed: () => false };
    });
    const pending = stream.next();
    await delivered();
    await stream.return!();
    release();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(bus.openFeeds()).toBe(0);
    await bus.close();
  });

  it('gives readers waiting at the same time one event each, in order', async () => {
    const bus = await createEventBus();
    const stream = replayThenLive<RunEvent>(async () => ({ replay: [], live: bus.subscribe('run', 'r6'), replayed: () => false }));
    const first = stream.next();
    await delivered();
    const second = stream.next();
    bus.publish('run', 'r6', event(1));
    bus.publish('run', 'r6', event(2));
    expect([(await first).value.seq, (await second).value.seq]).toEqual([1, 2]);
    await stream.return!();
    await bus.close();
  });

  it('ends a read that waited for opening when the reader left, even if opening then fails', async () => {
    let refuse!: (error: Error) => void;
    const stream = replayThenLive<RunEvent>(() => new Promise((_, reject) => (refuse = reject)));
    const pending = stream.next();
    await stream.return!();
    refuse(new Error('Run r7 not found'));
    expect(await pending).toEqual({ value: undefined, done: true });
  });

  it('lets go of the live feed when reading the next slice of the past fails, and rejects that read', async () => {
    const bus = await createEventBus();
    const stream = replayThenLive<RunEvent>(async () => ({
      replay: [event(1)],
      nextSlice: () => Promise.reject(new Error('connection reset')),
      live: bus.subscribe('run', 'r8'),
      replayed: (published) => published.seq <= 1,
    }));
    expect((await stream.next()).value.seq).toBe(1);
    await expect(stream.next()).rejects.toThrow('connection reset');
    expect(bus.openFeeds()).toBe(0);
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    await bus.close();
  });

  it('reads each slice of the past once when readers wait at the same time: every event once, in order', async () => {
    const bus = await createEventBus();
    const past = [event(2), event(3)];
    let lastSeq = 1;
    let reads = 0;
    const stream = replayThenLive<RunEvent>(async () => ({
      replay: [event(1)],
      // As the run service reads: one event past the last one read, which moves once the read is back.
      nextSlice: async () => {
        reads++;
        const after = lastSeq;
        await delivered();
        const slice = past.filter((kept) => kept.seq > after).slice(0, 1);
        lastSeq = slice.at(-1)?.seq ?? lastSeq;
        return slice;
      },
      live: bus.subscribe('run', 'r9'),
      replayed: () => false,
    }));
    expect((await stream.next()).value.seq).toBe(1);
    const waiting = await Promise.all([stream.next(), stream.next()]);
    expect(waiting.map((result) => result.value.seq)).toEqual([2, 3]);
    // One read per slice: the two readers did not read the same past twice.
    expect(reads).toBe(2);
    await stream.return!();
    expect(bus.openFeeds()).toBe(0);
    await bus.close();
  });

  it('rejects the first read with the refusal from opening (a run not found)', async () => {
    const stream = replayThenLive<RunEvent>(async () => {
      throw new Error('Run r4 not found');
    });
    await expect(stream.next()).rejects.toThrow('Run r4 not found');
  });
});

describe('EventFeed.skip', () => {
  it('drops matching events already buffered and any that arrive later, keeping the rest in order', async () => {
    const bus = await createEventBus();
    const feed = bus.subscribe('run', 'r5');
    for (const seq of [1, 2, 3]) bus.publish('run', 'r5', event(seq));
    await delivered();
    feed.skip((published) => published.seq <= 2);
    bus.publish('run', 'r5', event(2));
    bus.publish('run', 'r5', event(4));
    await delivered();
    const seen = [];
    for (let count = 0; count < 2; count++) seen.push((await feed.next()).value!.seq);
    expect(seen).toEqual([3, 4]);
    await bus.close();
  });
});
