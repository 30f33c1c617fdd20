/** The subscriptions the kernel's `subscriptions/listen` runs in process, typed by codegen. */
import { graphql } from '../generated/index.js';

/** `subscriptions/listen` on a run: its progress, as the `runProgress` subscription streams it. */
export const McpRunProgressDocument = graphql(`
  subscription McpRunProgress($runId: ID!, $afterSeq: Int) {
    runProgress(runId: $runId, afterSeq: $afterSeq) {
      ...RunProgressFields
      stepUri
    }
  }
`);

/** …and its prompts, as `challengePrompts(runId)` streams them. */
export const McpRunPromptsDocument = graphql(`
  subscription McpRunPrompts($runId: ID!) {
    challengePrompts(runId: $runId) {
      ...ChallengePromptFields
      stepUri
    }
  }
`);
