/**
 * Every size limit a client can meet, in one place, with the code each refusal carries
 * (services/check-text.ts refuses text over them). README "Security model" lists them; change both together.
 */

/** Limits on the shape of a GraphQL document, checked before it runs (HTTP and WebSocket alike). */
export const DOCUMENT_LIMITS = {
  maxDepth: 12,
  maxAliases: 15,
  maxDirectives: 20,
  maxTokens: 5_000,
  /** See src/http/document-cost.ts: list fields cost their size (`first`, the steps of a protocol) times their children. */
  maxCost: 50_000,
} as const;

/** The most steps one protocol may have (mint refuses more with PAYLOAD_TOO_LARGE). */
export const MAX_PROTOCOL_STEPS = 500;

/** The largest page a connection serves (`first` above it is cut to it): memories and runs. */
export const MAX_PAGE_SIZE = 500;
/** The largest page of proposals. */
export const MAX_PROPOSAL_PAGE_SIZE = 200;

/** Characters, per free-text field. Over the limit: PAYLOAD_TOO_LARGE with `details.field` and `details.limit`. */
export const TEXT_LIMITS = {
  title: 200,
  label: 500,
  tag: 100,
  attestMessage: 10_000,
  llmModelId: 200,
  protocolVersion: 64,
  tokenName: 100,
  confirmation: 10_000,
  rejectReason: 2_000,
  nonce: 128,
  proofHash: 128,
  timestamp: 64,
  commentText: 64 * 1024,
  /** `solution.trace`: the agent's reasoning, kept with the proof (cut to the stored-evidence size). */
  solutionTrace: 64 * 1024,
  requestId: 128,
  operationName: 128,
  /** A memory URI named by `restoreMemory`: `kairos://mem/` and a UUID are 49 characters. */
  memoryUri: 256,
} as const;

export type TextField = keyof typeof TEXT_LIMITS;

/**
 * Tensor values one run may hold, in UTF-8 bytes of their canonical JSON, summed over its proven
 * tensor contracts (each is kept in its proof and in the run's state): a tensor past it is refused
 * (INVALID_FIELD on tensor.value), so a long protocol of large values never reaches MongoDB's 16 MB document limit.
 */
export const MAX_RUN_TENSOR_BYTES = 1024 * 1024;

/** Stored evidence per proof field (stdout, stderr, an MCP result, a comment), in UTF-8 bytes; cut with a marker. */
export const MAX_STORED_EVIDENCE_BYTES = 4 * 1024;

/**
 * Failed attempts a run keeps, in bytes of their stored records. Past it a failed attempt is
 * still answered, but its record is not kept, so a run document never reaches MongoDB's 16 MB
 * limit (settled proofs are bounded by the step cap times the evidence cap).
 */
export const MAX_FAILED_PROOF_BYTES = 2 * 1024 * 1024;

/**
 * Events of failed attempts (an error code on `STEP_FAILED`, `PROOF_MISSING`, `MAX_RETRIES`) a run
 * keeps and announces. Past it a failed attempt is still answered and counted as a retry, but adds
 * no event: an agent retrying forever cannot grow the run document (other events are bounded by
 * the step cap).
 */
export const MAX_FAILED_ATTEMPT_EVENTS = 1_000;

/** Nesting of a JSON value in variables (an MCP result, a challenge). Deeper: BAD_USER_INPUT. */
export const MAX_JSON_DEPTH = 64;

/** Bytes one answer may carry (a GraphQL result, one subscription event, an MCP tool answer): docs/security.md. */
export const DEFAULT_RESPONSE_BUDGET_BYTES = 8 * 1024 * 1024;

/** Staged proposals one principal may hold at once, by count and by bytes of content. */
export const DEFAULT_MAX_PENDING_PROPOSALS = 50;
export const DEFAULT_MAX_PENDING_PROPOSAL_BYTES = 4 * 1024 * 1024;

/**
 * Server-side time limit of one database operation (`maxTimeMS`, KAIROS_DB_MAX_TIME_MS; see
 * src/store/operation-time-limit.ts): over it the request answers DATABASE_TIMEOUT.
 */
export const DEFAULT_DB_MAX_TIME_MS = 10_000;

/** A remote embeddings endpoint (KAIROS_EMBEDDINGS=openai): the largest answer read, and how long search and writes wait for it. */
export const DEFAULT_EMBEDDINGS_MAX_ANSWER_BYTES = 16 * 1024 * 1024;
export const DEFAULT_EMBEDDINGS_SEARCH_TIMEOUT_MS = 1_500;
export const DEFAULT_EMBEDDINGS_WRITE_TIMEOUT_MS = 5_000;

/**
 * What one document may add to the in-process lexical index (docs/security.md): a step's first
 * `termsPerStep` distinct terms (title, triggers and label first, then the text), and no new term
 * once a space's index holds `termsPerSpace`. Without them 30 × 1 MB of random tokens grew the
 * index to about 45 times the stored text; words past a cap are still found by meaning.
 */
export const LEXICAL_INDEX_LIMITS = { termsPerStep: 5_000, termsPerSpace: 100_000 } as const;

/** Bytes of memory text one principal (what it wrote, in every space) and one space may hold; 0: no quota. */
export const DEFAULT_MAX_STORED_BYTES_PER_PRINCIPAL = 256 * 1024 * 1024;
export const DEFAULT_MAX_STORED_BYTES_PER_SPACE = 1024 * 1024 * 1024;

/**
 * Operations one WebSocket may have open at once (KAIROS_MAX_SUBSCRIPTIONS_PER_SOCKET): a UI
 * multiplexes a few dozen; without a cap one token could open subscriptions until memory runs out.
 * One more is refused with QUOTA_EXCEEDED; the others stay open. 0: no cap.
 */
export const DEFAULT_MAX_SUBSCRIPTIONS_PER_SOCKET = 500;

/** What one connection may have queued for a slow reader before it is cut off (WebSocket and SSE). */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Subscriptions one principal may have open at once across every socket, SSE stream and MCP
 * listen (KAIROS_MAX_SUBSCRIPTIONS_PER_PRINCIPAL): the per-socket cap alone lets one token open
 * sockets until memory runs out. One more is refused with QUOTA_EXCEEDED. 0: no cap.
 */
export const DEFAULT_MAX_SUBSCRIPTIONS_PER_PRINCIPAL = 500;

/** MCP `subscriptions/listen` streams one principal may hold open at once (KAIROS_MAX_LISTENS_PER_PRINCIPAL). 0: no cap. */
export const DEFAULT_MAX_LISTENS_PER_PRINCIPAL = 16;

/** Skills one MCP `skills/list` listing walks through, page after page (KAIROS_MCP_SKILLS_LIST_CAP); past it the list ends. 0: no cap. */
export const DEFAULT_MCP_SKILLS_LIST_CAP = 2_000;

/**
 * Run events one principal may have replayed (`runProgress(afterSeq)`, `?after_seq=`) per minute
 * (KAIROS_MAX_REPLAYED_EVENTS_PER_MINUTE): each replayed event is executed and sent, so replaying
 * long runs over and over is work the server does for nobody. Past it: QUOTA_EXCEEDED. 0: no cap.
 */
export const DEFAULT_MAX_REPLAYED_EVENTS_PER_MINUTE = 20_000;

/** Replayed events handed out before a stream lets the event loop serve others (see replay-then-live.ts). */
export const REPLAY_SLICE_EVENTS = 64;

/** Nesting of contract JSON and frontmatter a document may have: stored, it sits a few levels down in a document MongoDB refuses past 100. */
export const MAX_DOCUMENT_JSON_DEPTH = 32;

/**
 * Characters refused in titles, labels, tags and names: C0/C1 controls (NUL included, tab and
 * newline aside) and the Unicode bidi overrides and isolates that make text read differently
 * than it is stored (Trojan Source).
 */
const HOSTILE_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

export function hasHostileCharacters(text: string): boolean {
  return HOSTILE_CHARACTERS.test(text);
}

/** Depth of a JSON value (a scalar is 0); stops counting past `limit`. */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, inner]);
  }
  return deepest;
}

/** Printable, bounded text for logs and headers (a request id, an operation name), or null if nothing is left. */
export function sanitizeForLog(value: string | null | undefined, limit: number): string | null {
  if (!value) return null;
  const cleaned = value.replace(/[^\x21-\x7e]/g, '').slice(0, limit);
  return cleaned === '' ? null : cleaned;
}

/**
 * The largest artifact (decoded bytes): under the request body limit once base64 is added, so a
 * file that can be sent can be stored. KAIROS 4.8.5 allows about 3.1 MB, over our default body limit.
 */
export const DEFAULT_ARTIFACT_MAX_BYTES = 1024 * 1024;

/** The most artifacts one adapter carries at once. */
export const DEFAULT_ARTIFACTS_PER_ADAPTER = 64;

/** A skill_zip larger than this is served from a short-lived download URL instead of inline base64. */
export const INLINE_EXPORT_MAX_BYTES = 4 * 1024 * 1024;
