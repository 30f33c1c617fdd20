/** The operations and protocols the benchmark sends (plain strings: the bench is a client like any other). */
import { randomUUID } from 'node:crypto';

const fence = '```';

export const BEGIN = `mutation Begin($input: BeginInput!) {
  begin(input: $input) { runId errorCode nextCall { operation uri } currentStep { uri stepIndex } challenge { type nonce proofHash } }
}`;

export const NEXT = `mutation Next($input: NextInput!) {
  next(input: $input) { runId errorCode nextCall { operation uri } currentStep { uri stepIndex } challenge { type nonce proofHash } }
}`;

export const ATTEST = `mutation Attest($input: AttestInput!) { attest(input: $input) { errorCode } }`;

export const MINT = `mutation Mint($input: MintInput!) { mint(input: $input) { protocol { uri stepUris } } }`;

export const UPDATE_MEMORIES = `mutation UpdateMemories($input: UpdateMemoriesInput!) {
  updateMemories(input: $input) { totalUpdated totalFailed }
}`;

export const MEMORIES_PAGE = `query Memories($filter: MemoryFilter, $first: Int) {
  memories(filter: $filter, first: $first) {
    totalCount
    edges { node { uri label tags protocol { uri label stepCount } } }
  }
}`;

export const RUN_PROGRESS = `subscription RunProgress($runId: ID!, $afterSeq: Int) {
  runProgress(runId: $runId, afterSeq: $afterSeq) { runId seq type stepIndex stepCount at }
}`;

export const MEMORY_EVENTS = `subscription MemoryEvents($space: String!) { memoryEvents(space: $space) { type uri at } }`;

export interface StepAnswer {
  runId: string;
  errorCode: string | null;
  nextCall: { operation: string; uri: string | null };
  currentStep: { uri: string; stepIndex: number } | null;
  challenge: { type: string; nonce: string | null; proofHash: string } | null;
}

/** `steps` steps, each with a shell challenge the agent proves. */
export function shellProtocol(steps: number): string {
  const body = Array.from(
    { length: steps },
    (_, index) =>
      `## Check ${index + 1}\n\nRun the check and report its output.\n\n${fence}json\n{"challenge": {"type": "shell", "shell": {"cmd": "echo ${index + 1}", "timeout_seconds": 5}}}\n${fence}`,
  );
  return `# Bench checks ${randomUUID().slice(0, 8)}\n\n${body.join('\n\n')}\n`;
}

/** `steps` steps, each a user_input challenge (a prompt opens for each; the agent answers it). */
export function promptProtocol(steps: number): string {
  const body = Array.from(
    { length: steps },
    (_, index) =>
      `## Approve ${index + 1}\n\nAsk the owner.\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve part ${index + 1}?"}}}\n${fence}`,
  );
  return `# Bench approvals ${randomUUID().slice(0, 8)}\n\n${body.join('\n\n')}\n`;
}

/** `steps` plain steps (one per H2), no challenges: memories to edit and page through. */
export function plainProtocol(steps: number): string {
  const body = Array.from({ length: steps }, (_, index) => `## Item ${index + 1}\n\nA note worth keeping, number ${index + 1}.`);
  return `# Bench notes ${randomUUID().slice(0, 8)}\n\n${body.join('\n\n')}\n`;
}

export function shellSolution(challenge: NonNullable<StepAnswer['challenge']>) {
  return {
    type: challenge.type,
    nonce: challenge.nonce,
    proofHash: challenge.proofHash,
    shell: { exitCode: 0, stdout: 'ok', stderr: '', durationSeconds: 0.1 },
  };
}

export function userInputSolution(challenge: NonNullable<StepAnswer['challenge']>) {
  return { type: challenge.type, nonce: challenge.nonce, proofHash: challenge.proofHash, userInput: { confirmation: 'approved' } };
}
