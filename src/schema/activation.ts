import { builder } from '../builder.js';
import type { Activation } from '../services/activation-service.js';

const ActivationPayloadRef = builder.objectRef<Activation>('ActivationPayload').implement({
  description: 'One KAIROS 4 activate call of a sequence (its execution_id), as counted in the database by every server process.',
  fields: (t) => ({
    executionId: t.exposeString('executionId', { description: 'The sequence: the id sent when it is live or new to you, else a fresh one. Send it with the next activate of the same request.' }),
    refinements: t.exposeInt('refinements', { description: 'Refinements counted in this sequence so far (0 for a new one).' }),
    refineOffered: t.exposeBoolean('refineOffered', { description: 'False after two refinements: leave the REFINE search choice out.' }),
  }),
});

const RecordActivationInput = builder.inputType('RecordActivationInput', {
  description: 'The sequence an activate belongs to.',
  fields: (t) => ({
    executionId: t.string({ description: 'From a previous activate of the same request (at most 64 characters); omitted: a new sequence.' }),
    fresh: t.boolean({
      description:
        'True when you minted `executionId` just now for a new sequence (searched with it first): it is started in one write; an id of yours already in use counts as a refinement.',
    }),
  }),
});

builder.mutationField('recordActivation', (t) =>
  t.field({
    type: ActivationPayloadRef,
    description:
      'Counts one call of the KAIROS 4 activate tool (beside `search`): with the `executionId` of a live sequence of yours it counts one refinement; otherwise it starts a sequence. Sequences live an hour after their last activate, per principal. ' +
      'Codes: `BAD_USER_INPUT` (an executionId with other characters than letters, digits, ".", "_", ":", "-"), `PAYLOAD_TOO_LARGE` (over 64 characters).',
    args: { input: t.arg({ type: RecordActivationInput, required: true, description: 'The sequence, if any.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.activations.activate(ctx.viewer, input.executionId, new Date(), input.fresh === true),
  }),
);
