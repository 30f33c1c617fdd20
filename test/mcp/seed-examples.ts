/**
 * The JSON of the user's seed examples (../shared/reference/seed-examples/), verbatim, for the
 * MCP tools of the same names. Tests substitute the example's uuids, nonces and hashes with the
 * real ones (`substitute`) and compare every field the example shows.
 */

export const SEED_URIS = {
  aaa: 'kairos://mem/aaa11111-1111-1111-1111-111111111111',
  bbb: 'kairos://mem/bbb22222-2222-2222-2222-222222222222',
  ccc: 'kairos://mem/ccc33333-3333-3333-3333-333333333333',
  nonexistent: 'kairos://mem/nonexistent-0000-0000-0000-000000000000',
  step1: 'kairos://mem/95e58776-942a-41dc-9b03-b2fc45edabd1',
  step2: 'kairos://mem/cd24bae8-474e-40c0-b3a1-ab1c51cc8a09',
} as const;

/** Replaces every occurrence of each key (a string in the example) with its value, in all strings. */
export function substitute<T>(example: T, replacements: Record<string, string>): T {
  let text = JSON.stringify(example);
  for (const [from, to] of Object.entries(replacements))
    text = text.split(JSON.stringify(from).slice(1, -1)).join(JSON.stringify(to).slice(1, -1));
  return JSON.parse(text) as T;
}

// 000: kairos_update
export const updateScenario1 = {
  input: {
    uris: ['kairos://mem/bbb22222-2222-2222-2222-222222222222'],
    markdown_doc: ['Set up configuration files.\n\nPROOF OF WORK: timeout 10s echo config > project/config.json'],
  },
  output: {
    results: [
      {
        uri: 'kairos://mem/bbb22222-2222-2222-2222-222222222222',
        status: 'updated',
        message: 'Memory kairos://mem/bbb22222-2222-2222-2222-222222222222 updated successfully',
      },
    ],
    total_updated: 1,
    total_failed: 0,
  },
};

export const updateScenario2 = {
  input: {
    uris: ['kairos://mem/aaa11111-1111-1111-1111-111111111111', 'kairos://mem/bbb22222-2222-2222-2222-222222222222'],
    markdown_doc: [
      'Create the project directory.\n\nPROOF OF WORK: timeout 30s mkdir -p src',
      "Write config.\n\nPROOF OF WORK: timeout 5s echo '{}' > config.json",
    ],
  },
  output: {
    results: [
      {
        uri: 'kairos://mem/aaa11111-1111-1111-1111-111111111111',
        status: 'updated',
        message: 'Memory kairos://mem/aaa11111-1111-1111-1111-111111111111 updated successfully',
      },
      {
        uri: 'kairos://mem/bbb22222-2222-2222-2222-222222222222',
        status: 'updated',
        message: 'Memory kairos://mem/bbb22222-2222-2222-2222-222222222222 updated successfully',
      },
    ],
    total_updated: 2,
    total_failed: 0,
  },
};

export const updateScenario3 = {
  input: {
    uris: ['kairos://mem/ccc33333-3333-3333-3333-333333333333'],
    updates: { text: 'Revised step body without PROOF OF WORK markers.' },
  },
  output: {
    results: [
      {
        uri: 'kairos://mem/ccc33333-3333-3333-3333-333333333333',
        status: 'updated',
        message: 'Memory kairos://mem/ccc33333-3333-3333-3333-333333333333 updated successfully',
      },
    ],
    total_updated: 1,
    total_failed: 0,
  },
};

/** Scenario 4 shows only the output; its input is the two URIs with one markdown_doc each. */
export const updateScenario4 = {
  output: {
    results: [
      {
        uri: 'kairos://mem/aaa11111-1111-1111-1111-111111111111',
        status: 'updated',
        message: 'Memory kairos://mem/aaa11111-1111-1111-1111-111111111111 updated successfully',
      },
      {
        uri: 'kairos://mem/nonexistent-0000-0000-0000-000000000000',
        status: 'error',
        message: 'Failed to update memory: Point not found',
      },
    ],
    total_updated: 1,
    total_failed: 1,
  },
};

// 001: kairos_delete
export const deleteScenario1 = {
  input: { uris: ['kairos://mem/aaa11111-1111-1111-1111-111111111111'] },
  output: {
    results: [
      {
        uri: 'kairos://mem/aaa11111-1111-1111-1111-111111111111',
        status: 'deleted',
        message: 'Memory kairos://mem/aaa11111-1111-1111-1111-111111111111 deleted successfully',
      },
    ],
    total_deleted: 1,
    total_failed: 0,
  },
};

export const deleteScenario2 = {
  input: {
    uris: [
      'kairos://mem/aaa11111-1111-1111-1111-111111111111',
      'kairos://mem/bbb22222-2222-2222-2222-222222222222',
      'kairos://mem/ccc33333-3333-3333-3333-333333333333',
    ],
  },
  output: {
    results: [
      {
        uri: 'kairos://mem/aaa11111-1111-1111-1111-111111111111',
        status: 'deleted',
        message: 'Memory kairos://mem/aaa11111-1111-1111-1111-111111111111 deleted successfully',
      },
      {
        uri: 'kairos://mem/bbb22222-2222-2222-2222-222222222222',
        status: 'deleted',
        message: 'Memory kairos://mem/bbb22222-2222-2222-2222-222222222222 deleted successfully',
      },
      {
        uri: 'kairos://mem/ccc33333-3333-3333-3333-333333333333',
        status: 'deleted',
        message: 'Memory kairos://mem/ccc33333-3333-3333-3333-333333333333 deleted successfully',
      },
    ],
    total_deleted: 3,
    total_failed: 0,
  },
};

export const deleteScenario3 = {
  output: {
    results: [
      {
        uri: 'kairos://mem/aaa11111-1111-1111-1111-111111111111',
        status: 'deleted',
        message: 'Memory kairos://mem/aaa11111-1111-1111-1111-111111111111 deleted successfully',
      },
      {
        uri: 'kairos://mem/nonexistent-0000-0000-0000-000000000000',
        status: 'error',
        message: 'Failed to delete memory: Point not found',
      },
    ],
    total_deleted: 1,
    total_failed: 1,
  },
};

// 003: kairos_begin → kairos_next(step 2, step 1's solution) → kairos_attest
export const GENESIS = 'aeebad4a796fcc2e15dc4c6061b45ed9b373f26adfc798ca7d2d8cc58182718e';

export const beginExample = {
  request: { uri: 'kairos://mem/95e58776-942a-41dc-9b03-b2fc45edabd1' },
  response: {
    must_obey: true,
    current_step: {
      uri: 'kairos://mem/95e58776-942a-41dc-9b03-b2fc45edabd1',
      content: 'Ask the user to approve deployment. The agent must obtain confirmation and send it in the solution.',
      mimeType: 'text/markdown',
    },
    challenge: {
      type: 'user_input',
      description:
        'User confirmation: Approve deployment to production?. You MUST show this prompt to the user and use only their reply as user_input.confirmation; do not assume or invent it.',
      user_input: { prompt: 'Approve deployment to production?' },
      proof_hash: 'aeebad4a796fcc2e15dc4c6061b45ed9b373f26adfc798ca7d2d8cc58182718e',
      nonce: '86e77edabbd060ae513f7196bc43c864',
    },
    next_action: 'call kairos_next with kairos://mem/cd24bae8-474e-40c0-b3a1-ab1c51cc8a09 and solution matching challenge',
  },
};

export const nextRequest = {
  uri: 'kairos://mem/cd24bae8-474e-40c0-b3a1-ab1c51cc8a09',
  solution: {
    type: 'user_input',
    user_input: { confirmation: 'Yes, approved.' },
    nonce: '86e77edabbd060ae513f7196bc43c864',
    proof_hash: 'aeebad4a796fcc2e15dc4c6061b45ed9b373f26adfc798ca7d2d8cc58182718e',
  },
};

/** "After the fix": the behaviour to build. */
export const nextResponseAfterFix = {
  must_obey: true,
  current_step: {
    uri: 'kairos://mem/cd24bae8-474e-40c0-b3a1-ab1c51cc8a09',
    content: 'Only reachable after Step 1 is solved. Show the output from Step 1 to the user.',
    mimeType: 'text/markdown',
  },
  challenge: {
    type: 'comment',
    description:
      'Provide a verification comment describing how you completed this step. Write a genuine summary; do not paste unrelated text.',
    proof_hash: '<hash of stored step1 proof>',
    nonce: '<new nonce if any>',
  },
  message: 'Protocol steps complete. Call kairos_attest to finalize.',
  next_action:
    'call kairos_attest with kairos://mem/cd24bae8-474e-40c0-b3a1-ab1c51cc8a09 and outcome (success or failure) and message to complete the protocol',
  proof_hash: '<hash of the proof just stored for step 1>',
};

/** The MISSING_PROOF answer's shape (section 1): the keys an agent reads, and the code. */
export const missingProofResponse = {
  must_obey: true,
  current_step: { uri: '…', content: '…', mimeType: 'text/markdown' },
  challenge: { type: '…', description: '…', proof_hash: '…', nonce: '…' },
  message: 'Proof of work missing for Confirm deployment. …',
  next_action: '…',
  error_code: 'MISSING_PROOF',
  retry_count: 1,
};

// 002: memory.propose_update output schema (every key the tool may answer)
export const proposeUpdateOutputKeys = [
  'status',
  'reason',
  'message',
  'routing',
  'staging_id',
  'files',
  'findings',
  'violations',
  'provenance_violations',
  'applied_at',
  'affected_sections',
  'index_updated',
  'warnings',
  'staging_ttl_seconds',
  'human_approval_required',
  'review_command',
] as const;
