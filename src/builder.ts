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

builder.addScalarType('DateTime', DateTimeResolver);
builder.addScalarType('JSON', JSONResolver);

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
