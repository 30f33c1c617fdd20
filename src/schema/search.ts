import { builder } from '../builder.js';
import type { SearchChoice, SearchChoiceRole, SearchResult } from '../search/search-choices.js';

const SearchChoiceRoleEnum = builder.enumType('SearchChoiceRole', {
  values: {
    MATCH: { description: 'A protocol that matched the query.' },
    REFINE: { description: 'The built-in protocol that helps turn a vague request into a better query.' },
    CREATE: { description: 'The built-in protocol that guides creating a new protocol.' },
  } as const satisfies Record<SearchChoiceRole, { description: string }>,
});

const SearchChoiceRef = builder.objectRef<SearchChoice>('SearchChoice').implement({
  description: 'One thing the agent can do next: begin a matching protocol, refine the search, or create a protocol.',
  fields: (t) => ({
    uri: t.exposeString('uri', { description: 'Step 1 of the protocol: pass it to begin.' }),
    label: t.exposeString('label', { description: "Step 1's label." }),
    chainLabel: t.exposeString('chainLabel', { description: 'The protocol title (H1): read this to choose.' }),
    score: t.exposeFloat('score', { nullable: true, description: '0..1; at least 0.3 for a match, 0.5 or more is strong. Null for REFINE/CREATE.' }),
    role: t.field({ type: SearchChoiceRoleEnum, resolve: (choice) => choice.role }),
    tags: t.exposeStringList('tags'),
    nextAction: t.exposeString('nextAction'),
    protocolVersion: t.exposeString('protocolVersion', { nullable: true }),
  }),
});

const SearchResultRef = builder.objectRef<SearchResult>('SearchResult').implement({
  description: 'Matching protocols, best first, then the REFINE and CREATE choices (left out when one strong match is the only match).',
  fields: (t) => ({
    mustObey: t.exposeBoolean('mustObey', { description: 'When true, do what nextAction says.' }),
    message: t.exposeString('message'),
    nextAction: t.exposeString('nextAction'),
    choices: t.field({ type: [SearchChoiceRef], resolve: (result) => result.choices }),
  }),
});

builder.queryField('search', (t) =>
  t.field({
    type: SearchResultRef,
    description: 'Finds protocols for a request, in your readable spaces (or the one `space` names; "personal" is your own).',
    args: {
      query: t.arg.string({ required: true, description: 'What the user wants done, in words (at most 1000 characters).' }),
      maxChoices: t.arg.int({ description: 'Most MATCH choices, 5 to 50 (default 10); REFINE/CREATE do not count.' }),
      space: t.arg.string(),
    },
    resolve: (_root, args, ctx) => ctx.services.search.search(ctx.viewer, args, ctx.vocabulary),
  }),
);
