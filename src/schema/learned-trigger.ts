import { builder } from '../builder.js';
import { MAX_SPACE_TRIGGERS, type LearnedTriggerView } from '../services/search-learning-service.js';
import { ProtocolRef } from './protocol.js';
import { SpaceRef } from './space.js';

const LearnedTriggerRef = builder.objectRef<LearnedTriggerView>('LearnedTrigger').implement({
  description:
    'A request that led to a successful run of this protocol (the same principal began the run within 10 minutes of searching, and it ended in success): search finds the protocol by these words too. Stored in the protocol\'s space; docs/search.md says what is kept and how to forget it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Send it to `forgetLearnedTrigger` to remove the trigger.' }),
    chainId: t.exposeID('chainId', { description: 'The protocol it leads to (`Protocol.chainId`).' }),
    text: t.exposeString('text', { description: 'The request as searched (at most 300 characters).' }),
    weight: t.exposeFloat('weight', {
      description: 'How much it adds (0..1) to a search by someone who did not run the protocol after it: grows with the number of distinct principals whose runs succeeded (one principal alone adds at most 0.3) and fades after their last success (KAIROS_SEARCH_LEARNING_DAYS).',
    }),
    successes: t.exposeInt('successes', { description: 'Successful runs that followed it (near-duplicate requests merged).' }),
    principals: t.exposeInt('principals', { description: 'Distinct principals whose runs succeeded after it.' }),
    learnedAt: t.expose('learnedAt', { type: 'DateTime', description: 'When it was first learned.' }),
    lastSucceededAt: t.expose('lastSucceededAt', { type: 'DateTime', nullable: true, description: 'The latest success that reinforced it.' }),
    removedAt: t.expose('removedAt', { type: 'DateTime', nullable: true, description: 'When it was removed (only with `includeRemoved`): search no longer uses it; kept as history for KAIROS_HISTORY_DAYS.' }),
    removedBy: t.exposeString('removedBy', { nullable: true, description: 'The principal who removed it.' }),
  }),
});

builder.objectField(ProtocolRef, 'learnedTriggers', (t) =>
  t.field({
    type: [LearnedTriggerRef],
    description: 'Requests search learned lead to this protocol, oldest first. With KAIROS_SEARCH_LEARNING=off none are learned or used; those learned before are still listed, to be seen and removed.',
    args: { includeRemoved: t.arg.boolean({ description: 'Also the removed ones still kept as history.' }) },
    resolve: (protocol, args, ctx) => ctx.services.searchLearning.triggersOf({ space: protocol.space, chainId: protocol.chainId }, args.includeRemoved === true),
  }),
);

builder.objectField(SpaceRef, 'learnedTriggers', (t) =>
  t.field({
    type: [LearnedTriggerRef],
    description:
      `What search learned leads to this space's protocols (each trigger names its \`chainId\`), oldest first, read once for the whole space: at most the ${MAX_SPACE_TRIGGERS} oldest (\`Protocol.learnedTriggers\` lists all of one protocol's, and the removed ones).`,
    resolve: (space, _args, ctx) => ctx.services.searchLearning.triggersInSpace(space.space),
  }),
);

const ForgetLearnedTriggerInput = builder.inputType('ForgetLearnedTriggerInput', {
  description: 'The learned trigger to remove.',
  fields: (t) => ({
    id: t.id({ required: true, description: '`LearnedTrigger.id`.' }),
  }),
});

interface ForgetLearnedTriggerPayload {
  id: string;
  text: string;
  chainId: string;
  space: string;
  removedAt: Date;
}

const ForgetLearnedTriggerPayloadRef = builder.objectRef<ForgetLearnedTriggerPayload>('ForgetLearnedTriggerPayload').implement({
  description: 'The trigger as removed: search no longer uses it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The trigger removed.' }),
    text: t.exposeString('text', { description: 'Its words.' }),
    chainId: t.exposeID('chainId', { description: 'The protocol it was learned for (`Protocol.chainId`).' }),
    space: t.exposeString('space', { description: "The protocol's space, where it was stored." }),
    removedAt: t.expose('removedAt', { type: 'DateTime', description: 'When it was removed (the first removal, when removed twice).' }),
  }),
});

builder.mutationField('forgetLearnedTrigger', (t) =>
  t.field({
    type: ForgetLearnedTriggerPayloadRef,
    description:
      'Removes a learned trigger: search stops using it at once; it stays visible as history (`learnedTriggers(includeRemoved: true)`) for KAIROS_HISTORY_DAYS, then is deleted. A later successful run after the same request learns it anew. ' +
      'Codes: `NOT_FOUND` (no such trigger in a space you can read), `FORBIDDEN` (you cannot write the protocol\'s space).',
    args: { input: t.arg({ type: ForgetLearnedTriggerInput, required: true, description: 'Which trigger.' }) },
    resolve: async (_root, { input }, ctx) => {
      const { trigger, chainId, space } = await ctx.services.searchLearning.forget(ctx.viewer, String(input.id));
      return { id: trigger.id, text: trigger.text, chainId, space, removedAt: trigger.removedAt ?? new Date() };
    },
  }),
);
