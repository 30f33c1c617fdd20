/**
 * The live run view's app-only tools as any MCP client can call them: bounded and well-formed
 * input, and another principal's run neither read nor answered through them.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { postAs } from '../support/graphql-http.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients } from './mcp-client.js';

const server = useTestServer({ authEnabled: true });
const connect = useMcpClients(server);
const fence = '```';

async function tokenFor(): Promise<string> {
  const issued = await server.running.services.auth.bootstrap({
    name: `live-${randomUUID().slice(0, 8)}`,
    role: 'HUMAN',
    groups: [],
    tokenName: 'mcp',
    expiresInSeconds: null,
  });
  return issued.token;
}

/** A run of the owner's, waiting on a user_input prompt: its run id and prompt id. */
async function waitingRun(token: string): Promise<{ runId: string; promptId: string }> {
  const markdown = `# ${uniqueTitle('Live prompt')}\n\n## Ask\nAsk the operator.\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Go ahead?"}}}\n${fence}\n`;
  const minted = await postAs(
    server.running.graphqlUrl,
    token,
    'mutation($input: MintInput!) { mint(input: $input) { protocol { uri } } }',
    {
      input: { markdown },
    },
  );
  const owner = await connect({ token });
  const begun = await owner.call('kairos_begin', { uri: (minted as any).data.mint.protocol.uri });
  expect(begun.isError).toBe(false);
  const live = await owner.call('run_live', { run_id: begun.json.run_id });
  expect(live.isError).toBe(false);
  return { runId: live.json.run_id, promptId: live.json.prompt.prompt_id };
}

describe('run_live and run_live_answer', () => {
  it('refuse input too large or malformed with BAD_USER_INPUT, writing nothing', async () => {
    const token = await tokenFor();
    const { runId, promptId } = await waitingRun(token);
    const client = await connect({ token });
    const refusals = [
      await client.call('run_live', { run_id: 'r'.repeat(129) }),
      await client.call('run_live', {}),
      await client.call('run_live_answer', { run_id: runId, prompt_id: 'p'.repeat(129), action: 'accept' }),
      await client.call('run_live_answer', { run_id: runId, prompt_id: promptId, action: 'maybe' }),
      await client.call('run_live_answer', { run_id: runId, prompt_id: promptId, action: 'accept', confirmation: 'y'.repeat(10_001) }),
    ];
    for (const refusal of refusals) {
      expect(refusal.isError).toBe(true);
      expect(refusal.json.error).toBe('BAD_USER_INPUT');
    }
    // Another run's prompt is not answered through this run.
    const other = await waitingRun(token);
    const crossed = await client.call('run_live_answer', {
      run_id: runId,
      prompt_id: other.promptId,
      action: 'accept',
      confirmation: 'yes',
    });
    expect(crossed.isError).toBe(true);
    expect(crossed.json.error).toBe('BAD_USER_INPUT');
    // Both prompts still wait.
    expect((await client.call('run_live', { run_id: runId })).json.prompt.prompt_id).toBe(promptId);
    expect((await client.call('run_live', { run_id: other.runId })).json.prompt.prompt_id).toBe(other.promptId);
  });

  it("neither read nor answer another principal's run", async () => {
    const owner = await tokenFor();
    const { runId, promptId } = await waitingRun(owner);
    const stranger = await connect({ token: await tokenFor() });
    const read = await stranger.call('run_live', { run_id: runId });
    expect(read.isError).toBe(true);
    expect(read.json.error).toBe('NOT_FOUND');
    const answered = await stranger.call('run_live_answer', { run_id: runId, prompt_id: promptId, action: 'accept', confirmation: 'yes' });
    expect(answered.isError).toBe(true);
    expect(answered.json.error).toBe('NOT_FOUND');
    const ownerClient = await connect({ token: owner });
    expect((await ownerClient.call('run_live', { run_id: runId })).json.prompt.prompt_id).toBe(promptId);
  });
});
