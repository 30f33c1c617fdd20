import { builder } from '../builder.js';
import type { ProtocolView } from '../services/protocol-service.js';
import { protocolHead, renderProtocol } from '../services/protocol-service.js';
import { chainRootOf } from '../protocol/frontmatter.js';
import type { ProtocolFormat } from '../protocol/protocol-draft.js';
import { adapterUri } from '../model/kairos-uri.js';
import { MemoryRef, WriteNoticeRef } from './memory.js';
import type { WriteNotice } from '../model/write-notices.js';
import { RequestError } from '../services/errors.js';

export const ProtocolFormatEnum = builder.enumType('ProtocolFormat', {
  description: 'How the document was read when minted (docs/kairos-v4.md says how a document is recognised).',
  values: {
    KAIROS_V3: { description: 'A v3 protocol: H2 steps, each ending in a fenced json challenge block.' },
    KAIROS_V4: { description: 'A KAIROS 4 adapter: layers cut at fenced json contract blocks, with activation patterns and a reward signal.' },
  } as const satisfies Record<ProtocolFormat, { description: string }>,
});

export const ProtocolRef = builder.objectRef<ProtocolView>('Protocol').implement({
  description: 'A minted protocol: the ordered steps of one chain. Run it with `begin(input: { uri })` or `begin(input: { key })`.',
  fields: (t) => ({
    uri: t.string({ description: 'The URI of step 1, where a run begins.', resolve: (protocol) => protocolHead(protocol).uri }),
    chainId: t.exposeID('chainId', { description: 'The protocol id, shared by its steps (`ChainInfo.chainId`, `RunFilter.chainId`).' }),
    label: t.string({ description: 'The title (H1).', resolve: (protocol) => protocolHead(protocol).chain!.label }),
    slug: t.string({ description: 'The key, unique in its space: `begin(input: { key })` and `protocol(key)` take it.', resolve: (protocol) => protocolHead(protocol).chain!.slug }),
    protocolVersion: t.string({ nullable: true, description: "The author's version, if any.", resolve: (protocol) => protocolHead(protocol).chain!.protocolVersion }),
    space: t.exposeString('space', { description: 'The space it lives in (app: built in, read-only).' }),
    stepCount: t.int({ description: 'Number of steps.', resolve: (protocol) => protocol.steps.length }),
    steps: t.field({ type: [MemoryRef], description: 'In step order.', resolve: (protocol) => protocol.steps }),
    stepUris: t.stringList({ description: 'The step URIs in order.', resolve: (protocol) => protocol.steps.map((step) => step.uri) }),
    triggers: t.string({
      nullable: true,
      description: 'The "Natural Language Triggers" section, kept for search.',
      resolve: (protocol) => protocolHead(protocol).chain!.triggers,
    }),
    markdown: t.string({
      description: 'The protocol rendered back to markdown (a KAIROS 4 adapter as flat v4 markdown); minting it reproduces the same steps.',
      resolve: (protocol) => renderProtocol(protocol),
    }),
    adapterUri: t.string({
      description: 'kairos://adapter/{slug}: the KAIROS 4 name of this protocol, accepted wherever a protocol URI is (as is kairos://adapter/{chainId}).',
      resolve: (protocol) => adapterUri(protocolHead(protocol).chain!.slug),
    }),
    format: t.field({
      type: ProtocolFormatEnum,
      description: 'KAIROS_V4 when minted from a KAIROS 4 adapter document.',
      resolve: (protocol) => (protocolHead(protocol).chain!.adapter ? 'KAIROS_V4' : 'KAIROS_V3'),
    }),
    activationPatterns: t.stringList({
      description: 'KAIROS 4: the `## Activation Patterns` items (when to run it, trigger phrases), list markers removed; empty for v3. The section as written is `triggers`.',
      resolve: (protocol) => protocolHead(protocol).chain!.adapter?.activationPatterns ?? [],
    }),
    rewardSignal: t.string({
      nullable: true,
      description: 'KAIROS 4: the `## Reward Signal` section (what success means), heading removed; null without one.',
      resolve: (protocol) => protocolHead(protocol).chain!.adapter?.rewardSignal ?? null,
    }),
    chainRoot: t.string({
      nullable: true,
      description:
        "KAIROS 4: the frontmatter's `chain_root`, the slug of the adapter this one's chain starts at (KAIROS 4's activate shows that adapter instead of this one); null when unset.",
      resolve: (protocol) => chainRootOf(protocolHead(protocol).chain!.adapter?.frontmatter),
    }),
    frontmatter: t.field({
      type: 'JSON',
      nullable: true,
      description: 'KAIROS 4: every frontmatter key as written (unknown keys kept; values are strings, lists or maps); null for v3 or without frontmatter. `slug` and `protocolVersion` are the stored values.',
      resolve: (protocol) => protocolHead(protocol).chain!.adapter?.frontmatter ?? null,
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
      'A protocol by the URI of any of its steps, or by its slug (`key`); exactly one of them (else `BAD_USER_INPUT`). Null when none is readable by you; `AMBIGUOUS` when a key matches protocols in several spaces, none your default. ' +
      'With `at` (and `uri`), the protocol as it was at that time, each step at its version then (history: needs read and write access to its space, else `FORBIDDEN`); null if it did not exist then.',
    args: {
      uri: t.arg.string({ description: 'Any step of the protocol (kairos://mem/{id} or kairos://layer/{id}), or the protocol itself (kairos://adapter/{slug} or kairos://adapter/{chainId}).' }),
      key: t.arg.string({ description: 'The slug (`Protocol.slug`), case-insensitive.' }),
      at: t.arg({ type: 'DateTime', description: 'A past moment; needs uri (a step, live or deleted, or kairos://adapter/{slug|chainId}, a protocol deleted since included).' }),
    },
    resolve: (_root, args, ctx) => {
      if (!args.at) return ctx.reader.protocol(args);
      if (!args.uri || args.key) throw new RequestError('BAD_USER_INPUT', 'at needs uri (not key)');
      return ctx.services.history.protocolAt(ctx.viewer, args.uri, args.at);
    },
  }),
);

const MintInput = builder.inputType('MintInput', {
  description: 'A protocol document and where to store it.',
  fields: (t) => ({
    markdown: t.string({
      required: true,
      description:
        'A KAIROS protocol document (at most 1 MB, at most 500 steps): optional frontmatter (slug, version), an H1 title, a "Natural Language Triggers" H2 first, one H2 per step each ending in a fenced json challenge block, and a "Completion Rule" H2 last. ' +
        'Or a KAIROS 4 adapter (read as one when it has a ```json block holding {"contract": {…}}, or frontmatter with an "Activation Patterns" or "Reward Signal" H2): each contract block ends a layer; see docs/kairos-v4.md.',
    }),
    space: t.string({ description: 'Target space; omitted or "personal" means your own. The app space is read-only.' }),
    force: t.boolean({ description: 'Replace a protocol with the same title in the space, in one transaction (the old steps stay restorable). Without it, a same title answers `DUPLICATE_CHAIN`.' }),
    protocolVersion: t.string({ description: 'Overrides the frontmatter version (at most 64 characters).' }),
  }),
});

const MintPayloadRef = builder.objectRef<{ protocol: ProtocolView; notices: WriteNotice[] }>('MintPayload').implement({
  description: 'The protocol as stored.',
  fields: (t) => ({
    protocol: t.field({ type: ProtocolRef, description: 'The new protocol: run it with `begin` using its `uri` or `slug`.', resolve: (payload) => payload.protocol }),
    notices: t.field({
      type: [WriteNoticeRef],
      description: 'For the author, per step: challenge keys kept but not read (a typo shows here). Empty when there is nothing to say.',
      resolve: (payload) => payload.notices,
    }),
  }),
});

builder.mutationField('mint', (t) =>
  t.field({
    type: MintPayloadRef,
    description:
      'Stores a markdown protocol document as a new protocol: one memory per step, each with its challenge, and a slug (the frontmatter slug, else one made from the title). Then run it with `begin`. ' +
      'Codes (GraphQL errors; nothing stored): `PROTOCOL_STRUCTURE_INVALID` (with the line and reason in the error details), ' +
      'for KAIROS 4 adapters also `CONTRACT_TYPE_UNKNOWN`, `CONTRACT_INVALID` (a field missing or of the wrong type), `FRONTMATTER_INVALID`, `CONTRACT_FENCE_REFUSED` (contract JSON in a plain ``` fence), `MULTIPLE_ADAPTERS` (a second H1 title), each with the line; `DUPLICATE_CHAIN` (same title in the space: send `force: true` to replace it), `DUPLICATE_SLUG` (the frontmatter slug is taken), `INVALID_SLUG`, `SLUG_ALLOCATION_EXHAUSTED` (set a slug), ' +
      '`SPACE_READ_ONLY`, `SPACE_NOT_FOUND` (a space you cannot write), `PAYLOAD_TOO_LARGE` (over 1 MB, more than 500 steps, a title or heading too long), `BAD_USER_INPUT` (control characters in a title or heading).',
    args: { input: t.arg({ type: MintInput, required: true, description: 'The document and options.' }) },
    resolve: async (_root, { input }, ctx) => {
      const minted = await ctx.services.protocols.mint(ctx.viewer, input);
      return { protocol: minted, notices: minted.notices };
    },
  }),
);
