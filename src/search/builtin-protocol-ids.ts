/**
 * The built-in protocols of the `app` space (reference §2.7): step 1 has a fixed id so search
 * footers and error messages can point at it before anything is looked up.
 */
export const BUILTIN_PROTOCOL_IDS = {
  createNewProtocol: '00000000-0000-0000-0000-000000002001',
  refineSearch: '00000000-0000-0000-0000-000000002002',
  challengeTypeGuide: '00000000-0000-0000-0000-000000002004',
} as const;

/** Slugs of the footer protocols: they are offered as REFINE/CREATE, never as a MATCH. */
export const FOOTER_PROTOCOL_SLUGS = ['create-new-protocol', 'refine-search'] as const;
