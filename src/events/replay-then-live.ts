import { setImmediate as nextTurn } from 'node:timers/promises';
import { REPLAY_SLICE_EVENTS } from '../limits.js';
import type { EventFeed } from './event-feed.js';

/** What a subscriber's stream starts from: the past read from the database, and the live feed opened before that read. */
export interface ReplayAndFeed<T> {
  /** The first slice of the past. */
  replay: T[];
  /** The next slice of the past, read once the last is handed out; empty once it is all given. */
  nextSlice?: () => Promise<T[]>;
  live: EventFeed<T>;
  /** True for a live event the replay already gave (it arrived while the replay was read); asked again after each slice. */
  replayed(event: T): boolean;
}

/**
 * A subscriber's stream: the replay, then the live feed, each event once. `open` runs on the
 * first read (as graphql-js expects of a subscription source; a refusal such as NOT_FOUND
 * rejects that read). A plain iterator rather than a Repeater or a generator: after the replay
 * each read is the feed's own, with no promise of its own per delivery (this sits on every
 * delivery to every subscriber), and `return()` lets go of the feed at once, even between events.
 * The replay is handed out in slices of `REPLAY_SLICE_EVENTS`, the event loop free between them:
 * a transport whose writes complete at once would otherwise send a whole run's history (and every
 * other replay on the socket) before serving anyone else. Slices read from the database one at a
 * time keep a long history out of memory.
 */
export function replayThenLive<T>(open: () => Promise<ReplayAndFeed<T>>): AsyncIterableIterator<T> {
  let started: Promise<unknown> | null = null;
  let replay: T[] = [];
  let nextSlice: (() => Promise<T[]>) | null = null;
  let replayed: (event: T) => boolean = () => false;
  let live: EventFeed<T> | null = null;
  let ended = false;
  let sinceYield = 0;
  const done = (): Promise<IteratorResult<T>> => Promise.resolve({ value: undefined, done: true });

  const end = (): Promise<IteratorResult<T>> => {
    ended = true;
    replay = [];
    nextSlice = null;
    return live ? live.return() : done();
  };
  /** The slice being read: readers arriving meanwhile wait for it rather than read the same past again. */
  let sliceRead: Promise<void> | null = null;
  const readSlice = (read: () => Promise<T[]>): Promise<IteratorResult<T>> => {
    sliceRead ??= read().then(
      (slice) => {
        sliceRead = null;
        if (ended) return;
        if (slice.length === 0) nextSlice = null;
        replay = slice;
        // What the feed caught while this slice was read, and the slice now gives, is dropped.
        live?.skip(replayed);
        sinceYield = 0;
      },
      async (error: unknown) => {
        sliceRead = null;
        // A replay that cannot go on ends whole: the live feed is let go, not left subscribed.
        await end();
        throw error;
      },
    );
    return sliceRead.then(() => stream.next());
  };
  const stream: AsyncIterableIterator<T> = {
    next() {
      if (ended) return done();
      if (!live) {
        started ??= open().then((opened) => {
          if (ended) return void opened.live.return();
          opened.live.skip(opened.replayed);
          replay = opened.replay;
          nextSlice = opened.nextSlice ?? null;
          replayed = opened.replayed;
          live = opened.live;
        });
        // A reader that left while the stream opened gets done, whether opening worked or not.
        return started.then(
          () => stream.next(),
          (error: unknown) => {
            if (ended) return { value: undefined, done: true };
            throw error;
          },
        );
      }
      if (replay.length > 0) {
        if (++sinceYield > REPLAY_SLICE_EVENTS) {
          sinceYield = 0;
          return nextTurn().then(() => stream.next());
        }
        return Promise.resolve({ value: replay.shift()!, done: false });
      }
      if (nextSlice) return readSlice(nextSlice);
      return live.next();
    },
    return: end,
    async throw(error: unknown) {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return stream;
    },
  };
  return stream;
}
