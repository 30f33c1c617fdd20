import { Repeater } from '@repeaterjs/repeater';
import type { EventBus } from './event-bus.js';
import type { OverflowPolicy } from './overflow-policy.js';
import type { EventTopics } from './topics.js';

type SpaceTopic = { [T in keyof EventTopics]: EventTopics[T][0] extends string ? T : never }[keyof EventTopics];

/**
 * One feed of a space-scoped topic across several spaces (a subscription without `space` follows
 * every space the viewer reads). Every per-space feed is opened before this returns, so nothing
 * published after the call is lost, and all of them close when the subscriber leaves.
 */
export function subscribeAcrossSpaces<T extends Exclude<SpaceTopic, 'run'>>(
  bus: EventBus,
  topic: T,
  spaces: readonly string[],
  overflow: OverflowPolicy,
): AsyncIterableIterator<EventTopics[T][1]> {
  const feeds = spaces.map((space) => bus.subscribe(topic, space, overflow));
  if (feeds.length === 1) return feeds[0]!;
  return new Repeater<EventTopics[T][1]>(async (push, stop) => {
    void stop.then(() => Promise.all(feeds.map((feed) => feed.return())));
    for await (const event of Repeater.merge(feeds)) await push(event);
    stop();
  });
}
