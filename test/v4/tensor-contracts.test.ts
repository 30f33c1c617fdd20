/**
 * KAIROS 4.8.5's tensor contracts through forward: `required_inputs`, a typed `output` (string,
 * string[], number, …, with its bounds) and `tensor_in`, the values of the earlier outputs a layer
 * requires. An agent that reads only the answers runs a chain of tensor layers to reward; every
 * answer validates against KAIROS's output schema. Our own `{ name, shape }` form keeps working.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients, type McpTestClient, type ToolJson } from '../mcp/mcp-client.js';
import { forwardOutput, rewardOutput } from './kairos-485-schemas.js';
import { MAX_RUN_TENSOR_BYTES } from '../../src/limits.js';
import { MAX_TENSOR_JSON_BYTES } from '../../src/runs/tensor-check.js';

const server = useTestServer();
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };
const contract = (body: Record<string, unknown>) => `${fence}json\n${JSON.stringify({ contract: body })}\n${fence}`;
const tensor = (body: Record<string, unknown>) => contract({ type: 'tensor', tensor: body, required: true });

async function train(client: McpTestClient, content: string): Promise<ToolJson> {
  return (await client.call('train', { content, llm_model_id: 'test-model', review_evidence: PASS })).json;
}

async function trained(client: McpTestClient, content: string): Promise<string> {
  const answer = await train(client, content);
  expect(answer.items?.[0]?.adapter_uri, JSON.stringify(answer)).toBeTruthy();
  return answer.items[0].adapter_uri as string;
}

function checked(answer: ToolJson): ToolJson {
  const parsed = forwardOutput.safeParse(answer);
  if (!parsed.success) throw new Error(`forward answer is not KAIROS 4.8.5's shape: ${parsed.error.message}\n${JSON.stringify(answer)}`);
  return answer;
}

/** The solution the answer's template asks for, with `value` as the tensor's value. */
function solutionOf(answer: ToolJson, value: unknown): Record<string, unknown> {
  const template = answer.next_call.args.solution_template;
  return {
    ...template,
    evidence: { ...template.evidence, value },
    nonce: answer.contract.nonce,
    proof_hash: answer.contract.proof_hash,
  };
}

const ANALYSIS = (title: string) =>
  `# ${title}\n\n` +
  `## Summarise\nSummarise the incident in one sentence.\n\n` +
  `${tensor({ required_inputs: [], output: { name: 'summary', type: 'string', min_length: 10, max_length: 200 } })}\n\n` +
  `## Pick keywords\nPick up to three keywords from the summary.\n\n` +
  `${tensor({ required_inputs: ['summary'], output: { name: 'keywords', type: 'string[]', min_items: 1, max_items: 3 } })}\n\n` +
  `## Score\nScore the incident: how many keywords, times the summary's word count.\n\n` +
  `${tensor({ required_inputs: ['summary', 'keywords'], output: { name: 'severity', type: 'number' } })}\n`;

describe('KAIROS tensor contracts through forward', () => {
  it('runs a chain of tensor layers to reward using only what each answer shows', async () => {
    const client = await connect();
    const uri = await trained(client, ANALYSIS(uniqueTitle('Incident analysis')));

    let answer = checked((await client.call('forward', { uri })).json);
    expect(answer.contract).toMatchObject({
      type: 'tensor',
      tensor: { required_inputs: [], output: { name: 'summary', type: 'string', min_length: 10, max_length: 200 } },
    });
    expect(answer.tensor_in).toBeUndefined();
    expect(answer.next_call.args.solution_template).toEqual({
      type: 'tensor',
      outcome: 'success',
      evidence: { name: 'summary', value: null },
    });

    // The agent computes each value from the answer alone: its contract and tensor_in.
    const computed: unknown[] = [];
    for (let guard = 0; answer.next_call.kind === 'forward'; guard++) {
      if (guard > 5) throw new Error('the run does not end');
      const { output, required_inputs: inputs } = answer.contract.tensor;
      expect(Object.keys(answer.tensor_in ?? {})).toEqual(inputs);
      const given = answer.tensor_in ?? {};
      const value =
        output.name === 'summary'
          ? 'The disk filled up on the build host'
          : output.name === 'keywords'
            ? String(given.summary).split(' ').slice(2, 4)
            : (given.keywords as string[]).length * String(given.summary).split(' ').length;
      computed.push(value);
      answer = checked((await client.call('forward', { uri: answer.next_call.args.uri, solution: solutionOf(answer, value) })).json);
      expect(answer.error_code, answer.message).toBeUndefined();
      if (output.name === 'summary') expect(answer.tensor_in).toEqual({ summary: 'The disk filled up on the build host' });
      if (output.name === 'keywords')
        expect(answer.tensor_in).toEqual({ summary: 'The disk filled up on the build host', keywords: ['filled', 'up'] });
    }
    expect(computed).toEqual(['The disk filled up on the build host', ['filled', 'up'], 16]);
    const rewarded = await client.call('reward', { uri: answer.next_call.args.uri, outcome: 'success' });
    expect(rewarded.isError).toBe(false);
    const { execution_id: _ours, ...kairosKeys } = rewarded.json;
    rewardOutput.parse(kairosKeys);

    // The proofs keep the values as reported.
    const traces = (await client.call('export', { uri, format: 'trace_jsonl' })).json.content as string;
    const rows = traces
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((row) => row.evidence)).toEqual([
      { name: 'summary', value: 'The disk filled up on the build host' },
      { name: 'keywords', value: ['filled', 'up'] },
      { name: 'severity', value: 16 },
    ]);
  });

  it("refuses a value that is not the output's type or breaks its bounds, naming the rule, and keeps the layer", async () => {
    const client = await connect();
    const uri = await trained(client, ANALYSIS(uniqueTitle('Incident typing')));
    // A new run for each refused value: the third failure in a row ends a layer's retries.
    const attempts: [unknown, RegExp][] = [
      [42, /must be of type string/],
      ['too short', /must be of type string \(at least 10 characters, at most 200 characters\)/],
      ['x'.repeat(201), /at most 200 characters/],
    ];
    for (const [value, message] of attempts) {
      const started = checked((await client.call('forward', { uri })).json);
      const layer = started.next_call.args.uri;
      const refused = checked((await client.call('forward', { uri: layer, solution: solutionOf(started, value) })).json);
      expect(refused).toMatchObject({ error_code: 'INVALID_FIELD', current_layer: { uri: layer } });
      expect(refused.message).toMatch(/tensor\.value/);
      expect(refused.message).toMatch(message);
    }
    const first = checked((await client.call('forward', { uri })).json);
    const layer = first.next_call.args.uri;
    const misnamed = { ...solutionOf(first, 'The disk filled up'), evidence: { name: 'keywords', value: 'The disk filled up' } };
    const wrongName = checked((await client.call('forward', { uri: layer, solution: misnamed })).json);
    expect(wrongName.error_code).toBe('INVALID_FIELD');
    expect(wrongName.message).toMatch(/tensor\.name.*"summary"/);

    const second = checked((await client.call('forward', { uri: layer, solution: solutionOf(first, 'The disk filled up') })).json);
    expect(second.error_code).toBeUndefined();
    const tooMany = checked(
      (await client.call('forward', { uri: second.next_call.args.uri, solution: solutionOf(second, ['a', 'b', 'c', 'd']) })).json,
    );
    expect(tooMany.error_code).toBe('INVALID_FIELD');
    expect(tooMany.message).toMatch(/string\[\] \(at least 1 items, at most 3 items\)/);
    const notStrings = checked(
      (await client.call('forward', { uri: second.next_call.args.uri, solution: solutionOf(second, ['disk', 7]) })).json,
    );
    expect(notStrings.error_code).toBe('INVALID_FIELD');
    // tensor_in stays on the refused layer's answer.
    expect(notStrings.tensor_in).toEqual({ summary: 'The disk filled up' });
  });

  it("refuses a tensor value that would take the run's values past MAX_RUN_TENSOR_BYTES, and keeps the layer", async () => {
    const client = await connect();
    // Each value is just under the per-value cap; the run cap is reached after `fits` of them.
    const value = (index: number) => `${index}`.padEnd(MAX_TENSOR_JSON_BYTES - 100, 'x');
    const bytes = Buffer.byteLength(JSON.stringify(value(0)));
    const fits = Math.floor(MAX_RUN_TENSOR_BYTES / bytes);
    const layers = Array.from(
      { length: fits + 1 },
      (_, index) =>
        `## Part ${index}\nWrite part ${index}.\n\n${tensor({ required_inputs: [], output: { name: `part${index}`, type: 'string' } })}\n`,
    );
    const uri = await trained(client, `# ${uniqueTitle('Large tensor run')}\n\n${layers.join('\n')}`);
    let answer = checked((await client.call('forward', { uri })).json);
    for (let index = 0; index < fits; index++) {
      answer = checked((await client.call('forward', { uri: answer.next_call.args.uri, solution: solutionOf(answer, value(index)) })).json);
      expect(answer.error_code, answer.message).toBeUndefined();
    }
    expect(answer.adapter_layer_index).toBe(fits + 1);
    const layer = answer.next_call.args.uri;
    const refused = checked((await client.call('forward', { uri: layer, solution: solutionOf(answer, value(fits)) })).json);
    expect(refused).toMatchObject({ error_code: 'INVALID_FIELD', current_layer: { uri: layer }, adapter_layer_index: fits + 1 });
    expect(refused.message).toMatch(/tensor\.value/);
    expect(refused.message).toMatch(new RegExp(`${MAX_RUN_TENSOR_BYTES} bytes of JSON \\(${fits * bytes} held already\\)`));
    // A value that still fits is taken.
    const small = checked((await client.call('forward', { uri: layer, solution: solutionOf(refused, 'short') })).json);
    expect(small.error_code).toBeUndefined();
    expect(small.next_call.kind).toBe('reward');
  });

  it('passes values whose names are no safe document keys ("a.b", "$x")', async () => {
    const client = await connect();
    const uri = await trained(
      client,
      `# ${uniqueTitle('Odd names')}\n\n## First\nName it.\n\n${tensor({ required_inputs: [], output: { name: 'stage.one', type: 'string' } })}\n\n` +
        `## Second\nCount it.\n\n${tensor({ required_inputs: ['stage.one'], output: { name: '$total', type: 'number' } })}\n\n` +
        `## Third\nReport.\n\n${tensor({ required_inputs: ['$total', 'stage.one'], output: { name: 'report', type: 'string' } })}\n`,
    );
    const first = checked((await client.call('forward', { uri })).json);
    const second = checked((await client.call('forward', { uri: first.next_call.args.uri, solution: solutionOf(first, 'ready') })).json);
    expect(second.tensor_in).toEqual({ 'stage.one': 'ready' });
    const third = checked((await client.call('forward', { uri: second.next_call.args.uri, solution: solutionOf(second, 5) })).json);
    expect(third.error_code).toBeUndefined();
    expect(third.tensor_in).toEqual({ $total: 5, 'stage.one': 'ready' });
    const done = checked((await client.call('forward', { uri: third.next_call.args.uri, solution: solutionOf(third, 'ready: 5') })).json);
    expect(done.next_call.kind).toBe('reward');
  });

  it('refuses an adapter whose required_inputs name no earlier tensor output, and a malformed output', async () => {
    const client = await connect();
    const orphan = await train(
      client,
      `# ${uniqueTitle('Orphan input')}\n\n## Score\nScore it.\n\n${tensor({ required_inputs: ['summary'], output: { name: 'score', type: 'number' } })}\n`,
    );
    expect(JSON.stringify(orphan)).toMatch(/CONTRACT_INVALID/);
    expect(JSON.stringify(orphan)).toMatch(/required_inputs.*summary.*no earlier tensor layer/);

    const badBound = await train(
      client,
      `# ${uniqueTitle('Bad bound')}\n\n## Name it\nName it.\n\n${tensor({ required_inputs: [], output: { name: 'label', type: 'string', min_length: -1 } })}\n`,
    );
    expect(JSON.stringify(badBound)).toMatch(/CONTRACT_INVALID/);
    expect(JSON.stringify(badBound)).toMatch(/tensor\.output\.min_length/);
  });

  it('keeps our own { name, shape } tensor contract, shown in KAIROS words as well', async () => {
    const client = await connect();
    const uri = await trained(
      client,
      `# ${uniqueTitle('Vector report')}\n\n## Measure\nMeasure the three axes.\n\n${tensor({ name: 'axes', shape: [3] })}\n`,
    );
    const first = checked((await client.call('forward', { uri })).json);
    expect(first.contract.tensor).toEqual({ required_inputs: [], output: { name: 'axes', type: 'number[]' }, name: 'axes', shape: [3] });
    const wrong = checked((await client.call('forward', { uri: first.next_call.args.uri, solution: solutionOf(first, [1, 2]) })).json);
    expect(wrong.error_code).toBe('INVALID_FIELD');
    const done = checked((await client.call('forward', { uri: first.next_call.args.uri, solution: solutionOf(first, [1, 2, 3]) })).json);
    expect(done.next_call.kind).toBe('reward');
  });
});

describe("a tensor contract's condition", () => {
  const routed = (title: string) =>
    `# ${title}\n\n## Classify\nSay how urgent the ticket is.\n\n` +
    `${tensor({ required_inputs: [], output: { name: 'kind', type: 'string' } })}\n\n` +
    `## Page someone\nPage the on-call engineer.\n\n` +
    `${tensor({ required_inputs: ['kind'], output: { name: 'paged', type: 'string' }, condition: "kind contains 'urgent'" })}\n\n` +
    `## Close\nSay what was done.\n\n${contract({ type: 'comment', comment: { min_length: 5 } })}\n`;

  it('passes a layer over when its condition is false on tensor_in, and runs it when true, as KAIROS does', async () => {
    const client = await connect();
    const uri = await trained(client, routed(uniqueTitle('Ticket routing')));

    const start = async (kind: string) => {
      const first = checked((await client.call('forward', { uri })).json);
      return checked((await client.call('forward', { uri: first.next_call.args.uri, solution: solutionOf(first, kind) })).json);
    };
    const routine = await start('routine question');
    expect(routine).toMatchObject({ current_layer_label: 'Page someone', tensor_in: { kind: 'routine question' } });
    expect(routine.contract.tensor.condition).toBe("kind contains 'urgent'");
    const skipped = checked(
      (await client.call('forward', { uri: routine.next_call.args.uri, solution: solutionOf(routine, 'nobody') })).json,
    );
    expect(skipped.error_code).toBeUndefined();
    expect(skipped.current_layer_label).toBe('Close');
    expect(skipped.message).toMatch(/condition of layer 2 \(kind contains 'urgent'\) is false/);

    const urgent = await start('urgent: the site is down');
    const paged = checked(
      (await client.call('forward', { uri: urgent.next_call.args.uri, solution: solutionOf(urgent, 'paged alice') })).json,
    );
    expect(paged.current_layer_label).toBe('Close');
    expect(paged.message).toBeUndefined();

    // The passed-over layer has no proof: the routine run's close still proves and rewards.
    const close = {
      ...skipped.next_call.args.solution_template,
      evidence: { text: 'Answered the question.' },
      nonce: skipped.contract.nonce,
      proof_hash: skipped.contract.proof_hash,
    };
    const closed = checked((await client.call('forward', { uri: skipped.next_call.args.uri, solution: close })).json);
    expect(closed.next_call.kind).toBe('reward');
    expect((await client.call('reward', { uri: closed.next_call.args.uri, outcome: 'success' })).isError).toBe(false);
    const rows = ((await client.call('export', { uri, format: 'trace_jsonl' })).json.content as string)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((row) => row.execution_id === skipped.execution_id);
    expect(rows.map((row) => row.layer_index)).toEqual([1, 3]);
  });
});
