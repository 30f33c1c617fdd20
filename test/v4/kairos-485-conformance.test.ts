/**
 * The eight KAIROS 4 tools against KAIROS 4.8.5's own schemas (test/v4/kairos-485-schemas.ts):
 * inputs KAIROS accepts are accepted here, and every answer validates against its output schema,
 * strictly where KAIROS is strict, once the fields we add on purpose (the "ours" rows of the
 * conformance table in docs/kairos-v4.md) are set aside. A second part keeps that table and the
 * schemas in step: every field KAIROS names has one row, and no row names a field it does not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { repoRoot, useMcpClients, type ToolJson } from '../mcp/mcp-client.js';
import { fieldPaths, KAIROS_485_TOOLS, type KairosToolName } from './kairos-485-schemas.js';

interface TableRow {
  tool: KairosToolName;
  direction: 'input' | 'output';
  field: string;
  status: string;
  why: string;
}

const STATUSES = ['same', 'differs', 'not supported', 'ours'];

/** The rows of the conformance table: `| tool | input/output | field | status | why |`. */
function conformanceRows(): TableRow[] {
  const text = readFileSync(`${repoRoot}/docs/kairos-v4.md`, 'utf8');
  const start = text.indexOf('## Conformance with KAIROS 4.8.5');
  expect(start).toBeGreaterThan(-1);
  const section = text.slice(start, text.indexOf('\n## ', start + 1) === -1 ? undefined : text.indexOf('\n## ', start + 1));
  return section
    .split('\n')
    .filter((line) => /^\| (activate|forward|reward|train|tune|delete|export|spaces) \|/.test(line))
    .map((line) => {
      const [tool, direction, field, status, why] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      return {
        tool: tool as KairosToolName,
        direction: direction as 'input' | 'output',
        field: field!.replace(/`/g, ''),
        status: status!,
        why: why ?? '',
      };
    });
}

const rows = conformanceRows();
const ours = (tool: KairosToolName) =>
  rows.filter((row) => row.tool === tool && row.direction === 'output' && row.status === 'ours').map((row) => row.field);

/** Our answer without the top-level fields we add on purpose. */
function kairosPart(tool: KairosToolName, answer: ToolJson): ToolJson {
  const extras = new Set(ours(tool).filter((field) => !field.includes('.') && !field.includes('[]')));
  return Object.fromEntries(Object.entries(answer).filter(([key]) => !extras.has(key)));
}

function expectKairosOutput(tool: KairosToolName, answer: ToolJson) {
  const parsed = (KAIROS_485_TOOLS[tool].output as z.ZodType).safeParse(kairosPart(tool, answer));
  expect(parsed.success, parsed.success ? '' : `${tool}: ${parsed.error.message}\n${JSON.stringify(answer).slice(0, 2_000)}`).toBe(true);
}

function expectKairosInput(tool: KairosToolName, input: Record<string, unknown>) {
  const parsed = (KAIROS_485_TOOLS[tool].input as z.ZodType).safeParse(input);
  expect(parsed.success, `KAIROS 4.8.5 would refuse this ${tool} input, so it proves nothing: ${JSON.stringify(input)}`).toBe(true);
}

describe('the conformance table', () => {
  it('has one row for every field KAIROS 4.8.5 names, and none for a field it does not (but ours)', () => {
    for (const tool of Object.keys(KAIROS_485_TOOLS) as KairosToolName[]) {
      for (const direction of ['input', 'output'] as const) {
        const kairos = fieldPaths(KAIROS_485_TOOLS[tool][direction] as z.ZodType).sort();
        const listed = rows
          .filter((row) => row.tool === tool && row.direction === direction && row.status !== 'ours')
          .map((row) => row.field)
          .sort();
        expect(listed, `${tool} ${direction}`).toEqual(kairos);
      }
    }
  });

  it('says why for every row that is not the same, and uses only the known statuses', () => {
    for (const row of rows) {
      expect(STATUSES, `${row.tool} ${row.field}`).toContain(row.status);
      if (row.status !== 'same') expect(row.why.length, `${row.tool} ${row.direction} ${row.field} says no why`).toBeGreaterThan(10);
      if (row.status === 'ours') expect(fieldPaths(KAIROS_485_TOOLS[row.tool][row.direction] as z.ZodType)).not.toContain(row.field);
    }
  });
});

const server = useTestServer();
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };
const contract = (body: Record<string, unknown>) => `${fence}json\n${JSON.stringify({ contract: body })}\n${fence}`;

describe('the eight tools against KAIROS 4.8.5 schemas', () => {
  it('accepts what KAIROS accepts and answers in its shapes, tool by tool', async () => {
    const client = await connect();
    const call = async (tool: KairosToolName, input: Record<string, unknown>) => {
      expectKairosInput(tool, input);
      const answer = await client.call(tool, input);
      expect(answer.isError, `${tool} ${JSON.stringify(input)} → ${JSON.stringify(answer.json)}`).toBe(false);
      expectKairosOutput(tool, answer.json);
      return answer.json;
    };
    const title = uniqueTitle('Conformance ledger close');
    const document = `# ${title}\n\n## Activation Patterns\n- close the conformance ledger\n\n## Check\nRun the check.\n\n${contract({ type: 'shell', shell: { cmd: 'true', timeout_seconds: 5 } })}\n\n## Note\nWrite a note.\n\n${contract({ type: 'comment', comment: { min_length: 5 } })}\n`;

    const trained = await call('train', {
      content: document,
      llm_model_id: 'test-model',
      review_evidence: PASS,
      force_update: false,
      protocol_version: '1.0.0',
      space: 'personal',
    });
    const adapterUri = trained.items[0].adapter_uri as string;
    // An artifact, as KAIROS 4 trains one: its type from its name, a skill-relative path.
    const artifact = await call('train', {
      content: 'print("balanced")\n',
      llm_model_id: 'test-model',
      artifact_name: 'balance.py',
      adapter_uri: adapterUri,
      relative_path: 'scripts/balance.py',
    });
    expect(artifact.items[0]).toMatchObject({ uri: 'kairos://artifact/scripts-balance-py', content_type: 'text/x-python' });

    const activated = await call('activate', { query: 'close the conformance ledger', max_choices: 10 });
    await call('activate', { query: 'close the conformance ledger please', execution_id: activated.execution_id, space: 'personal' });

    let answer = await call('forward', { uri: adapterUri });
    answer = await call('forward', {
      uri: answer.next_call.args.uri,
      solution: {
        type: 'shell',
        outcome: 'success',
        evidence: { exit_code: 0, stdout: '' },
        nonce: answer.contract.nonce,
        proof_hash: answer.contract.proof_hash,
      },
    });
    // The older per-type shape, with a trace.
    answer = await call('forward', {
      uri: answer.next_call.args.uri,
      solution: {
        type: 'comment',
        comment: { text: 'all balanced' },
        nonce: answer.contract.nonce,
        proof_hash: answer.contract.proof_hash,
        trace: 'read the totals',
      },
    });
    expect(answer.next_call.kind).toBe('reward');
    await call('reward', {
      uri: answer.next_call.args.uri,
      outcome: 'success',
      score: 0.9,
      feedback: 'fine',
      rater: 'ann',
      rubric_version: 'v1',
      llm_model_id: 'judge',
    });

    await call('tune', { uris: [trained.items[1].uri], updates: { label: 'Write the note' } });
    await call('tune', { uris: [adapterUri], content: [document.replace('Write a note.', 'Write a short note.')], review_evidence: PASS });

    await call('export', { uri: adapterUri, format: 'markdown' });
    await call('export', { uri: adapterUri });
    await call('export', { uri: adapterUri, format: 'sft_jsonl', include_reward: false });
    await call('export', { uri: adapterUri, format: 'reward_jsonl' });
    await call('export', { adapters: [adapterUri.slice('kairos://adapter/'.length)], format: 'skill_tree' });
    await call('export', { uri: adapterUri, format: 'skill_zip', delivery: 'inline_base64' });
    await call('export', { uri: 'kairos://artifact/scripts-balance-py', format: 'source' });
    await call('export', { uri: artifact.items[0].uri as string });
    await call('export', { uri: adapterUri, format: 'source' });

    expect((await call('spaces', {})).spaces.every((space: ToolJson) => space.adapters === undefined)).toBe(true);
    // As KAIROS: asking for the widget lists the adapters too.
    const withWidget = await call('spaces', { include_widget_html: true });
    expect(withWidget.spaces.some((space: ToolJson) => Array.isArray(space.adapters) && space.adapters.length > 0)).toBe(true);
    const spaces = await call('spaces', { include_adapter_titles: true, include_widget_html: true, include_artifacts: true });
    expect(spaces.spaces.flatMap((space: ToolJson) => space.adapters).every((adapter: ToolJson) => Array.isArray(adapter.artifacts))).toBe(
      true,
    );
    const listed = spaces.spaces.flatMap((space: ToolJson) => space.adapters).find((adapter: ToolJson) => adapter.uri === adapterUri);
    expect(listed.artifacts.map((row: ToolJson) => row.relative_path)).toEqual(['scripts/balance.py']);

    await call('delete', { uris: [adapterUri] });
  });

  it('refuses, with a code and nothing written, what it does not support or checks more strictly', async () => {
    const client = await connect();
    const refusal = async (tool: KairosToolName, input: Record<string, unknown>) => {
      const answer = await client.call(tool, input);
      expect(answer.isError, JSON.stringify(answer.json)).toBe(true);
      return answer.json.error as string;
    };
    expect(await refusal('activate', { query: 'x', execution_id: 'not-a-uuid' })).toBe('BAD_USER_INPUT');
    expect(
      await refusal('train', {
        content: 'print(1)',
        llm_model_id: 'm',
        mime: 'text/x-python',
        artifact_name: 'run.py',
        adapter_uri: 'kairos://adapter/some-adapter',
      }),
    ).toBe('NOT_FOUND');
    // KAIROS 4 drops a relative_path that climbs out (its input schema refuses it too); refused here with a code.
    expect(
      await refusal('train', {
        content: 'print(1)',
        llm_model_id: 'm',
        artifact_name: 'run.py',
        adapter_uri: 'kairos://adapter/some-adapter',
        relative_path: '../run.py',
      }),
    ).toBe('INVALID_RELATIVE_PATH');
    expect(await refusal('export', { uri: 'kairos://artifact/run-script', format: 'source' })).toBe('NOT_FOUND');
    expect(
      await refusal('reward', {
        uri: 'kairos://layer/00000000-0000-4000-8000-000000000000?execution_id=00000000-0000-4000-8000-000000000001',
        outcome: 'success',
        score: 2,
      }),
    ).toBe('BAD_USER_INPUT');
  });
});
