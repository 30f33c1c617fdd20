/** Runs driven through the real API (auth off: the local principal runs and answers). */
import { expect } from 'vitest';
import type { TestServer } from '../support/app.js';
import { MintDocument } from '../api/documents.js';
import { uniqueTitle } from '../api/fixtures.js';
import { AnswerPromptDocument, AttestDocument, BeginDocument, NextDocument } from '../api/run-documents.js';

const fence = '```';

function challenge(json: string): string {
  return `${fence}json\n{"challenge": ${json}}\n${fence}`;
}

/** Build (shell), Approve (a person), Ship (shell). */
export function deployMarkdown(title = uniqueTitle('Deploy to production')): string {
  return `---
version: 2.1.0
---
# ${title}

## Build

Build the release.

${challenge('{"type": "shell", "shell": {"cmd": "make build", "timeout_seconds": 60}}')}

## Approve

Ask the owner.

${challenge('{"type": "user_input", "user_input": {"prompt": "Ship to production?", "require_human": true}}')}

## Ship

Ship it.

${challenge('{"type": "shell", "shell": {"cmd": "make ship", "timeout_seconds": 60}}')}
`;
}

export async function mintDeploy(server: TestServer, title?: string) {
  return (await server.query(MintDocument, { input: { markdown: deployMarkdown(title) } })).mint.protocol;
}

/**
 * Begins a run of the deploy protocol and takes it as far as `until`: a failed build attempt,
 * the build, a person's approval, the ship step, and the attestation.
 */
export async function driveRun(
  server: TestServer,
  protocol: { stepUris: string[] },
  until: 'BEGUN' | 'ATTESTED' = 'ATTESTED',
  outcome: 'SUCCESS' | 'FAILURE' = 'SUCCESS',
) {
  const [build, approve, ship] = protocol.stepUris as [string, string, string];
  const first = (await server.query(BeginDocument, { input: { uri: build } })).begin;
  const runId = first.runId;
  if (until === 'BEGUN') return runId;
  const echo = (step: typeof first) => ({ nonce: step.challenge!.nonce, proofHash: step.challenge!.proofHash });
  const failed = (
    await server.query(NextDocument, {
      input: { uri: build, runId, solution: { type: 'SHELL', ...echo(first), shell: { exitCode: 2, stdout: '', stderr: 'cc: error' } } },
    })
  ).next;
  expect(failed.errorCode).toBe('COMMAND_FAILED');
  const second = (
    await server.query(NextDocument, {
      input: {
        uri: build,
        runId,
        solution: { type: 'SHELL', ...echo(failed), shell: { exitCode: 0, stdout: 'built 42 files', stderr: '' } },
      },
    })
  ).next;
  expect(second.currentStep?.uri).toBe(approve);
  const answered = (
    await server.query(AnswerPromptDocument, { input: { promptId: second.challenge!.promptId!, confirmation: 'approved' } })
  ).answerPrompt.result;
  expect(answered.currentStep?.uri).toBe(ship);
  const shipped = (
    await server.query(NextDocument, {
      input: {
        uri: ship,
        runId,
        solution: { type: 'SHELL', ...echo(answered), shell: { exitCode: 0, stdout: 'deployed v2.1.0', stderr: '' } },
      },
    })
  ).next;
  expect(shipped.errorCode).toBeNull();
  const attest = (await server.query(AttestDocument, { input: { uri: ship, runId, outcome, message: 'shipped' } })).attest;
  expect(attest.errorCode).toBeNull();
  return runId;
}
