/** Protocols the scale-out and fault tests run. */
import { uniqueTitle } from '../api/fixtures.js';

const fence = '```';

/** `steps` shell-challenged steps; every step needs a proof. */
export function shellProtocol(steps: number): string {
  const body = Array.from(
    { length: steps },
    (_, index) =>
      `## Check ${index + 1}\n\nRun it.\n\n${fence}json\n{"challenge": {"type": "shell", "shell": {"cmd": "echo ${index + 1}", "timeout_seconds": 5}}}\n${fence}`,
  );
  return `# ${uniqueTitle('Scale checks')}\n\n${body.join('\n\n')}\n`;
}

/** A user_input step a person answers, then a last step without a challenge. */
export function promptProtocol(): string {
  return `# ${uniqueTitle('Release gate')}\n\n## Approve\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve the release?"}}}\n${fence}\n\n## Release\n\nRelease it.\n`;
}

/** The solution an agent sends for a step's shell challenge: echoes nonce and proofHash. */
export function shellSolution(challenge: { type: string; nonce?: string | null; proofHash: string }) {
  return {
    type: challenge.type as 'SHELL',
    nonce: challenge.nonce,
    proofHash: challenge.proofHash,
    shell: { exitCode: 0, stdout: 'ok', stderr: '', durationSeconds: 0.1 },
  };
}
