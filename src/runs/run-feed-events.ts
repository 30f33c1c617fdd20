/** The one converter from each stored run record to the event the feeds carry (JSON-safe: dates as ISO text). */
import type { ChallengePrompt, RunEvent, RunLifecycleEvent } from '../model/run-records.js';
import { RUN_LIFECYCLE_EVENT_TYPES } from '../model/run-records.js';
import type { RunStatus } from '../model/run-enums.js';
import type { PromptRecord, RunEventRecord, RunRecord } from '../model/run-records.js';

export function toRunEvent(event: RunEventRecord): RunEvent {
  return { ...event, at: event.at.toISOString() };
}

export function toChallengePrompt(prompt: PromptRecord): ChallengePrompt {
  const { _id, createdAt, at, ...rest } = prompt;
  return { ...rest, promptId: _id, createdAt: createdAt.toISOString(), at: at.toISOString() };
}

/** The runEvents feed's view of a run event, for the event types that move a run in a list; null for the others. */
export function toRunLifecycleEvent(run: RunRecord, status: RunStatus, event: RunEventRecord): RunLifecycleEvent | null {
  const type = RUN_LIFECYCLE_EVENT_TYPES.find((lifecycleType) => lifecycleType === event.type);
  if (!type) return null;
  return {
    type,
    runId: run._id,
    space: run.space,
    principalId: run.principalId,
    protocolLabel: run.protocol.label,
    status,
    stepCount: run.stepUris.length,
    seq: event.seq,
    at: event.at.toISOString(),
  };
}
