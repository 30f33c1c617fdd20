import { builder } from '../builder.js';
import type { PublicSigningKey } from '../services/signing-key-service.js';
import { toJwk } from '../services/signing-key-service.js';
import type { RunTranscript } from '../services/transcript-service.js';
import { connectionType } from './connection.js';
import { RunRef, RunStatusEnum } from './run.js';

// A String, not the JSON scalar: the signature covers exact bytes, and a JSON value would be
// re-serialised on the way (key order, number forms, escapes). A client writes the string to a
// file as it is and `kairos-graphql verify` checks it.
const TRANSCRIPT_DESCRIPTION =
  'The run as a portable, tamper-evident record: one canonical JSON document `{"signature": …, "transcript": …}` holding the protocol as proven ' +
  '(chain id, version, title, each step\'s URI, label, challenge and SHA-256 of its text), every proof record in order, the hash chain from the genesis ' +
  'and the attestation. Finished runs (ATTESTED, EXPIRED) carry an Ed25519 signature over the exact bytes of the `transcript` member, by a key listed in ' +
  '`signingKeys` and at /.well-known/kairos-keys.json; runs still ACTIVE or COMPLETED have `"signature": null` and prove nothing yet. ' +
  'Save the string byte for byte to a file and check it with `kairos-graphql verify <file>`.';

builder.objectField(RunRef, 'transcript', (t) =>
  t.string({
    description: TRANSCRIPT_DESCRIPTION,
    resolve: async (run, _args, ctx) => (await ctx.services.transcripts.transcriptOf(run)).transcript,
  }),
);

const RunTranscriptRef = builder.objectRef<RunTranscript>('RunTranscript').implement({
  description: 'One run and its transcript (see Run.transcript).',
  fields: (t) => ({
    runId: t.exposeID('runId', { description: 'The run (`run(id)`).' }),
    status: t.field({ type: RunStatusEnum, description: "The run's status when the transcript was made.", resolve: (entry) => entry.status }),
    signed: t.exposeBoolean('signed', { description: 'False while the run is ACTIVE or COMPLETED: the transcript is a preview.' }),
    transcript: t.exposeString('transcript', { description: TRANSCRIPT_DESCRIPTION }),
  }),
});

const RunTranscriptConnectionRef = connectionType('RunTranscript', RunTranscriptRef, 'Runs matching space and since, whatever the page.');

builder.queryField('runTranscripts', (t) =>
  t.field({
    type: RunTranscriptConnectionRef,
    description:
      'Transcripts of the runs begun at or after `since` in `space` (default: every space you read), oldest first, for archiving: ' +
      'write each `transcript` as one line (JSON Lines) and follow `pageInfo.endCursor` with `after` until `hasNextPage` is false. ' +
      '`first` is 20 by default, at most 100. Codes: `FORBIDDEN` (a space you cannot read), `BAD_USER_INPUT` (`first` out of range, a foreign cursor).',
    args: {
      space: t.arg.string({ description: 'A space you read ("personal" is your own).' }),
      since: t.arg({ type: 'DateTime', description: 'Only runs begun at or after this instant.' }),
      first: t.arg.int({ description: 'Page size (default 20, at most 100).' }),
      after: t.arg.string({ description: '`PageInfo.endCursor` of the previous page.' }),
    },
    resolve: (_root, args, ctx) => ctx.services.transcripts.listTranscripts(ctx.viewer, args),
  }),
);

const SigningKeyRef = builder.objectRef<PublicSigningKey>('SigningKey').implement({
  description: "A public key the server signs run transcripts with. Old keys stay listed after a rotation, so old transcripts still verify.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The key id a transcript signature names (RFC 7638 thumbprint of the JWK).' }),
    algorithm: t.exposeString('algorithm', { description: 'Always Ed25519.' }),
    publicKey: t.exposeString('publicKey', { description: 'base64url (no padding) of the raw 32-byte public key: the member `"x"` of the JWK.' }),
    jwk: t.field({ type: 'JSON', description: 'The key as an RFC 8037 JWK (`{"kty": "OKP", "crv": "Ed25519", "x": …}`), as in /.well-known/kairos-keys.json.', resolve: (key) => toJwk(key) }),
    createdAt: t.field({ type: 'DateTime', description: 'When the key was made.', resolve: (key) => key.createdAt }),
    active: t.exposeBoolean('active', { description: 'True for the one key that signs new transcripts.' }),
  }),
});

builder.queryField('signingKeys', (t) =>
  t.field({
    type: [SigningKeyRef],
    description:
      'Every public key this server has signed transcripts with, oldest first (the active one last). The same list is served without a token at ' +
      '/.well-known/kairos-keys.json; save it as a key file for `kairos-graphql verify --key-file`.',
    resolve: (_root, _args, ctx) => ctx.services.signingKeys.publicKeys(),
  }),
);
