import { builder } from '../builder.js';
import type { MoveProtocolResult } from '../services/protocol-move-service.js';
import { ProtocolRef } from './protocol.js';

const MoveProtocolInput = builder.inputType('MoveProtocolInput', {
  description: 'A protocol and the space to move it to.',
  fields: (t) => ({
    uri: t.string({ required: true, description: 'The protocol, as `protocol(uri)` takes it: kairos://adapter/{slug|chainId}, or any of its steps (kairos://layer/{id}, kairos://mem/{id}). At most 300 characters.' }),
    space: t.string({ required: true, description: '"personal" (your own), a space id (group:<name>), or a name as `spaces` shows it ("Group: <name>"). You must be able to write it.' }),
    dryRun: t.boolean({ required: false, description: 'Check everything the move checks (access to both spaces, title and slug free in the target), answer the same refusals, and write nothing; `moved` then says whether it would move.' }),
    newTextBytes: t.int({ required: false, description: 'With `dryRun`: price the move against the target\'s storage quota as if the text `uri` names (the whole protocol for an adapter URI, one step for a step URI) were first replaced by this many UTF-8 bytes: check a move before a change you make first.' }),
  }),
});

const MoveProtocolPayloadRef = builder.objectRef<MoveProtocolResult>('MoveProtocolPayload').implement({
  description: 'The protocol in its new space.',
  fields: (t) => ({
    protocol: t.field({ type: ProtocolRef, description: 'The protocol as it is now (same step URIs, one version more each).', resolve: (result) => result.protocol }),
    fromSpace: t.exposeString('fromSpace', { description: 'The space it was in.' }),
    moved: t.exposeBoolean('moved', { description: 'False when it already was in that space: nothing was written. With `dryRun`, whether it would move (nothing is written either way).' }),
  }),
});

builder.mutationField('moveProtocol', (t) =>
  t.field({
    type: MoveProtocolPayloadRef,
    description:
      'Moves a whole protocol (every step) to another space, as the KAIROS 4 tune tool with a space does: step URIs stay, each step gets a version (reason SPACE_MOVE) and its earlier versions move with it; runs begun before stay in the old space. One transaction: all or nothing. ' +
      'Codes: `NOT_FOUND` (no such protocol readable by you), `SPACE_READ_ONLY` (you cannot write the space it is in, or the target is the app space), `SPACE_NOT_FOUND` (a target you cannot write), ' +
      '`DUPLICATE_SLUG` (its slug is taken in the target), `DUPLICATE_CHAIN` (its title is taken in the target), `AMBIGUOUS` (a slug found in several spaces), `PAYLOAD_TOO_LARGE` (uri or space over 300 characters), `BAD_USER_INPUT` (an empty space), `SERVICE_UNAVAILABLE` (another move or update of the protocol got there first: read it again and retry).',
    args: { input: t.arg({ type: MoveProtocolInput, required: true, description: 'What to move, and where.' }) },
    resolve: (_root, { input }, ctx) => ctx.services.protocolMoves.move(ctx.viewer, ctx.reader, input),
  }),
);
