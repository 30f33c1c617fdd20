/**
 * The KAIROS 4 tools through the SDK's own MCP client against the real server and engine:
 * train (review gate) → spaces → activate → forward through every contract type → reward →
 * export (markdown, reward_jsonl, skill_zip with its checksums checked by sha256sum) → delete.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients, type McpTestClient, type ToolJson } from '../mcp/mcp-client.js';
import { everyContractType } from '../protocol/v4-fixtures.js';

const server = useTestServer();
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };
const scratch = mkdtempSync(join(tmpdir(), 'kairos-v4-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function adapterDocument(title: string): string {
  const contract = (json: string) => `${fence}json\n{"challenge": ${json}}\n${fence}`;
  return `# ${title}

## Natural Language Triggers
Reconcile the quarterly ledger.
Close the books for the quarter.

## Run the ledger check
Run the check script.

${contract('{"type": "shell", "shell": {"cmd": "./check-ledger.sh", "timeout_seconds": 60}}')}

## File the ticket
Open a ticket with the result.

${contract('{"type": "mcp", "mcp": {"tool_name": "create_ticket"}}')}

## Ask the controller
Ask the controller to approve.

${contract('{"type": "user_input", "user_input": {"prompt": "Approve the close?"}}')}

## Summarise
Write what was done.

${contract('{"type": "comment", "comment": {"min_length": 20}}')}
`;
}

async function train(client: McpTestClient, title: string): Promise<ToolJson> {
  const trained = await client.call('train', { content: adapterDocument(title), llm_model_id: 'test-model', review_evidence: PASS });
  expect(trained.isError).toBe(false);
  return trained.json;
}

describe('KAIROS 4 tools over MCP', () => {
  it('train refuses content without a passing review and names the layers it stores', async () => {
    const client = await connect();
    const title = uniqueTitle('Quarter close gate');
    const content = adapterDocument(title);
    const missing = await client.call('train', { content, llm_model_id: 'm' });
    expect(missing).toMatchObject({ isError: true, json: { error: 'REVIEW_EVIDENCE_REQUIRED' } });
    const exitCode = await client.call('train', { content, llm_model_id: 'm', review_evidence: { ...PASS, exit_code: 2 } });
    expect(exitCode.json.error).toBe('REVIEW_GATE_FAILED');
    const verdict = await client.call('train', { content, llm_model_id: 'm', review_evidence: { ...PASS, stdout: 'FAIL\nPASS' } });
    expect(verdict.json.error).toBe('REVIEW_GATE_FAILED');
    const stored = await train(client, title);
    expect(stored.status).toBe('stored');
    expect(stored.items).toHaveLength(4);
    expect(stored.items[0]).toMatchObject({
      uri: expect.stringMatching(/^kairos:\/\/layer\/[0-9a-f-]{36}$/),
      adapter_uri: expect.stringMatching(/^kairos:\/\/adapter\/[a-z0-9-]+$/),
      label: 'Run the ledger check',
    });
    const spaces = await client.call('spaces', { include_adapter_titles: true });
    const personal = spaces.json.spaces.find((space: ToolJson) => space.type === 'personal');
    expect(personal.adapters.map((adapter: ToolJson) => adapter.title)).toContain(title);
    expect(personal.adapter_count).toBe(personal.adapters.length);
    // KAIROS 4's keys for an adapter, adapter_id first; the id names the adapter as the slug does.
    const listed = personal.adapters.find((adapter: ToolJson) => adapter.title === title);
    expect(Object.keys(listed)).toEqual(['adapter_id', 'title', 'layer_count', 'slug', 'uri']);
    expect(listed).toMatchObject({
      adapter_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      layer_count: 4,
      uri: stored.items[0].adapter_uri,
    });
    const byId = await client.call('export', { uri: `kairos://adapter/${listed.adapter_id}`, format: 'markdown' });
    expect(byId.json.content).toContain(`# ${title}`);
    const countsOnly = await client.call('spaces', {});
    expect(countsOnly.json.spaces.every((space: ToolJson) => !('adapters' in space))).toBe(true);
  });

  it('runs activate → forward (shell, mcp, user_input, comment) → reward → export → delete', async () => {
    const client = await connect();
    const title = uniqueTitle('Ledger reconciliation quarterly');
    const stored = await train(client, title);
    const adapterUri = stored.items[0].adapter_uri as string;

    const activated = await client.call('activate', { query: 'reconcile the quarterly ledger' });
    expect(activated.json).toMatchObject({ must_obey: true, execution_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const match = activated.json.choices.find((choice: ToolJson) => choice.uri === adapterUri);
    expect(match).toMatchObject({
      role: 'match',
      label: title,
      adapter_name: title,
      forward_first_call: { uri: adapterUri },
      space_name: 'Personal',
      slug: adapterUri.slice('kairos://adapter/'.length),
    });
    expect(match.activation_score).toBeGreaterThan(0);
    expect(match.activation_score).toBeLessThanOrEqual(1);
    expect(match.activation_patterns).toEqual(['Reconcile the quarterly ledger.', 'Close the books for the quarter.']);
    const create = activated.json.choices.find((choice: ToolJson) => choice.role === 'create');
    if (create) expect(create.forward_first_call).toBeNull();

    let answer = (await client.call('forward', { uri: adapterUri })).json;
    expect(answer.contract).toMatchObject({
      type: 'shell',
      shell: { cmd: './check-ledger.sh' },
      nonce: expect.any(String),
      proof_hash: expect.any(String),
    });
    expect(answer.next_call).toEqual({
      kind: 'forward',
      args: {
        uri: `${stored.items[0].uri}?execution_id=${answer.execution_id}`,
        solution_template: { type: 'shell', outcome: 'success', evidence: { exit_code: 0 } },
      },
    });
    const executionId = answer.execution_id as string;

    const wrongNonce = await client.call('forward', {
      uri: answer.next_call.args.uri,
      solution: {
        type: 'shell',
        outcome: 'success',
        evidence: { exit_code: 0, stdout: 'ok' },
        nonce: 'nope',
        proof_hash: answer.contract.proof_hash,
      },
    });
    expect(wrongNonce.json.error_code).toBe('NONCE_MISMATCH');
    answer = wrongNonce.json;

    const prove = async (solution: ToolJson) =>
      (
        await client.call('forward', {
          uri: answer.next_call.args.uri,
          solution: { ...solution, nonce: answer.contract.nonce, proof_hash: answer.contract.proof_hash },
        })
      ).json;
    answer = await prove({ type: 'shell', outcome: 'success', evidence: { exit_code: 0, stdout: 'ledger balanced', stderr: '' } });
    expect(answer.error_code).toBeUndefined();
    expect(answer.contract).toMatchObject({ type: 'mcp', mcp: { tool_name: 'create_ticket' } });
    // The older per-type shape is accepted too.
    answer = await prove({
      type: 'mcp',
      mcp: { tool_name: 'create_ticket', arguments: { title: 'Q3' }, result: { id: 7 }, success: true },
    });
    expect(answer.contract.type).toBe('user_input');
    answer = await prove({ type: 'user_input', outcome: 'success', evidence: { confirmation: 'approved by the controller' } });
    expect(answer.contract).toMatchObject({ type: 'comment', comment: { min_length: 20 } });
    answer = await prove({ type: 'comment', outcome: 'success', evidence: { text: 'Ran the check, filed the ticket, got approval.' } });
    expect(answer.next_call).toEqual({
      kind: 'reward',
      args: { uri: `${stored.items[3].uri}?execution_id=${executionId}`, outcome_template: { outcome: 'success' } },
    });
    expect(answer.next_action).toContain('reward');
    expect(answer.next_action).not.toContain('kairos_');

    const badScore = await client.call('reward', { uri: answer.next_call.args.uri, outcome: 'success', score: 1.5 });
    expect(badScore.json.error).toBe('BAD_USER_INPUT');
    const rewarded = await client.call('reward', {
      uri: answer.next_call.args.uri,
      outcome: 'success',
      score: 0.95,
      rubric_version: 'v1',
      rater: 'controller@example.com',
      feedback: 'Clean close.',
    });
    expect(rewarded.isError).toBe(false);
    expect(rewarded.json).toMatchObject({ total_rated: 4, total_failed: 0, next_call: null, execution_id: executionId });
    expect(rewarded.json.results[0]).toMatchObject({
      uri: `${stored.items[0].uri}?execution_id=${executionId}`,
      outcome: 'success',
      score: 0.95,
      rubric_version: 'v1',
      grader_kind: 'human',
      evaluation_label: 'gold',
      exportable_for_sft: true,
      exportable_for_preference: true,
      sft_blockers: [],
      rated_at: expect.any(String),
    });
    const again = await client.call('reward', { uri: answer.next_call.args.uri, outcome: 'failure' });
    expect(again.json.error).toBe('RUN_CLOSED');

    const markdown = (await client.call('export', { uri: adapterUri, format: 'markdown' })).json;
    expect(markdown).toMatchObject({ format: 'markdown', content_type: 'text/markdown' });
    expect(markdown.content).toContain(`# ${title}`);
    const rewards = (await client.call('export', { uri: adapterUri, format: 'reward_jsonl' })).json;
    const rows = (rewards.content as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows).toEqual([
      expect.objectContaining({
        schema: 'kairos.reward/1',
        execution_id: executionId,
        outcome: 'success',
        score: 0.95,
        rubric_version: 'v1',
        exportable_for_sft: true,
      }),
    ]);
    const sft = (await client.call('export', { uri: adapterUri, format: 'sft_jsonl' })).json;
    expect((sft.content as string).trim().split('\n')).toHaveLength(4);

    const zip = (await client.call('export', { uri: adapterUri, format: 'skill_zip', delivery: 'inline_base64' })).json;
    expect(zip).toMatchObject({
      format: 'skill_zip',
      content_type: 'application/zip',
      content_encoding: 'base64',
      export_adapter_count: 1,
      adapter_name: title,
      space_type: 'personal',
      space_name: 'Personal',
    });
    expect(zip.download_ref).toBeUndefined();
    // spaces names and types the adapter's space as export does (one mapping for both).
    const own = ((await client.call('spaces', {})).json.spaces as ToolJson[]).find((space) => space.space_id === zip.space_id);
    expect({ name: own?.name, type: own?.type }).toEqual({ name: zip.space_name, type: zip.space_type });
    const archive = join(scratch, 'skills.zip');
    writeFileSync(archive, Buffer.from(zip.content, 'base64'));
    const unpacked = join(scratch, 'unpacked');
    execFileSync('unzip', ['-q', archive, '-d', unpacked]);
    const slug = adapterUri.slice('kairos://adapter/'.length);
    expect(readdirSync(join(unpacked, slug)).sort()).toEqual(['SHA256SUMS', 'SKILL.md', 'artifacts']);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: join(unpacked, slug), encoding: 'utf8' })).toMatch(/SKILL\.md: OK/);

    // delivery (KAIROS 4): a download link however small (the default, as there), or inline; only for skill_zip.
    const byDefault = (await client.call('export', { uri: adapterUri })).json;
    expect(byDefault).toMatchObject({
      format: 'skill_zip',
      content: '',
      download_ref: { url: expect.stringMatching(/^\/export\/download\//) },
    });
    const linked = (await client.call('export', { uri: adapterUri, format: 'skill_zip', delivery: 'download_ref' })).json;
    expect(linked).toMatchObject({
      format: 'skill_zip',
      content: '',
      download_ref: {
        url: expect.stringMatching(/^\/export\/download\//),
        expires_at: expect.any(String),
        content_type: 'application/zip',
      },
    });
    expect(linked.content_encoding).toBeUndefined();
    const downloaded = Buffer.from(await (await fetch(new URL(linked.download_ref.url, server.running.graphqlUrl))).arrayBuffer());
    writeFileSync(join(scratch, 'linked.zip'), downloaded);
    execFileSync('unzip', ['-q', join(scratch, 'linked.zip'), '-d', join(scratch, 'linked')]);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: join(scratch, 'linked', slug), encoding: 'utf8' })).toMatch(
      /SKILL\.md: OK/,
    );
    expect((await client.call('export', { uri: adapterUri, format: 'markdown', delivery: 'inline_base64' })).json.error).toBe(
      'BAD_USER_INPUT',
    );

    const deleted = await client.call('delete', { uris: [adapterUri, 'kairos://adapter/no-such-adapter-here'] });
    expect(deleted.json).toMatchObject({
      total_deleted: 1,
      total_failed: 1,
      results: [{ uri: adapterUri, status: 'deleted' }, { status: 'error' }],
    });
    expect((await client.call('forward', { uri: adapterUri })).json.error).toBe('NOT_FOUND');
  });

  it('drops the refine row after two refinements with one execution_id, and refuses malformed URIs', async () => {
    const client = await connect();
    const first = (await client.call('activate', { query: 'something vague to do' })).json;
    expect(first.choices.some((choice: ToolJson) => choice.role === 'refine')).toBe(true);
    const id = first.execution_id;
    const second = (await client.call('activate', { query: 'something vague to do please', execution_id: id })).json;
    expect(second.execution_id).toBe(id);
    expect(second.choices.some((choice: ToolJson) => choice.role === 'refine')).toBe(true);
    const third = (await client.call('activate', { query: 'something vague again', execution_id: id })).json;
    expect(third.choices.some((choice: ToolJson) => choice.role === 'refine')).toBe(false);
    expect(third.choices.some((choice: ToolJson) => choice.role === 'create')).toBe(true);
    // Another id starts over.
    const fresh = (await client.call('activate', { query: 'something vague again' })).json;
    expect(fresh.execution_id).not.toBe(id);
    expect(fresh.choices.some((choice: ToolJson) => choice.role === 'refine')).toBe(true);

    expect((await client.call('forward', { uri: 'kairos://mem/not-a-layer' })).json.error).toBe('BAD_USER_INPUT');
    expect((await client.call('forward', { uri: `kairos://adapter/${'x'.repeat(400)}` })).json.error).toBe('BAD_USER_INPUT');
    expect((await client.call('reward', { uri: 'kairos://adapter/foo', outcome: 'success' })).json.error).toBe('BAD_USER_INPUT');
  });

  it('trains a KAIROS 4 adapter (contract blocks, activation patterns, reward signal) and forwards through all five contract types', async () => {
    const client = await connect();
    const slug = `release-train-${Date.now().toString(36)}`;
    const content = everyContractType
      .replace('slug: release-train', `slug: ${slug}`)
      .replace('# Release Train', `# ${uniqueTitle('Release Train')}`);
    const trained = await client.call('train', { content, llm_model_id: 'test-model', review_evidence: PASS });
    expect(trained.isError).toBe(false);
    expect(trained.json.items.map((item: ToolJson) => item.label)).toEqual([
      'Build the artefact',
      'Open the change ticket',
      'Ask the owner',
      'Reflect',
      'Score the rollout',
    ]);
    let answer = (await client.call('forward', { uri: `kairos://adapter/${slug}` })).json;
    const prove = async (solution: ToolJson) =>
      (
        await client.call('forward', {
          uri: answer.next_call.args.uri,
          solution: { ...solution, nonce: answer.contract.nonce, proof_hash: answer.contract.proof_hash },
        })
      ).json;
    expect(answer.contract).toMatchObject({ type: 'shell', shell: { cmd: 'make dist' } });
    answer = await prove({ type: 'shell', outcome: 'success', evidence: { exit_code: 0, stdout: 'dist/app.tgz', stderr: '' } });
    expect(answer.contract).toMatchObject({ type: 'mcp', mcp: { tool_name: 'create_ticket' } });
    // The contract's arguments must be contained in the solution's (deep subset).
    const missingLabel = await prove({
      type: 'mcp',
      outcome: 'success',
      evidence: { tool_name: 'create_ticket', arguments: { queue: 'CHG' }, response: { id: 1 } },
    });
    expect(missingLabel.error_code).toBe('INVALID_FIELD');
    answer = missingLabel;
    answer = await prove({
      type: 'mcp',
      outcome: 'success',
      evidence: {
        tool_name: 'create_ticket',
        arguments: { queue: 'CHG', labels: ['release', 'q3'], title: 'Ship 2.1' },
        response: { id: 2 },
      },
    });
    expect(answer.error_code).toBeUndefined();
    expect(answer.contract.type).toBe('user_input');
    answer = await prove({ type: 'user_input', outcome: 'success', evidence: { confirmation: 'yes, promote it' } });
    expect(answer.contract).toMatchObject({ type: 'comment', required: false, comment: { min_length: 40 } });
    answer = await prove({
      type: 'comment',
      outcome: 'success',
      evidence: { text: 'Built, ticketed and approved; smoke test green in every region.' },
    });
    expect(answer.contract).toMatchObject({ type: 'tensor', tensor: { name: 'error_rates', shape: [3] } });
    const wrongShape = await prove({ type: 'tensor', outcome: 'success', evidence: { name: 'error_rates', value: [0.1, 0.2] } });
    expect(wrongShape.error_code).toBe('INVALID_FIELD');
    expect(wrongShape.message).toContain('shape [3]');
    answer = wrongShape;
    answer = await prove({ type: 'tensor', outcome: 'success', evidence: { name: 'error_rates', value: [0.01, 0.02, 0.0] } });
    expect(answer.error_code).toBeUndefined();
    expect(answer.next_call.kind).toBe('reward');
    const rewarded = await client.call('reward', {
      uri: answer.next_call.args.uri,
      outcome: 'success',
      score: 0.9,
      rubric_version: 'v1',
      rater: 'owner@example.com',
    });
    expect(rewarded.json).toMatchObject({ total_rated: 5, total_failed: 0, next_call: null });
    const exported = await client.call('export', { uri: `kairos://adapter/${slug}`, format: 'markdown' });
    expect(exported.json.content).toContain('## Activation Patterns');
    expect(exported.json.content).toContain('## Reward Signal');
    expect(exported.json.content).toContain('"tensor"');
  });
});
