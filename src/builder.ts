import SchemaBuilder from '@pothos/core';
import { DateTimeResolver, JSONResolver } from 'graphql-scalars';
import type { AppContext } from './context.js';

/** The Pothos builder: plugins, scalars and the nullability default. No domain types here. */
export const builder = new SchemaBuilder<{
  Context: AppContext;
  // Fields are non-null unless a field says otherwise: payloads and events are never null.
  DefaultFieldNullability: false;
  Scalars: {
    // graphql-js coerces every ID input to a string; services take identifiers as strings.
    ID: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  defaultFieldNullability: false,
});

builder.addScalarType('DateTime', DateTimeResolver, {
  description:
    'A date and time: sent back in UTC as an RFC 3339 (ISO 8601) string with milliseconds, e.g. "2026-01-31T12:00:00.000Z"; accepted in any RFC 3339 form with a time zone.',
});
builder.addScalarType('JSON', JSONResolver, {
  description: 'Any JSON value (object, array, string, number, boolean or null), nested at most 64 levels.',
});

builder.queryType({
  description:
    'Reads. Start with `search` to find a protocol for a task, `memoryContext` for project memory, `me` for who you are. Every operation may also answer `UNAUTHENTICATED` (`KAIROS_AUTH` on and no valid token), `RATE_LIMITED` and `DOCUMENT_TOO_COMPLEX`, as GraphQL errors with extensions.code.',
});
builder.mutationType({
  description:
    'Writes. A run: `begin` → `next`… → `attest`. Protocols: `mint`, `updateMemories`, `deleteMemories`, `restoreMemory`. Project memory: `proposeUpdate`. Each mutation takes one `input` and returns one payload; outcomes an agent branches on are data in the payload, refusals of the whole request are GraphQL errors with extensions.code.',
});
builder.subscriptionType({
  description:
    'Live feeds over WebSocket (graphql-ws) or server-sent events: `runProgress`, `challengePrompts`, `runEvents`, `memoryEvents`, `proposalEvents`.',
});
