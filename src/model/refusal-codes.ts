/**
 * Every refusal code, declared once. Two families, each one `as const` table:
 * - REQUEST_REFUSALS: the request is refused as a whole, whichever layer refuses (graphql-armor,
 *   the cost rule, CSRF, authentication, the rate limit, a service). GraphQL answers a GraphQL
 *   error with `extensions.code` (and, when nothing ran, `status` as the HTTP status); the MCP
 *   tools answer `{ error: code, message }` with `isError`; the MCP HTTP door answers `status` with
 *   a JSON-RPC error whose `data.code` is the code.
 * - STEP_REFUSALS: a run call did not advance the run, answered as data (`errorCode` over
 *   GraphQL, `error_code` over MCP); each door's renderer words its message (src/render/).
 * Published codes are a contract: add new ones, never rename one. src/http/refusals.ts,
 * src/services/errors.ts, the schema's StepErrorCode enum and the MCP doors refer to this list.
 */

export interface RequestRefusal {
  /** The HTTP status of a request refused as a whole with this code. */
  status: number;
  /** What it means, for the documentation of every door. */
  description: string;
  /** The message when the refusal has nothing more specific to say. */
  message?: string;
}

export const REQUEST_REFUSALS = {
  BAD_USER_INPUT: {
    status: 400,
    description:
      'The request is malformed: an empty list, mismatched lengths, both or neither of two exclusive inputs, a value out of range.',
  },
  NOT_FOUND: { status: 404, description: 'Nothing of that name in the spaces the caller can read.' },
  AMBIGUOUS: {
    status: 400,
    description: "A protocol key (slug) found in several readable spaces, none of them the caller's default (reference §5.1): use a URI.",
  },
  FORBIDDEN: { status: 403, description: 'The caller may not do this (a space it cannot read or write, a role it lacks).' },
  UNAUTHENTICATED: { status: 401, description: 'Authentication is on and no valid token was sent.' },
  SERVICE_UNAVAILABLE: { status: 503, description: 'The database is unavailable or the record is busy: retry shortly.' },
  PAYLOAD_TOO_LARGE: { status: 413, description: 'A value or the request body is over its limit (`details.field`, `details.limit`).' },
  PROTOCOL_STRUCTURE_INVALID: { status: 400, description: 'The protocol markdown does not parse (the message names the line).' },
  DUPLICATE_CHAIN: { status: 400, description: 'A protocol with that title exists in the space: send force to replace it.' },
  DUPLICATE_SLUG: { status: 400, description: 'Another protocol in the space has that slug.' },
  INVALID_SLUG: { status: 400, description: 'The slug is not lower-case words joined by hyphens.' },
  SLUG_ALLOCATION_EXHAUSTED: { status: 400, description: 'No free slug could be derived from the title: give one.' },
  SPACE_NOT_FOUND: { status: 400, description: 'No such space.' },
  SPACE_READ_ONLY: { status: 400, description: 'The space cannot be written (the app space).' },
  RATE_LIMITED: {
    status: 429,
    description: 'Too many requests (or too many at once) for this principal: retry after `retryAfterSeconds`.',
  },
  DOCUMENT_TOO_COMPLEX: {
    status: 400,
    description: "The document is over one of graphql-armor's limits or the cost limit (src/http/document-cost.ts).",
  },
  CSRF_HEADER_REQUIRED: { status: 403, description: 'A browser-style request without the header that proves it is not a cross-site form.' },
  BAD_REQUEST: { status: 400, description: 'The HTTP request itself is malformed (no GraphQL document could be read).' },
  GRAPHQL_PARSE_FAILED: { status: 400, description: 'The document does not parse.' },
  GRAPHQL_VALIDATION_FAILED: { status: 400, description: 'The document does not validate against the schema.' },
  RESPONSE_TOO_LARGE: {
    status: 413,
    description:
      'The answer would be larger than the response budget (docs/security.md): ask for fewer items or fields. The message names the field.',
  },
  DATABASE_TIMEOUT: { status: 503, description: 'A database operation ran over its time limit; nothing was written.' },
  SECRET_DETECTED: {
    status: 400,
    description: 'Text holding something that looks like a secret (kind and place in `details`, never the value).',
  },
  INVALID_UNICODE: { status: 400, description: 'Text with a lone UTF-16 surrogate, which is not a character (the place in `details`).' },
  QUOTA_EXCEEDED: {
    status: 429,
    description:
      'A quota is used up: staged proposals of one principal (count or bytes), operations open at once on one WebSocket, subscriptions or MCP listens open at once for one principal, run events replayed per minute, or bytes of text stored in a space or by a principal (`details.limit`).',
  },
  CONTRACT_TYPE_UNKNOWN: {
    status: 400,
    description: 'KAIROS 4: a contract whose `type` is not shell, mcp, user_input, comment or tensor (`details.line`).',
  },
  CONTRACT_INVALID: {
    status: 400,
    description:
      'KAIROS 4: a contract with a field of the wrong type or missing, such as an `mcp` contract without `tool_name` (`details.line`, `details.reason`).',
  },
  FRONTMATTER_INVALID: { status: 400, description: 'KAIROS 4: frontmatter that is not YAML `key: value` lines, or too large.' },
  CONTRACT_FENCE_REFUSED: { status: 400, description: 'KAIROS 4: contract JSON in a plain ``` fence; contract blocks are ```json fences.' },
  MULTIPLE_ADAPTERS: {
    status: 400,
    description:
      'KAIROS 4: a document with more than one H1 title (KAIROS 4 would store each as an adapter); send one adapter per document (`details.line` of the second title).',
  },
  EXECUTION_ID_MISMATCH: {
    status: 400,
    description: "A `kairos://layer/…?execution_id=` URI whose run is another one, another principal's, or lacks the layer.",
  },
  UNSUPPORTED_MIME: {
    status: 400,
    description:
      'KAIROS 4: an artifact type not on the allowlist, not inferable from its name, or not consistent with its extension (`details.allowed`).',
  },
  ARTIFACT_CONTENT_TOTAL_BYTES_EXCEEDED: {
    status: 413,
    description: 'KAIROS 4: an artifact over the size limit (`details.max_total_bytes`, `details.total_bytes`; KAIROS_ARTIFACT_MAX_BYTES).',
  },
  INVALID_RELATIVE_PATH: {
    status: 400,
    description:
      "An artifact's relative_path that is absolute, climbs out with `..`, holds NUL or control characters, has an empty segment, or takes a path the skill export writes itself (`details.reason`).",
  },
  DUPLICATE_ARTIFACT: {
    status: 400,
    description:
      'The adapter already has an artifact with that name, slug or path: send force_update to replace it (the old version stays in history).',
  },
  INTERNAL_SERVER_ERROR: {
    status: 500,
    description: 'Something unexpected failed; the log keeps the detail.',
    message: 'Unexpected error.',
  },
} as const satisfies Record<string, RequestRefusal>;

export type RequestRefusalCode = keyof typeof REQUEST_REFUSALS;

/** The codes a service throws (RequestError); the others come from the transport's layers. */
export const SERVICE_REFUSAL_CODES = [
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'AMBIGUOUS',
  'FORBIDDEN',
  'UNAUTHENTICATED',
  'SERVICE_UNAVAILABLE',
  'PAYLOAD_TOO_LARGE',
  'PROTOCOL_STRUCTURE_INVALID',
  'DUPLICATE_CHAIN',
  'DUPLICATE_SLUG',
  'INVALID_SLUG',
  'SLUG_ALLOCATION_EXHAUSTED',
  'SPACE_NOT_FOUND',
  'SPACE_READ_ONLY',
  'RESPONSE_TOO_LARGE',
  'DATABASE_TIMEOUT',
  'SECRET_DETECTED',
  'INVALID_UNICODE',
  'QUOTA_EXCEEDED',
  'CONTRACT_TYPE_UNKNOWN',
  'CONTRACT_INVALID',
  'FRONTMATTER_INVALID',
  'CONTRACT_FENCE_REFUSED',
  'MULTIPLE_ADAPTERS',
  'EXECUTION_ID_MISMATCH',
  'UNSUPPORTED_MIME',
  'ARTIFACT_CONTENT_TOTAL_BYTES_EXCEEDED',
  'INVALID_RELATIVE_PATH',
  'DUPLICATE_ARTIFACT',
] as const satisfies readonly RequestRefusalCode[];

/** The HTTP status of a request refused as a whole with this code (400 for a code from elsewhere). */
export function refusalStatus(code: string): number {
  return (REQUEST_REFUSALS as Record<string, RequestRefusal>)[code]?.status ?? 400;
}

// ── Step refusals: answered as data ─────────────────────────────────────────────────────

/**
 * Every `errorCode` a run operation (begin, next, attest, answerPrompt) can return as data.
 * Agents branch on these, never on message text; never rename a published code.
 *
 * Left out on purpose: `COMMENT_IRRELEVANT` (the embedding check is not re-created) and
 * `ELICITATION_FAILED` (when an MCP host cannot ask its person, the challenge goes back to the
 * agent as without elicitation; a person can always answer through `answerPrompt`). `MISSING_FIELD` keeps the reference name for a missing or empty value.
 */
export type StepErrorCode =
  /** A field the challenge needs is absent or empty (nonce, proofHash, the type's object, its text). */
  | 'MISSING_FIELD'
  /** A field is present but malformed: non-integer exit code, bad timestamp, oversized or non-JSON value. */
  | 'INVALID_FIELD'
  /** The solution's nonce is not the one issued with the pending step's challenge. */
  | 'NONCE_MISMATCH'
  /** The solution's proofHash is not the challenge's proofHash (the last proven step's hash, or genesis). */
  | 'PROOF_HASH_MISMATCH'
  /** `solution.type` differs from the challenge type. */
  | 'TYPE_MISMATCH'
  /** An MCP solution names a different tool from the challenge's `toolName`. */
  | 'TOOL_MISMATCH'
  /** A required shell proof exited non-zero, or a required MCP proof reported `success: false`. */
  | 'COMMAND_FAILED'
  /** A comment is shorter than the challenge's minimum length. */
  | 'COMMENT_TOO_SHORT'
  /** The user's reply to a required user_input challenge declines ("no", "rejected", "deny"…). */
  | 'USER_DECLINED'
  /** The challenge needs a person's answer through `answerPrompt`; an agent's confirmation is refused. */
  | 'HUMAN_CONFIRMATION_REQUIRED'
  /** `next` skipped the pending step: no solution where one is required, or a uri further ahead. */
  | 'MISSING_PROOF'
  /** The third consecutive failure on the same pending step; `mustObey` turns false. */
  | 'MAX_RETRIES_EXCEEDED'
  /** `attest` with SUCCESS while a required step is still unproven. */
  | 'INCOMPLETE_RUN'
  /** No run with that id is visible to the caller. */
  | 'RUN_NOT_FOUND'
  /** The run is closed (attested, or expired while idle); start a new one with `begin`. */
  | 'RUN_CLOSED'
  /** The uri is not a step of the run's protocol (begin with an unknown uri is a NOT_FOUND GraphQL error instead). */
  | 'NOT_FOUND'
  /**
   * The nonce already settled its step with a different solution. A nonce is an idempotency key
   * bound to its solution: resubmit the same solution for the same answer, or prove the pending step.
   */
  | 'NONCE_REUSED';

/** STEP_REFUSALS: one-line descriptions (the GraphQL enum's, the MCP tools'); the type makes the list exhaustive. */
export const STEP_ERROR_CODE_DESCRIPTIONS: Readonly<Record<StepErrorCode, string>> = {
  MISSING_FIELD:
    'A field the challenge needs is absent or empty (`solution.nonce`, `solution.proofHash`, the object of the type, or its required value). Add it and retry `next`.',
  INVALID_FIELD:
    'A field is present but malformed: an unknown `solution.type`, a bad timestamp or duration, `mcp.success` not a boolean, or an oversized or non-JSON value. Fix it and retry `next`.',
  NONCE_MISMATCH: "The solution's nonce is not the pending challenge's nonce. Retry `next` with `challenge.nonce` from THIS response.",
  PROOF_HASH_MISMATCH:
    "The solution's proofHash is not the challenge's proofHash. Retry `next` with `challenge.proofHash` from THIS response.",
  TYPE_MISMATCH: 'The solution type differs from the challenge type. Prove the step the way `challenge.type` says.',
  TOOL_MISMATCH: "The MCP solution names a different tool from the challenge's `toolName`. Call that tool and report its result.",
  COMMAND_FAILED:
    'A required shell proof exited non-zero, or a required MCP call reported `success` false. The failed attempt is kept; fix the cause, run it again and retry `next` with the real result.',
  COMMENT_TOO_SHORT: "The comment is shorter than the challenge's `minLength`. Write a genuine, longer summary and retry `next`.",
  USER_DECLINED:
    'The user\'s reply declined a required confirmation ("no", "rejected", "deny"…). Do not proceed as if approved: ask the user what to change, or `attest` with `FAILURE`.',
  HUMAN_CONFIRMATION_REQUIRED:
    'Only a person can answer this challenge (`requireHuman`): ask the user to answer the prompt (`promptId`) through `answerPrompt`, then call `next` with the same uri and no solution.',
  MISSING_PROOF:
    '`next` skipped the pending step: no solution where one is required, or a uri further ahead. The answer shows the pending step: prove it first, as `nextAction` says.',
  MAX_RETRIES_EXCEEDED:
    'The same pending step failed three times in a row; `mustObey` turns false and the run stays open. Choose: fix the step with `updateMemories` if it is wrong (future runs use the fix; `begin` again to use it now), retry `next` with a corrected solution, `attest` with `FAILURE`, or ask the user for help.',
  INCOMPLETE_RUN:
    '`attest` with `SUCCESS` was asked while a required step is unproven; nothing was written. Prove the pending step with `next`, or `attest` with `FAILURE`.',
  RUN_NOT_FOUND: 'No run of yours with that id, or (without `runId`) no open run of yours contains the uri. Start one with `begin`.',
  RUN_CLOSED: 'The run is closed (attested or expired); nothing was written. Start a new run with `begin`.',
  NOT_FOUND: "The uri is not a step of the run's protocol; nothing was recorded. Use the uri `nextAction` names.",
  NONCE_REUSED:
    'The nonce already settled its step with a different solution: nothing was stored. Resubmit the same solution (it returns the first answer), or prove the pending step with its own nonce.',
};

export const STEP_ERROR_CODES = Object.keys(STEP_ERROR_CODE_DESCRIPTIONS) as StepErrorCode[];
