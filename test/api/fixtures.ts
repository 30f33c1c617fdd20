/** Protocol documents in the KAIROS v3 authoring format, with a unique title per call. */
import { randomUUID } from 'node:crypto';

const fence = '```';

export function uniqueTitle(base: string): string {
  return `${base} ${randomUUID().slice(0, 8)}`;
}

/** The canonical v3 template: frontmatter, triggers, three challenged steps, a final step. */
export function deployProtocol(title = uniqueTitle('Deploy Service')): string {
  return `---
version: 1.2.0
---
# ${title}

Ship the service safely.

## Natural Language Triggers

Run when the user says "deploy", "ship it" or "release".

## Build

Build the artefacts.

${fence}json
{"challenge": {"type": "shell", "shell": {"cmd": "npm run build", "timeout_seconds": 120}, "required": true}}
${fence}

## Test

Run the suite. Example config, not a challenge:

${fence}json
{"retries": 2}
${fence}

${fence}json
{"challenge": {"type": "mcp", "mcp": {"tool_name": "run_tests"}}}
${fence}

## Approve

${fence}json
{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve deployment to production?"}}}
${fence}

## Completion Rule

Only attest success when every step above is proven.
`;
}

export function noChallengeProtocol(title = uniqueTitle('Onboarding Notes')): string {
  return `# ${title}

## Read the README

Start with the README.

## Set up the tools

Install Node and the CLI.

## Say hello

Post in the team channel.
`;
}

export function proofOfWorkProtocol(title = uniqueTitle('Legacy Checks')): string {
  return `# ${title}

## Lint

Check style.

PROOF OF WORK: [timeout 10s] npm run lint

## Unit tests

- **PROOF OF WORK:** [timeout 2m] npm test

## Wrap up

Write a summary.
`;
}

export function slugProtocol(slug: string, title = uniqueTitle('Slugged')): string {
  return `---
slug: ${slug}
---
# ${title}

## Only step

${fence}json
{"challenge": {"type": "comment", "comment": {"min_length": 20}}}
${fence}
`;
}
