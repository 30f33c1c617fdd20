/**
 * Every JSON example of the seed documents, through the SDK's own MCP client against the real
 * server and engine: uuids, nonces and hashes substituted, every field the example shows
 * compared (answers may add keys, never drop or change one).
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { fakeSecrets } from '../proposals/fake-secrets.js';
import { useMcpClients, type ToolJson } from './mcp-client.js';
import {
  beginExample,
  deleteScenario1,
  deleteScenario2,
  deleteScenario3,
  missingProofResponse,
  nextRequest,
  nextResponseAfterFix,
  proposeUpdateOutputKeys,
  SEED_URIS,
  substitute,
  updateScenario1,
  updateScenario2,
  updateScenario3,
  updateScenario4,
} from './seed-examples.js';

const server = useTestServer();
const connect = useMcpClients(server);
const fence = '```';

/** Seed 003's protocol: step 1 a user_input challenge, step 2 the last step without one. */
function deploymentProtocol(): string {
  return `# ${uniqueTitle('Deploy approval')}

## Confirm deployment
Ask the user to approve deployment. The agent must obtain confirmation and send it in the solution.

${fence}json
{"challenge": {"type": "user_input", "user_input": {"prompt": "Approve deployment to production?"}}}
${fence}

## Deploy
Only reachable after Step 1 is solved. Show the output from Step 1 to the user.
`;
}

function threeShellSteps(): string {
  const step = (name: string, cmd: string) =>
    `## ${name}\n\nDo ${name}.\n\n${fence}json\n{"challenge": {"type": "shell", "shell": {"cmd": "${cmd}", "timeout_seconds": 5}}}\n${fence}`;
  return `# ${uniqueTitle('Setup project')}\n\n${step('Directory', 'mkdir -p src')}\n\n${step('Config', 'echo config')}\n\n${step('Check', 'ls')}\n`;
}

async function mint(markdown: string): Promise<string[]> {
  const mcp = await connect();
  const { json, isError } = await mcp.call('kairos_mint', { markdown_doc: markdown, llm_model_id: 'test-model' });
  expect(isError, JSON.stringify(json)).toBe(false);
  expect(json.status).toBe('stored');
  return (json.items as { uri: string; memory_uuid: string }[]).map((item) => {
    expect(item.uri).toBe(`kairos://mem/${item.memory_uuid}`);
    return item.uri;
  });
}

/** A step's body as shown: our steps keep their heading line; the seed shows the body alone. */
function withoutHeading(content: string): string {
  return content.replace(/^## .*\n+/, '');
}

describe('kairos_begin → kairos_next(step 2, step 1’s solution) → kairos_attest (seed 003)', () => {
  it('answers exactly the seed JSON, with run_id added', async () => {
    const [step1, step2] = (await mint(deploymentProtocol())) as [string, string];
    const mcp = await connect();

    const begun = await mcp.call('kairos_begin', substitute(beginExample.request, { [SEED_URIS.step1]: step1 }));
    expect(begun.isError).toBe(false);
    const b = begun.json;
    expect(b.run_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.challenge.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(b.challenge.proof_hash).toMatch(/^[0-9a-f]{64}$/);
    expect({ ...b, current_step: { ...b.current_step, content: withoutHeading(b.current_step.content) } }).toMatchObject(
      substitute(beginExample.response, {
        [SEED_URIS.step1]: step1,
        [SEED_URIS.step2]: step2,
        [beginExample.response.challenge.nonce]: b.challenge.nonce,
        // This server chains each run from its own genesis (README "Running a protocol").
        [beginExample.response.challenge.proof_hash]: b.challenge.proof_hash,
      }),
    );
    expect(b).not.toHaveProperty('error_code');

    const moved = await mcp.call(
      'kairos_next',
      substitute(nextRequest, {
        [SEED_URIS.step2]: step2,
        [nextRequest.solution.nonce]: b.challenge.nonce,
        [nextRequest.solution.proof_hash]: b.challenge.proof_hash,
      }),
    );
    expect(moved.isError).toBe(false);
    const n = moved.json;
    const run = await mcp.call('kairos_run', { run_id: b.run_id });
    const storedHash = run.json.proofs[0].proof_hash as string;
    expect(run.json.proofs[0]).toMatchObject({
      step_index: 1,
      status: 'success',
      source: 'agent',
      user_input: { confirmation: 'Yes, approved.' },
    });
    // The seed's "<new nonce if any>": step 2 has no challenge of its own, so it settles as the run
    // reaches it and no nonce is issued (0.2: the nonce is null once every step is settled).
    expect(n.challenge).toHaveProperty('nonce', null);
    const expected = substitute(nextResponseAfterFix, {
      [SEED_URIS.step2]: step2,
      '<hash of stored step1 proof>': storedHash,
      '<hash of the proof just stored for step 1>': storedHash,
    });
    expect({ ...n, current_step: { ...n.current_step, content: withoutHeading(n.current_step.content) } }).toMatchObject({
      ...expected,
      challenge: { ...expected.challenge, nonce: null },
    });
    expect(n.run_id).toBe(b.run_id);

    const attested = await mcp.call('kairos_attest', {
      uri: step2,
      outcome: 'success',
      message: 'Deployed after approval',
      run_id: b.run_id,
    });
    expect(attested.isError).toBe(false);
    expect(attested.json).toMatchObject({
      results: [
        {
          uri: step2,
          outcome: 'success',
          message: 'Deployed after approval',
          quality_bonus: expect.any(Number),
          rated_at: expect.any(String),
        },
      ],
      total_rated: 1,
      total_failed: 0,
    });
    expect((await mcp.call('kairos_run', { run_id: b.run_id })).json.status).toBe('attested');
  });

  it('answers MISSING_PROOF, as data naming kairos_next, when step 1 is skipped', async () => {
    const [step1, step2] = (await mint(deploymentProtocol())) as [string, string];
    const mcp = await connect();
    const begun = await mcp.call('kairos_begin', { uri: step1 });
    const skipped = await mcp.call('kairos_next', { uri: step2, run_id: begun.json.run_id });
    expect(skipped.isError).toBe(false);
    const m = skipped.json;
    for (const key of Object.keys(missingProofResponse)) expect(m).toHaveProperty(key);
    for (const key of Object.keys(missingProofResponse.current_step)) expect(m.current_step).toHaveProperty(key);
    for (const key of Object.keys(missingProofResponse.challenge)) expect(m.challenge).toHaveProperty(key);
    expect(m).toMatchObject({
      must_obey: true,
      error_code: 'MISSING_PROOF',
      retry_count: 1,
      current_step: { uri: step1, mimeType: 'text/markdown' },
      challenge: { type: 'user_input' },
    });
    expect(m.message).toMatch(/^Proof of work missing for Confirm deployment\. /);
    expect(m.message).toContain(`calling kairos_next with ${step1} and solution.user_input.confirmation`);
    expect(m.next_action).toBe(
      `Ask the user: "Approve deployment to production?" then call kairos_next with ${step1} and solution.user_input.confirmation set to their reply.`,
    );
    // Nothing was stored for the skipped step.
    expect((await mcp.call('kairos_run', { run_id: begun.json.run_id })).json.proofs).toEqual([]);
  });

  it('over GraphQL the same run names the mutations', async () => {
    const [step1, step2] = (await mint(deploymentProtocol())) as [string, string];
    const { BeginDocument } = await import('../api/run-documents.js');
    const { begin } = await server.query(BeginDocument, { input: { uri: step1 } });
    expect(begin.nextAction).toBe(`call next with ${step2} and solution matching challenge`);
    expect(begin.challenge?.description).toContain('use only their reply as userInput.confirmation');
  });
});

describe('kairos_update (seed 000)', () => {
  async function threeSteps(): Promise<Record<string, string>> {
    const [aaa, bbb, ccc] = (await mint(threeShellSteps())) as [string, string, string];
    return { [SEED_URIS.aaa]: aaa, [SEED_URIS.bbb]: bbb, [SEED_URIS.ccc]: ccc };
  }

  it.each([
    ['1: one memory by markdown_doc', updateScenario1],
    ['2: several memories by markdown_doc', updateScenario2],
    ['3: field-level updates', updateScenario3],
  ])('scenario %s', async (_name, scenario) => {
    const uris = await threeSteps();
    const mcp = await connect();
    const { json, isError } = await mcp.call('kairos_update', substitute(scenario.input, uris) as Record<string, unknown>);
    expect(isError).toBe(false);
    expect(json).toEqual(substitute(scenario.output, uris));
  });

  it('scenario 4: partial failure reports each URI', async () => {
    const uris = await threeSteps();
    const mcp = await connect();
    const { json, isError } = await mcp.call('kairos_update', {
      uris: [uris[SEED_URIS.aaa], SEED_URIS.nonexistent],
      markdown_doc: ['Create the project directory.', 'Never stored.'],
    });
    expect(isError).toBe(false);
    const expected = substitute(updateScenario4.output, uris);
    // The reference notes the example's "Point not found" is stale; the reason is ours.
    expect(json.results[1].message).toMatch(/^Failed to update memory: \S/);
    expected.results[1]!.message = json.results[1].message;
    expect(json).toEqual(expected);
  });

  it('refuses a malformed call as a tool error with the GraphQL code and message, writing nothing', async () => {
    const uris = await threeSteps();
    const mcp = await connect();
    const mismatched = await mcp.call('kairos_update', { uris: [uris[SEED_URIS.aaa]], markdown_doc: ['one', 'two'] });
    expect(mismatched.isError).toBe(true);
    const { UpdateMemoriesDocument } = await import('../api/documents.js');
    const graphql = await server.request(UpdateMemoriesDocument, { input: { uris: [uris[SEED_URIS.aaa]!], markdownDoc: ['one', 'two'] } });
    expect(mismatched.json).toEqual({ error: graphql.errors?.[0]?.extensions?.code, message: graphql.errors?.[0]?.message });
    expect(mismatched.json.error).toBe('BAD_USER_INPUT');
    const begun = await mcp.call('kairos_begin', { uri: uris[SEED_URIS.aaa] });
    expect(begun.json.current_step.content).toContain('Do Directory.');

    const empty = await mcp.call('kairos_update', { uris: [], updates: { text: 'x' } });
    const graphqlEmpty = await server.request(UpdateMemoriesDocument, { input: { uris: [], updates: { text: 'x' } } });
    expect(empty).toEqual({ isError: true, json: { error: 'BAD_USER_INPUT', message: graphqlEmpty.errors?.[0]?.message } });
    const invalid = await mcp.call('kairos_update', { uris: 'not a list', updates: { text: 'x' } });
    expect(invalid).toMatchObject({
      isError: true,
      json: { error: 'BAD_USER_INPUT', message: expect.stringContaining('Invalid arguments for kairos_update') },
    });
    expect(invalid.json.message).toContain('uris');
    const unknown = await mcp.call('kairos_frobnicate', {});
    expect(unknown).toMatchObject({
      isError: true,
      json: { error: 'BAD_USER_INPUT', message: expect.stringContaining('Unknown tool "kairos_frobnicate"') },
    });
  });
});

describe('kairos_delete (seed 001)', () => {
  it.each([
    ['1: one memory', deleteScenario1],
    ['2: a whole chain', deleteScenario2],
  ])('scenario %s', async (_name, scenario) => {
    const [aaa, bbb, ccc] = (await mint(threeShellSteps())) as [string, string, string];
    const uris = { [SEED_URIS.aaa]: aaa, [SEED_URIS.bbb]: bbb, [SEED_URIS.ccc]: ccc };
    const mcp = await connect();
    const { json, isError } = await mcp.call('kairos_delete', substitute(scenario.input, uris));
    expect(isError).toBe(false);
    expect(json).toEqual(substitute(scenario.output, uris));
  });

  it('scenario 3: partial failure', async () => {
    const [aaa] = (await mint(threeShellSteps())) as [string];
    const mcp = await connect();
    const { json } = await mcp.call('kairos_delete', { uris: [aaa, SEED_URIS.nonexistent] });
    const expected = substitute(deleteScenario3.output, { [SEED_URIS.aaa]: aaa });
    expect(json.results[1].message).toMatch(/^Failed to delete memory: \S/);
    expected.results[1]!.message = json.results[1].message;
    expect(json).toEqual(expected);
  });
});

describe('memory.propose_update (seed 002), memory.fetch_context, memory.status', () => {
  function onlySeedKeys(json: ToolJson): void {
    for (const key of Object.keys(json)) expect(proposeUpdateOutputKeys as readonly string[]).toContain(key);
  }

  it('applies a pitfall, stages a decision, rejects a secret with findings', async () => {
    const mcp = await connect();
    const applied = await mcp.call('memory.propose_update', {
      intent: 'add_pitfall',
      rationale: 'note a pitfall',
      operations: [
        { operation: 'append_to_section', path: 'pitfalls.md', section_id: 'pitfalls', content: '- Transactions retry on WriteConflict' },
      ],
    });
    expect(applied.isError).toBe(false);
    onlySeedKeys(applied.json);
    expect(applied.json).toMatchObject({
      status: 'applied',
      files: ['pitfalls.md'],
      affected_sections: [{ file: 'pitfalls.md', section_id: 'pitfalls' }],
      index_updated: true,
      warnings: [],
      routing: { mode: 'apply' },
    });
    expect(Date.parse(applied.json.applied_at)).not.toBeNaN();

    const staged = await mcp.call('memory.propose_update', {
      intent: 'record_decision',
      rationale: 'Record the engine decision',
      operations: [
        {
          operation: 'append_section',
          path: 'decisions.md',
          heading: 'Use DocumentDB locally',
          content: 'Date: 2026-11-21\nStatus: active\nConfidence: confirmed\n\nThe engine runs in a chroot.',
        },
      ],
      sources: [{ type: 'file', ref: 'src/store/memory-store.ts' }],
      confidence: 'user-provided',
    });
    onlySeedKeys(staged.json);
    expect(staged.json).toMatchObject({
      status: 'staged',
      files: ['decisions.md'],
      human_approval_required: true,
      staging_ttl_seconds: 7 * 24 * 60 * 60,
      routing: { mode: 'stage' },
    });
    expect(staged.json.review_command).toBe(`kairos-graphql proposals review ${staged.json.staging_id}`);

    const rejected = await mcp.call('memory.propose_update', {
      intent: 'add_pitfall',
      operations: [
        {
          operation: 'append_to_section',
          path: 'pitfalls.md',
          section_id: 'pitfalls',
          content: `- the key is ${fakeSecrets.awsAccessKey}`,
        },
      ],
    });
    expect(rejected.isError).toBe(false);
    onlySeedKeys(rejected.json);
    expect(rejected.json).toMatchObject({
      status: 'rejected',
      reason: 'secret_detected',
      findings: [{ type: 'aws_access_key', line: expect.any(Number), location: 'pitfalls.md' }],
    });
    expect(JSON.stringify(rejected.json)).not.toContain(fakeSecrets.awsAccessKey);

    const context = await mcp.call('memory.fetch_context', { query: 'WriteConflict transactions' });
    expect(context.json.context).toContain('- Transactions retry on WriteConflict');
    expect(context.json.included_files).toContainEqual(expect.objectContaining({ path: 'pitfalls.md', category: 'pitfall' }));
    expect(context.json.context_metadata.budget_used).toBeGreaterThan(0);
    const scoped = await mcp.call('memory.fetch_context', { query: 'WriteConflict transactions', scope: ['decisions'] });
    expect(scoped.json.context).not.toContain('WriteConflict');

    const status = await mcp.call('memory.status', {});
    expect(status.json.staged_updates).toContainEqual(
      expect.objectContaining({
        id: staged.json.staging_id,
        intent: 'record_decision',
        target_files: ['decisions.md'],
        drift_detected: false,
      }),
    );
    expect(status.json.durable_files).toBeGreaterThanOrEqual(2);
  });
});

describe('kairos_search', () => {
  it('finds a minted protocol and names kairos_begin', async () => {
    const title = uniqueTitle('Rotate the signing keys');
    const [head] = (await mint(threeShellSteps().replace(/^# .*$/m, `# ${title}`))) as [string];
    const mcp = await connect();
    const { json } = await mcp.call('kairos_search', { query: title });
    const match = json.choices.find((choice: ToolJson) => choice.uri === head);
    expect(match).toMatchObject({
      role: 'match',
      chain_label: title,
      next_action: `call kairos_begin with ${head} to execute this protocol`,
    });
    expect(json).toMatchObject({ must_obey: true });
    expect(json.next_action).toMatch(/next_action\.$/);
  });
});
