import { builder } from '../builder.js';
import type { ProtocolView } from '../services/protocol-service.js';
import { protocolHead, renderProtocol } from '../services/protocol-service.js';
import { MemoryRef } from './memory.js';
import { RequestError } from '../services/errors.js';

export const ProtocolRef = builder.objectRef<ProtocolView>('Protocol').implement({
  description: 'A minted protocol: the ordered steps of one chain.',
  fields: (t) => ({
    uri: t.string({ description: 'The URI of step 1, where a run begins.', resolve: (protocol) => protocolHead(protocol).uri }),
    chainId: t.exposeID('chainId'),
    label: t.string({ description: 'The title (H1).', resolve: (protocol) => protocolHead(protocol).chain!.label }),
    slug: t.string({ resolve: (protocol) => protocolHead(protocol).chain!.slug }),
    protocolVersion: t.string({ nullable: true, resolve: (protocol) => protocolHead(protocol).chain!.protocolVersion }),
    space: t.exposeString('space'),
    stepCount: t.int({ resolve: (protocol) => protocol.steps.length }),
    steps: t.field({ type: [MemoryRef], description: 'In step order.', resolve: (protocol) => protocol.steps }),
    stepUris: t.stringList({ resolve: (protocol) => protocol.steps.map((step) => step.uri) }),
    triggers: t.string({
      nullable: true,
      description: 'The "Natural Language Triggers" section, kept for search.',
      resolve: (protocol) => protocolHead(protocol).chain!.triggers,
    }),
    markdown: t.string({
      description: 'The protocol rendered back to markdown; minting it reproduces the same steps.',
      resolve: (protocol) => renderProtocol(protocol),
    }),
  }),
});

builder.objectField(MemoryRef, 'protocol', (t) =>
  t.field({
    type: ProtocolRef,
    nullable: true,
    description: 'The protocol this step belongs to.',
    resolve: (memory, _args, ctx) => ctx.reader.protocolOf(memory),
  }),
);

builder.queryField('protocol', (t) =>
  t.field({
    type: ProtocolRef,
    nullable: true,
    description:
      'A protocol by the URI of any of its steps, or by its slug (key). Exactly one. With at (and uri), the protocol as it was at that time, ' +
      'each step at its version then (history: needs read and write access to its space, else FORBIDDEN); null if it did not exist then.',
    args: {
      uri: t.arg.string(),
      key: t.arg.string(),
      at: t.arg({ type: 'DateTime', description: 'A past moment; needs uri (a step, live or deleted).' }),
    },
    resolve: (_root, args, ctx) => {
      if (!args.at) return ctx.reader.protocol(args);
      if (!args.uri || args.key) throw new RequestError('BAD_USER_INPUT', 'at needs uri (not key)');
      return ctx.services.history.protocolAt(ctx.viewer, args.uri, args.at);
    },
  }),
);

const MintInput = builder.inputType('MintInput', {
  fields: (t) => ({
    markdown: t.string({ required: true, description: 'A KAIROS protocol document (at most 1 MB).' }),
    space: t.string({ description: 'Target space; omitted or "personal" means your own.' }),
    force: t.boolean({ description: 'Replace a protocol with the same title in one transaction.' }),
    protocolVersion: t.string({ description: 'Overrides the frontmatter version.' }),
  }),
});

const MintPayloadRef = builder.objectRef<{ protocol: ProtocolView }>('MintPayload').implement({
  fields: (t) => ({
    protocol: t.field({ type: ProtocolRef, resolve: (payload) => payload.protocol }),
  }),
});

builder.mutationField('mint', (t) =>
  t.field({
    type: MintPayloadRef,
    args: { input: t.arg({ type: MintInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ protocol: await ctx.services.protocols.mint(ctx.viewer, input) }),
  }),
);
