import type { OutputRef } from '@pothos/core';
import { builder } from '../builder.js';
import type { Page } from '../services/page.js';

const PageInfoRef = builder.objectRef<Page<unknown>>('PageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage'),
    startCursor: t.string({ nullable: true, resolve: (page) => page.cursors[0] ?? null }),
    endCursor: t.string({ nullable: true, resolve: (page) => page.cursors.at(-1) ?? null }),
  }),
});

/** A Relay-style connection (`edges { cursor node }`, `pageInfo`, `totalCount`) over a service Page. */
export function connectionType<T>(name: string, nodeRef: OutputRef<T>, totalCountDescription?: string) {
  const edgeRef = builder.objectRef<{ cursor: string; node: T }>(`${name}Edge`).implement({
    fields: (t) => ({
      cursor: t.exposeString('cursor'),
      // Generic T defeats Pothos' resolver-shape inference; the edge holds exactly a node of nodeRef.
      node: t.field({ type: nodeRef, resolve: (edge) => edge.node as never }),
    }),
  });
  return builder.objectRef<Page<T>>(`${name}Connection`).implement({
    fields: (t) => ({
      edges: t.field({ type: [edgeRef], resolve: (page) => page.records.map((node, index) => ({ node, cursor: page.cursors[index]! })) }),
      pageInfo: t.field({ type: PageInfoRef, resolve: (page) => page as Page<unknown> }),
      totalCount: t.int({ description: totalCountDescription, resolve: (page) => page.totalCount() }),
    }),
  });
}
