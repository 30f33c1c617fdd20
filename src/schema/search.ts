import { builder } from '../builder.js';
import { renderSearchResult, type SearchChoicePayload, type SearchPayload } from '../render/door-renderer.js';
import type { SearchChoiceRole } from '../search/search-choices.js';

const SearchChoiceRoleEnum = builder.enumType('SearchChoiceRole', {
  description: 'What a search choice offers.',
  values: {
    MATCH: { description: 'A protocol that matched the query.' },
    REFINE: { description: 'The built-in protocol that helps turn a vague request into a better query.' },
    CREATE: { description: 'The built-in protocol that guides creating a new protocol.' },
  } as const satisfies Record<SearchChoiceRole, { description: string }>,
});

const SearchChoiceRef = builder.objectRef<SearchChoicePayload>('SearchChoice').implement({
  description: 'One thing the agent can do next: begin a matching protocol, refine the search, or create a protocol.',
  fields: (t) => ({
    uri: t.exposeString('uri', { description: 'Step 1 of the protocol: pass it to begin.' }),
    label: t.exposeString('label', { description: "Step 1's label." }),
    chainLabel: t.exposeString('chainLabel', { description: 'The protocol title (H1): read this to choose.' }),
    score: t.exposeFloat('score', { nullable: true, description: '0..1; at least 0.3 for a match, 0.5 or more is strong. Null for REFINE/CREATE.' }),
    role: t.field({ type: SearchChoiceRoleEnum, description: 'A match, or one of the built-in refine/create protocols.', resolve: (choice) => choice.role }),
    tags: t.exposeStringList('tags', { description: "Step 1's tags." }),
    nextAction: t.exposeString('nextAction', { description: 'What to call to take this choice, e.g. "call begin with kairos://mem/… to execute this protocol".' }),
    protocolVersion: t.exposeString('protocolVersion', { nullable: true, description: "The protocol's author version, if any." }),
    learnedTrigger: t.string({
      nullable: true,
      description: 'For a match: the words of the learned trigger that helped it most (a request that led to a successful run of it: `Protocol.learnedTriggers`); null when none did.',
      resolve: (choice) => choice.learnedTrigger ?? null,
    }),
  }),
});

const SearchResultRef = builder.objectRef<SearchPayload>('SearchResult').implement({
  description: 'Matching protocols, best first, then the REFINE and CREATE choices (left out when one strong match is the only match).',
  fields: (t) => ({
    mustObey: t.exposeBoolean('mustObey', { description: 'Always true: do what `nextAction` says.' }),
    message: t.exposeString('message', { description: 'How the search went (no match, one match, several), for the agent.' }),
    nextAction: t.exposeString('nextAction', { description: "What to do: pick one choice and follow that choice's `nextAction`." }),
    choices: t.field({ type: [SearchChoiceRef], description: 'Matches best first, then the `REFINE` and `CREATE` choices.', resolve: (result) => result.choices }),
  }),
});

builder.queryField('search', (t) =>
  t.field({
    type: SearchResultRef,
    description:
      'Finds protocols for what the user asked, in your readable spaces (or the one `space` names; "personal" is your own). Call it first for any task: pick the best choice (read `chainLabel`) and follow its `nextAction`, normally `begin` with its `uri`. ' +
      'With no good match, take the `REFINE` choice (help sharpening the query) or the `CREATE` choice (help writing a new protocol, then `mint`). ' +
      'Codes: `BAD_USER_INPUT` (an empty query, over 1000 characters, `maxChoices` outside 5 to 50, an `executionId` of other characters than letters, digits, ".", "_", ":", "-"), `PAYLOAD_TOO_LARGE` (an `executionId` over 64 characters), `FORBIDDEN` (a space you cannot read).',
    args: {
      query: t.arg.string({ required: true, description: 'What the user wants done, in words (at most 1000 characters).' }),
      maxChoices: t.arg.int({ description: 'Most MATCH choices, 5 to 50 (default 10); REFINE/CREATE do not count.' }),
      space: t.arg.string({ description: 'Search one space you can read ("personal" is your own); omitted: all of them.' }),
      executionId: t.arg.string({
        description:
          'The KAIROS 4 activate sequence this search belongs to (`recordActivation`): a run that follows learns the request with its refinements. At most 64 characters.',
      }),
    },
    resolve: async (_root, args, ctx) => renderSearchResult(await ctx.services.search.search(ctx.viewer, args), ctx.renderer),
  }),
);
