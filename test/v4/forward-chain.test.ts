/**
 * An agent that knows nothing but what each answer shows runs a chain-link adapter to `reward`:
 * a layer whose mcp contract names the tool `forward` and, in its arguments, another adapter.
 * Every forward and reward answer is checked against KAIROS 4.8.5's output schema on the way.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients, type McpTestClient, type ToolJson } from '../mcp/mcp-client.js';
import { forwardOutput, rewardOutput } from './kairos-485-schemas.js';

const server = useTestServer();
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };
const contract = (body: Record<string, unknown>) => `${fence}json\n${JSON.stringify({ contract: body })}\n${fence}`;

async function train(client: McpTestClient, content: string): Promise<string> {
  const trained = await client.call('train', { content, llm_model_id: 'test-model', review_evidence: PASS });
  expect(trained.isError).toBe(false);
  return trained.json.items[0].adapter_uri as string;
}

function checked(answer: ToolJson): ToolJson {
  const parsed = forwardOutput.safeParse(answer);
  if (!parsed.success) throw new Error(`forward answer is not KAIROS 4.8.5's shape: ${parsed.error.message}\n${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Runs whatever adapter `uri` names to reward, reading only the answers: the solution is
 * next_call.args.solution_template with its evidence filled, nonce and proof_hash from the
 * contract. An mcp contract naming `forward` is carried out by running the adapter its
 * arguments name (recursively); its reward answer is the response.
 */
async function runToReward(client: McpTestClient, startArgs: Record<string, unknown>, seen: string[]): Promise<ToolJson> {
  let answer = checked((await client.call('forward', startArgs)).json);
  for (let guard = 0; answer.next_call.kind === 'forward'; guard++) {
    if (guard > 20) throw new Error('the run does not end');
    seen.push(answer.context_adapter_name);
    const { uri, solution_template: template } = answer.next_call.args;
    const evidence: ToolJson = { ...template.evidence };
    if (template.type === 'comment') evidence.text = `Did "${answer.current_layer_label}" as the layer says.`;
    if (template.type === 'mcp') {
      expect(evidence.tool_name).toBe(answer.contract.mcp.tool_name);
      expect(evidence.arguments).toEqual(answer.contract.mcp.arguments);
      if (evidence.tool_name !== 'forward') throw new Error(`this agent only chains forward, not ${evidence.tool_name}`);
      evidence.response = await runToReward(client, evidence.arguments, seen);
    }
    answer = checked(
      (
        await client.call('forward', {
          uri,
          solution: {
            ...template,
            evidence,
            nonce: answer.contract.nonce,
            proof_hash: answer.contract.proof_hash,
            trace: 'followed the template',
          },
        })
      ).json,
    );
    expect(answer.error_code).toBeUndefined();
  }
  expect(answer.next_call.kind).toBe('reward');
  const rewarded = await client.call('reward', { uri: answer.next_call.args.uri, ...answer.next_call.args.outcome_template });
  expect(rewarded.isError).toBe(false);
  const { execution_id: _ours, ...kairosKeys } = rewarded.json;
  rewardOutput.parse(kairosKeys);
  return rewarded.json;
}

describe('a chain-link adapter through forward', () => {
  it('runs to reward using only what each answer shows', async () => {
    const client = await connect();
    const childTitle = uniqueTitle('Check the invoice totals');
    const childUri = await train(
      client,
      `# ${childTitle}\n\n## Add the totals\nAdd up the invoice lines.\n\n${contract({ type: 'comment', comment: { min_length: 10 } })}\n`,
    );
    const parentTitle = uniqueTitle('Month end close');
    const parentUri = await train(
      client,
      `# ${parentTitle}\n\n## Check the invoices\nRun the invoice check adapter.\n\n${contract({ type: 'mcp', mcp: { tool_name: 'forward', arguments: { uri: childUri } } })}\n\n## Report\nSay what you found.\n\n${contract({ type: 'comment', comment: { min_length: 10 } })}\n`,
    );

    const seen: string[] = [];
    const rewarded = await runToReward(client, { uri: parentUri }, seen);
    expect(rewarded.results.every((result: ToolJson) => result.outcome === 'success')).toBe(true);
    // The parent's first layer, then the whole child, then the parent's last layer.
    expect(seen).toEqual([parentTitle, childTitle, parentTitle]);

    // The chain link's proof holds the child's reward answer; the trace went with every proof.
    const traces = (await client.call('export', { uri: parentUri, format: 'trace_jsonl' })).json.content as string;
    const rows = traces
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((row) => [row.layer_index, row.contract_type, row.trace])).toEqual([
      [1, 'mcp', 'followed the template'],
      [2, 'comment', 'followed the template'],
    ]);
    expect(rows[0].evidence).toMatchObject({ tool_name: 'forward', arguments: { uri: childUri } });
  });

  it('shows the layer label, the adapter name, its space and the local artifact hints', async () => {
    const client = await connect();
    const title = uniqueTitle('Label check');
    const uri = await train(
      client,
      `# ${title}\n\n## Write the note\nWrite it.\n\n${contract({ type: 'comment', comment: { min_length: 5 } })}\n`,
    );
    const answer = checked((await client.call('forward', { uri })).json);
    expect(answer).toMatchObject({
      current_layer_label: 'Write the note',
      context_adapter_name: title,
      activation_space_name: 'Personal',
      kairos_local_artifact_dir: ['project://.local/kairos/work', 'user://.config/kairos/work'],
      next_call: { kind: 'forward', args: { solution_template: { type: 'comment', outcome: 'success', evidence: { text: '' } } } },
    });
  });
});

describe('forward on a run that is closed or gone', () => {
  it('answers a tool error with the code, as KAIROS does, and writes nothing', async () => {
    const client = await connect();
    const uri = await train(
      client,
      `# ${uniqueTitle('Closed run')}\n\n## Write the note\nWrite it.\n\n${contract({ type: 'comment', comment: { min_length: 5 } })}\n`,
    );
    const started = checked((await client.call('forward', { uri })).json);
    const layer = started.next_call.args.uri as string;
    const solution = {
      ...started.next_call.args.solution_template,
      evidence: { text: 'Wrote the note.' },
      nonce: started.contract.nonce,
      proof_hash: started.contract.proof_hash,
    };
    const proven = checked((await client.call('forward', { uri: layer, solution })).json);
    expect(proven.next_call.kind).toBe('reward');
    expect((await client.call('reward', { uri: proven.next_call.args.uri, outcome: 'success' })).isError).toBe(false);

    // (The same solution again is a retry: it gets its stored answer back.)
    const another = { ...solution, evidence: { text: 'Wrote the note again.' }, nonce: 'f'.repeat(32) };
    const closed = await client.call('forward', { uri: layer, solution: another });
    expect(closed.isError).toBe(true);
    expect(closed.json).toMatchObject({ error: 'RUN_CLOSED', error_code: 'RUN_CLOSED', execution_id: started.execution_id });
    expect(closed.json.message).toMatch(/closed/i);
    expect(closed.json.next_action).toContain('call forward with kairos://');
    expect(closed.json.contract).toBeUndefined();

    const missingRun = layer.replace(/execution_id=[^&]+/, 'execution_id=00000000-0000-4000-8000-000000000000');
    const gone = await client.call('forward', { uri: missingRun, solution: another });
    expect(gone.isError).toBe(true);
    expect(gone.json).toMatchObject({
      error: 'RUN_NOT_FOUND',
      error_code: 'RUN_NOT_FOUND',
      execution_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(gone.json.next_action).toContain('call forward with kairos://');

    // The closed run kept its one proof and its reward: the refused calls wrote nothing.
    const traces = (await client.call('export', { uri, format: 'trace_jsonl' })).json.content as string;
    expect(traces.trim().split('\n')).toHaveLength(1);
  });
});

describe('forward after three failed proofs', () => {
  it('answers MAX_RETRIES_EXCEEDED in KAIROS 4.8.5 shape: must_obey false, next_call still the same layer, and a fourth try can pass', async () => {
    const client = await connect();
    const uri = await train(
      client,
      `# ${uniqueTitle('Retries')}\n\n## Write the note\nWrite it.\n\n${contract({ type: 'comment', comment: { min_length: 20 } })}\n`,
    );
    const started = checked((await client.call('forward', { uri })).json);
    const layer = started.next_call.args.uri as string;
    const attempt = async (text: string) =>
      checked(
        (
          await client.call('forward', {
            uri: layer,
            solution: {
              ...started.next_call.args.solution_template,
              evidence: { text },
              nonce: started.contract.nonce,
              proof_hash: started.contract.proof_hash,
            },
          })
        ).json,
      );
    const failures = [await attempt('short'), await attempt('too short'), await attempt('still short')];
    expect(failures.map((answer) => [answer.error_code, answer.retry_count, answer.must_obey])).toEqual([
      [expect.any(String), 1, true],
      [expect.any(String), 2, true],
      ['MAX_RETRIES_EXCEEDED', 3, false],
    ]);
    expect(failures[2]!.next_call).toMatchObject({ kind: 'forward', args: { uri: layer } });
    const fourth = await attempt('A note long enough to pass the check.');
    expect(fourth.error_code).toBeUndefined();
    expect(fourth.next_call.kind).toBe('reward');
  });
});
