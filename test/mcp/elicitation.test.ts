/**
 * A user_input step asked of the person through the host (elicitation), stored as
 * their answer (source HUMAN) exactly as /ui's answerPrompt would; and a run begun over MCP
 * seen live on runProgress and challengePrompts.
 */
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { uniqueTitle } from '../api/fixtures.js';
import { AnswerPromptDocument, ChallengePromptsDocument, RunProgressDocument } from '../api/run-documents.js';
import { collect, useTestServer } from '../support/app.js';
import { useMcpClients } from './mcp-client.js';

const server = useTestServer();
const connect = useMcpClients(server);
const fence = '```';

function approvalThenShell(): string {
  return `# ${uniqueTitle('Release')}

## Approve
Ask the owner.

${fence}json
{"challenge": {"type": "user_input", "user_input": {"prompt": "Ship version 2 to production?"}}}
${fence}

## Ship
Run the release.

${fence}json
{"challenge": {"type": "shell", "shell": {"cmd": "make release", "timeout_seconds": 5}}}
${fence}
`;
}

async function mint(): Promise<[string, string]> {
  const mcp = await connect();
  const { json } = await mcp.call('kairos_mint', { markdown_doc: approvalThenShell(), llm_model_id: 'test' });
  return json.items.map((item: { uri: string }) => item.uri) as [string, string];
}

describe('elicitation', () => {
  it('asks the person through the host, stores their answer as HUMAN and moves the run on; the prompt closes for /ui', async () => {
    const [step1, step2] = await mint();
    const prompts = collect(server.wsClient(), ChallengePromptsDocument, { space: 'personal' });
    const asked: ElicitRequest[] = [];
    const mcp = await connect({
      elicit: (request) => {
        asked.push(request);
        return { action: 'accept', content: { confirmation: 'approved by the owner' } };
      },
    });
    const begun = await mcp.call('kairos_begin', { uri: step1 });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.params.message).toContain('Ship version 2 to production?');
    // The answer is the run after the person's reply: step 2 is pending.
    expect(begun.json).toMatchObject({ must_obey: true, current_step: { uri: step2, step_index: 2 }, challenge: { type: 'shell' } });
    expect(begun.json).not.toHaveProperty('error_code');

    const run = await mcp.call('kairos_run', { run_id: begun.json.run_id });
    expect(run.json.proofs).toEqual([
      expect.objectContaining({
        step_index: 1,
        source: 'human',
        status: 'success',
        user_input: expect.objectContaining({ confirmation: 'approved by the owner' }),
      }),
    ]);
    expect(run.json.events.map((event: { type: string }) => event.type)).toEqual([
      'started',
      'prompt_issued',
      'prompt_answered',
      'step_proven',
    ]);
    expect(begun.json.proof_hash).toBe(run.json.proofs[0].proof_hash);

    const seen = (await prompts.until(2, { where: (event) => event.challengePrompts.runId === begun.json.run_id })).map(
      (event) => event.challengePrompts,
    );
    expect(seen.map((event) => event.status)).toEqual(['OPEN', 'ANSWERED']);
    // Answered already: /ui's answerPrompt changes nothing now.
    const again = await server.query(AnswerPromptDocument, { input: { promptId: seen[0]!.promptId, confirmation: 'approved' } });
    expect(again.answerPrompt.result.currentStep?.uri).toBe(step2);
    prompts.stop();
  });

  it('fails the step with USER_DECLINED when the person declines or cancels', async () => {
    for (const action of ['decline', 'cancel'] as const) {
      const [step1] = await mint();
      const mcp = await connect({ elicit: () => ({ action }) });
      const begun = await mcp.call('kairos_begin', { uri: step1 });
      expect(begun.json, action).toMatchObject({
        error_code: 'USER_DECLINED',
        retry_count: 1,
        must_obey: true,
        current_step: { uri: step1 },
        challenge: { type: 'user_input' },
      });
      const run = await mcp.call('kairos_run', { run_id: begun.json.run_id });
      expect(run.json.proofs).toEqual([expect.objectContaining({ source: 'human', status: 'failed', settled: false })]);
      expect(run.json.pending_step_index).toBe(1);
    }
  });

  it('without the capability the challenge goes to the agent, and a person answering on /ui moves its run on', async () => {
    const [step1, step2] = await mint();
    const mcp = await connect();
    const begun = await mcp.call('kairos_begin', { uri: step1 });
    expect(begun.json).toMatchObject({ current_step: { uri: step1 }, challenge: { type: 'user_input', prompt_id: expect.any(String) } });
    const { answerPrompt } = await server.query(AnswerPromptDocument, {
      input: { promptId: begun.json.challenge.prompt_id, confirmation: 'approved' },
    });
    expect(answerPrompt.result.currentStep?.uri).toBe(step2);
    const run = await mcp.call('kairos_run', { run_id: begun.json.run_id });
    expect(run.json).toMatchObject({ pending_step_index: 2, proofs: [{ step_index: 1, source: 'human', status: 'success' }] });
  });
});

describe('elicitation after kairos_next', () => {
  it('asks when the step kairos_next moves to is a user_input prompt', async () => {
    const asked: string[] = [];
    const mcp = await connect({
      elicit: (request) => (asked.push(request.params.message), { action: 'accept', content: { confirmation: 'go' } }),
    });
    const markdown = `# ${uniqueTitle('Check then approve')}\n\n## Check\nRun it.\n\n${fence}json\n{"challenge": {"type": "shell", "shell": {"cmd": "make check", "timeout_seconds": 5}}}\n${fence}\n\n## Approve\nAsk.\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Merge it?"}}}\n${fence}\n`;
    const minted = await mcp.call('kairos_mint', { markdown_doc: markdown, llm_model_id: 'test' });
    const [check, approve] = minted.json.items.map((item: { uri: string }) => item.uri);
    const begun = await mcp.call('kairos_begin', { uri: check });
    expect(asked).toEqual([]);
    const moved = await mcp.call('kairos_next', {
      uri: approve,
      run_id: begun.json.run_id,
      solution: {
        type: 'shell',
        nonce: begun.json.challenge.nonce,
        proof_hash: begun.json.challenge.proof_hash,
        shell: { exit_code: 0, stdout: 'ok', stderr: '' },
      },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('Merge it?');
    expect(moved.json).toMatchObject({
      current_step: { uri: approve },
      message: 'Protocol steps complete. Call kairos_attest to finalize.',
    });
    expect(moved.json.next_action).toBe(
      `call kairos_attest with ${approve} and outcome (success or failure) and message to complete the protocol`,
    );
  });
});

describe('a run begun over MCP on runProgress', () => {
  it('streams its events to a graphql-ws subscriber', async () => {
    const [step1, step2] = await mint();
    const mcp = await connect();
    const begun = await mcp.call('kairos_begin', { uri: step1 });
    const progress = collect(server.wsClient(), RunProgressDocument, { runId: begun.json.run_id, afterSeq: 0 });
    await progress.until(2);
    const proven = await mcp.call('kairos_next', {
      uri: step2,
      run_id: begun.json.run_id,
      solution: {
        type: 'user_input',
        nonce: begun.json.challenge.nonce,
        proof_hash: begun.json.challenge.proof_hash,
        user_input: { confirmation: 'yes, ship it' },
      },
    });
    expect(proven.json.error_code).toBeUndefined();
    const events = await progress.until(3);
    expect(events.map(({ runProgress }) => [runProgress.seq, runProgress.type])).toEqual([
      [1, 'STARTED'],
      [2, 'PROMPT_ISSUED'],
      [3, 'STEP_PROVEN'],
    ]);
    progress.stop();
  });
});
