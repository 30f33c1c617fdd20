import { Redis } from 'ioredis';
import type { Logger } from '../observability/logger.js';
import { EventFeed } from './event-feed.js';
import type { OverflowPolicy } from './overflow-policy.js';
import type { EventTopics } from './topics.js';

type Topic = keyof EventTopics;
type ScopeOf<T extends Topic> = EventTopics[T][0];
type PayloadOf<T extends Topic> = EventTopics[T][1];

/** Typed publish/subscribe on `topic:scope` channels (`run:<runId>`, `memory:<space>`, …). */
export interface EventBus {
  /** Fire and forget, after the write committed: at most once to each subscriber, in publish order. */
  publish<T extends Topic>(topic: T, scope: ScopeOf<T>, payload: PayloadOf<T>): void;
  /**
   * Listens from this call on, so events published while the caller reads a replay are kept;
   * `overflow` says what happens when its reader falls behind (the subscriber's connection's policy).
   */
  subscribe<T extends Topic>(topic: T, scope: ScopeOf<T>, overflow?: OverflowPolicy): EventFeed<PayloadOf<T>>;
}

export interface ConnectedEventBus extends EventBus {
  /** `in-process`, or `redis` when events cross server processes. */
  readonly transport: 'in-process' | 'redis';
  /** Feeds open in this process (one per live subscription and topic): flat under steady load. */
  openFeeds(): number;
  close(): Promise<void>;
}

export interface EventBusOptions {
  /** Redis pub/sub for several server processes; without it events stay in this process. */
  redisUrl?: string | null;
  /**
   * Namespaces Redis channels (the database name), so deployments or test databases that
   * share one Redis never see each other's events.
   */
  channelPrefix?: string;
  log?: Logger;
}

/** Where messages travel: a map of local listeners, or Redis channels feeding one. */
interface Transport {
  send(channel: string, payload: unknown): void;
  listen(channel: string): void;
  unlisten(channel: string): void;
  close(): Promise<void>;
}

export async function createEventBus(options: EventBusOptions = {}): Promise<ConnectedEventBus> {
  const feeds = new Map<string, Set<EventFeed<unknown>>>();
  const deliver = (channel: string, payload: unknown) => {
    for (const feed of feeds.get(channel) ?? []) feed.push(payload);
  };
  // In process, the feeds listening when the event is published get it on the next turn of the
  // event loop (in publish order, before any new I/O): the publisher's own answer is written
  // first instead of waiting behind a fan-out to thousands of subscribers.
  const deliverSoon = (channel: string, payload: unknown) => {
    const listening = feeds.get(channel);
    if (!listening?.size) return;
    const targets = [...listening];
    setImmediate(() => {
      for (const feed of targets) feed.push(payload);
    });
  };
  const transport: Transport = options.redisUrl
    ? await connectRedisTransport(options.redisUrl, deliver, options.log)
    : { send: deliverSoon, listen: () => {}, unlisten: () => {}, close: async () => {} };
  const prefix = options.redisUrl ? `${options.channelPrefix ?? 'kairos'}:` : '';
  const channelOf = (topic: Topic, scope: string) => `${prefix}${topic}:${scope}`;

  return {
    transport: options.redisUrl ? 'redis' : 'in-process',
    publish(topic, scope, payload) {
      transport.send(channelOf(topic, scope), payload);
    },
    subscribe<T extends Topic>(topic: T, scope: ScopeOf<T>, overflow?: OverflowPolicy) {
      const channel = channelOf(topic, scope);
      const feed: EventFeed<PayloadOf<T>> = new EventFeed(() => {
        const listeners = feeds.get(channel);
        if (!listeners?.delete(feed as EventFeed<unknown>) || listeners.size > 0) return;
        feeds.delete(channel);
        transport.unlisten(channel);
      }, overflow);
      let listeners = feeds.get(channel);
      if (!listeners) {
        listeners = new Set();
        feeds.set(channel, listeners);
        transport.listen(channel);
      }
      listeners.add(feed as EventFeed<unknown>);
      return feed;
    },
    openFeeds() {
      let count = 0;
      for (const listeners of feeds.values()) count += listeners.size;
      return count;
    },
    async close() {
      for (const listeners of feeds.values()) for (const feed of [...listeners]) await feed.return();
      feeds.clear();
      await transport.close();
    },
  };
}

/**
 * One connection publishes, one listens (a subscribed Redis connection can do nothing else).
 * Each message is parsed once and handed to every local subscriber of its channel. Redis
 * pub/sub is at-most-once: events published while a process is cut off from Redis are lost to
 * its subscribers, which is why run events are also stored and replayed by `afterSeq`.
 */
async function connectRedisTransport(url: string, deliver: (channel: string, payload: unknown) => void, log?: Logger): Promise<Transport> {
  // A publish while Redis is away fails at once (and is logged) rather than queueing without bound.
  const publisher = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // The listener keeps its commands until Redis is back and then resubscribes everything.
  const listener = new Redis(url, { lazyConnect: true, connectTimeout: 5_000, maxRetriesPerRequest: null });
  for (const [role, client] of [
    ['publisher', publisher],
    ['listener', listener],
  ] as const) {
    client.on('error', (error: Error) => log?.warn({ err: error }, `redis ${role}: ${error.message}`));
  }
  try {
    await Promise.all([publisher.connect(), listener.connect()]);
  } catch (error) {
    publisher.disconnect();
    listener.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL (${redactPassword(url)}): ${(error as Error).message}`);
  }
  listener.on('message', (channel: string, message: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      log?.warn({ channel }, 'redis: ignored a message that is not JSON');
      return;
    }
    deliver(channel, payload);
  });
  const report = (what: string) => (error: Error) => log?.warn({ err: error }, `redis ${what} failed: ${error.message}`);
  return {
    send(channel, payload) {
      publisher.publish(channel, JSON.stringify(payload)).catch(report(`publish to ${channel}`));
    },
    listen(channel) {
      listener.subscribe(channel).catch(report(`subscribe to ${channel}`));
    },
    unlisten(channel) {
      listener.unsubscribe(channel).catch(report(`unsubscribe from ${channel}`));
    },
    async close() {
      await Promise.allSettled([publisher.quit(), listener.quit()]);
    },
  };
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unparseable URL';
  }
}
