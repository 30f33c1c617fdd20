/**
 * A run as it is stored and as its feeds carry it: the records the run rules (src/runs/) build,
 * the store writes and the event topics publish. Types and one closed list, so that the pure run core imports
 * neither the store nor the events.
 */
import type { Grading } from './grading.js';
import type { ProofRecord } from './proof-record.js';
import type { NextCall, RunNotice, SlugChoice, StepAnswer } from './run-answers.js';
import type { Outcome, PromptStatus, RunEventType, RunStatus } from './run-enums.js';
import type { RunState } from './run-state.js';
import type { StepErrorCode } from './refusal-codes.js';

/** One proof the run received: settled (part of the hash chain), or a failed attempt kept for the record. */
export interface StoredProof {
  record: ProofRecord;
  proofHash: string;
  settled: boolean;
  /** The answer given when this proof settled its step: resubmitting the same nonce gets it again. */
  response: StoredStepResponse | null;
  /** The principal whose answerPrompt produced it (source HUMAN); absent for an agent's proof. */
  answeredBy?: string;
  /** The version of the step this proof proved (absent in proofs stored before history was kept). */
  stepVersion?: number;
  /** SHA-256 of the canonical JSON of the solution sent: a resubmission must match it (NONCE_REUSED otherwise). */
  solutionDigest?: string;
  /** The agent's `solution.trace` (its reasoning), cut to the stored-evidence size; not hashed. */
  trace?: string;
}

/**
 * A settled proof's answer as the run keeps it. Since 0.3 it is the rules' data (`answer`), worded
 * by whichever door asks again; a run written by 0.2 holds the answer as its door worded it then
 * (StepResponse02), which reads back word for word (src/runs/stored-answers.ts maps both).
 */
export type StoredStepResponse = { format: 'step-answer/1'; answer: StepAnswer } | StepResponse02;

/** The answer 0.2 stored: the API's StepPayload of that version, words included. */
export interface StepResponse02 {
  format?: undefined;
  mustObey: boolean;
  runId: string;
  currentStep: StepAnswer['currentStep'];
  challenge: (Omit<NonNullable<StepAnswer['challenge']>, 'description'> & { description: string }) | null;
  message: string | null;
  nextAction: string;
  nextCall: NextCall;
  proofHash: string | null;
  errorCode: StepErrorCode | null;
  retryCount: number;
}

/** A rated attest as the run keeps it (0.2 also stored its `errorCode` null and `nextAction`, which are not read). */
export interface StoredAttestation {
  runId: string;
  uri: string;
  outcome: Outcome;
  /** The caller's message. */
  message: string;
  qualityBonus: number;
  ratedAt: string;
  /** Absent on runs attested before grading existed. */
  grading?: Grading | null;
}

export interface RunRecord {
  _id: string;
  /** The protocol's space: who can read the protocol can see the run. */
  space: string;
  principalId: string;
  /**
   * `version`: the protocol's declared version at begin (absent on runs begun before 0.2);
   * `space`: the protocol's own space (the run's `space` differs for a built-in; absent on older runs).
   */
  protocol: {
    chainId: string;
    label: string;
    slug: string;
    headUri: string;
    version?: string | null;
    space?: string;
    /** Set when the run began from a slug found in several spaces (absent otherwise and on older runs). */
    slugChoice?: SlugChoice;
  };
  /** Step URIs at begin, for "the caller's most recent run of this protocol". */
  stepUris: string[];
  status: RunStatus;
  /** The pure state machine's state (src/runs/run-transitions.ts), with the steps as they were at begin. */
  state: RunState;
  proofs: StoredProof[];
  attestation: StoredAttestation | null;
  /** The run's history, numbered 1, 2, … (seq): written with the transition that made it, so replay by seq reads the run. */
  events: RunEventRecord[];
  /** The user_input prompts the run opened, with their status: changed in the same write as the run. */
  prompts: PromptRecord[];
  /** The attest still to be counted in `memory_usage`: set with the attest, removed once UsageStore counted it. */
  pendingUsage?: AttestCount;
  /** The last event sequence number used; events are numbered 1, 2, … per run. */
  eventSeq: number;
  /** Every write is conditional on it: concurrent calls advance a run exactly once. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
  /** Idle runs expire: every write moves this forward. */
  expiresAt: Date;
  /** JSON bytes of the run as written (src/store/stored-size.ts), for the response budget. */
  sizeBytes?: number;
}

export interface RunEventRecord {
  runId: string;
  seq: number;
  space: string;
  type: RunEventType;
  stepUri: string | null;
  stepIndex: number | null;
  stepCount: number;
  errorCode: StepErrorCode | null;
  /** Why, as data each door words (since 0.3); absent in events written by 0.2. */
  notice?: RunNotice | null;
  /** Words that need no door: "no proof required", an attest's outcome, or a 0.2 event's message. */
  message: string | null;
  at: Date;
}

export interface PromptRecord {
  _id: string;
  runId: string;
  space: string;
  principalId: string;
  stepUri: string;
  stepIndex: number;
  protocolLabel: string;
  prompt: string;
  stepContent: string;
  requireHuman: boolean;
  status: PromptStatus;
  createdAt: Date;
  /** When the status last changed. */
  at: Date;
  answeredBy: string | null;
}

/** The fields a transition changes; written only if the run is still at the version read. */
export interface RunUpdate {
  status: RunStatus;
  state: RunState;
  newProofs: StoredProof[];
  /** Numbered from the run's eventSeq + 1. */
  newEvents: RunEventRecord[];
  /** The run's prompts after the transition, when it opened or closed one. */
  prompts?: PromptRecord[];
  attestation?: StoredAttestation | null;
  /** The attest to count after the run commits (see RunRecord.pendingUsage). */
  pendingUsage?: AttestCount;
  now: Date;
  expiresAt: Date;
}

/**
 * Everything one transition writes, all of it in the run document (see `RunStore.commit`):
 * `run` as it was read, with `update`; or, with `update` null, a new run with its first events.
 */
export interface RunCommit {
  run: RunRecord;
  update: RunUpdate | null;
}

/** One attest, counted on the attested step and the protocol head. */
export interface AttestCount {
  uris: string[];
  success: boolean;
  bonus: number;
  ratedAt: string;
  /** The attester's llmModelId (bounded), or DEFAULT_ATTEST_RATER. */
  rater: string;
  /** The graded score that ranking counts (`rankingRewardScore`: 0 for a failure); null when ungraded. */
  rewardScore?: number | null;
}

/** What one attested run adds: its proofs on their steps, its attest on the attested step and the head. */
export interface RunUsage {
  runId: string;
  /** The run's space: counters are kept per reader space. */
  space: string;
  /** Per step URI: every proof the run kept, by outcome. */
  proofCounts: Map<string, { successes: number; failures: number }>;
  attest: AttestCount;
}

/** One step of a run's history, numbered per run so a reconnecting client can resume. */
export type RunEvent = Omit<RunEventRecord, 'at'> & { at: string };

/** The run events that change a run's place in a list of runs: the `runEvents` feed carries these. */
export const RUN_LIFECYCLE_EVENT_TYPES = ['STARTED', 'COMPLETED', 'ATTESTED', 'EXPIRED'] as const;
export type RunLifecycleEventType = (typeof RUN_LIFECYCLE_EVENT_TYPES)[number];

/** A run started, completed, was attested or expired, after the change commits. */
export interface RunLifecycleEvent {
  type: RunLifecycleEventType;
  runId: string;
  space: string;
  principalId: string;
  protocolLabel: string;
  /** The run's status after the change. */
  status: RunStatus;
  stepCount: number;
  /** The event's number in the run's own history (as in runProgress). */
  seq: number;
  /** ISO-8601 commit time. */
  at: string;
}

/** A user_input challenge waiting for (or no longer waiting for) a person. */
export type ChallengePrompt = Omit<PromptRecord, '_id' | 'createdAt' | 'at'> & { promptId: string; createdAt: string; at: string };
