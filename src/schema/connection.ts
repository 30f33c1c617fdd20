import type { OutputRef } from '@pothos/core';
import { builder } from '../builder.js';
import type { Page } from '../services/page.js';

const PageInfoRef = builder.objectRef<Page<unknown>>('PageInfo').implement({
  description: 'Where a page sits. To read on, pass `endCursor` as `after` while `hasNextPage` is true.',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { description: 'True when more results follow this page.' }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', { description: 'True when this page was asked for with `after`.' }),
    startCursor: t.string({ nullable: true, description: 'The cursor of the first edge; null for an empty page.', resolve: (page) => page.cursors[0] ?? null }),
    endCursor: t.string({ nullable: true, description: 'The cursor of the last edge: pass it as `after` for the next page. Null for an empty page.', resolve: (page) => page.cursors.at(-1) ?? null }),
  }),
});

/** A Relay-style connection (`edges { cursor node }`, `pageInfo`, `totalCount`) over a service Page. */
export function connectionType<T>(name: string, nodeRef: OutputRef<T>, totalCountDescription?: string) {
  const edgeRef = builder.objectRef<{ cursor: string; node: T }>(`${name}Edge`).implement({
    description: `One ${name} of a page, with its cursor.`,
    fields: (t) => ({
      cursor: t.exposeString('cursor', { description: 'Pass it as `after` to read what follows this edge.' }),
      // Generic T defeats Pothos' resolver-shape inference; the edge holds exactly a node of nodeRef.
      node: t.field({ type: nodeRef, description: `The ${name}.`, resolve: (edge) => edge.node as never }),
    }),
  });
  return builder.objectRef<Page<T>>(`${name}Connection`).implement({
    description: `One page of ${name} results: \`edges\` in order, \`pageInfo\` to read on, \`totalCount\` across all pages.`,
    fields: (t) => ({
      edges: t.field({
        type: [edgeRef],
        description: 'The results of this page, in order.',
        resolve: (page) => page.records.map((node, index) => ({ node, cursor: page.cursors[index]! })),
      }),
      pageInfo: t.field({ type: PageInfoRef, description: 'Whether more pages follow, and the cursor to ask for them.', resolve: (page) => page as Page<unknown> }),
      totalCount: t.int({ description: totalCountDescription ?? 'Results across all pages.', resolve: (page) => page.totalCount() }),
    }),
  });
}
