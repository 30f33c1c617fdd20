/**
 * A refusal's `extensions.details` reach the MCP tool error beside its code and message: KAIROS 4's
 * train keeps the artifact it clashed with, the allowed types, the size and the quota's limit; a
 * KAIROS 3 tool's error keeps its shape, with `details` added only when GraphQL gave some.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients, type McpTestClient } from './mcp-client.js';

const MAX_BYTES = 2_000;
const server = useTestServer({ artifactMaxBytes: MAX_BYTES, artifactsPerAdapter: 1 });
const connect = useMcpClients(server);
const PASS = { verdict_file: '/home/agent/review/verdict.txt', exit_code: 0, stdout: 'PASS\nno findings' };

let client: McpTestClient;
let adapterUri: string;

beforeAll(async () => {
  client = await connect();
  const title = uniqueTitle('Refusal details');
  const document = `# ${title}\n\n## Activation Patterns\n- check ${title}\n\n## Build\nRun the build.\n\n\`\`\`json\n{"contract": {"type": "comment", "comment": {"min_length": 5}}}\n\`\`\`\n`;
  const trained = await client.call('train', { content: document, llm_model_id: 'test-model', review_evidence: PASS });
  expect(trained.isError, JSON.stringify(trained.json)).toBe(false);
  adapterUri = trained.json.items[0].adapter_uri;
});

const attach = (args: Record<string, unknown>) => client.call('train', { llm_model_id: 'test-model', adapter_uri: adapterUri, ...args });

describe('KAIROS 4 train refusals', () => {
  it('carry the details: allowed types, sizes, the clashing artifact, the quota limit', async () => {
    const mime = await attach({ content: 'x', artifact_name: 'tool.exe', mime: 'application/x-msdownload' });
    expect(mime.isError).toBe(true);
    expect(mime.json).toMatchObject({ error: 'UNSUPPORTED_MIME', details: { allowed: expect.arrayContaining(['text/plain']) } });

    const big = await attach({ content: 'x'.repeat(MAX_BYTES + 1), artifact_name: 'big.txt' });
    expect(big.json).toMatchObject({
      error: 'ARTIFACT_CONTENT_TOTAL_BYTES_EXCEEDED',
      details: { max_total_bytes: MAX_BYTES, total_bytes: MAX_BYTES + 1 },
    });

    const first = await attach({ content: 'echo hi\n', artifact_name: 'check.sh' });
    expect(first.isError, JSON.stringify(first.json)).toBe(false);
    const stored = await server
      .mongo()
      .db(server.dbName)
      .collection('artifacts')
      .findOne({ name: 'check.sh' }, { projection: { artifactId: 1 } });
    const duplicate = await attach({ content: 'echo again\n', artifact_name: 'check.sh' });
    expect(duplicate.json).toMatchObject({ error: 'DUPLICATE_ARTIFACT', details: { artifact_uuid: stored!.artifactId } });

    const over = await attach({ content: 'two\n', artifact_name: 'second.txt' });
    expect(over.json).toMatchObject({ error: 'QUOTA_EXCEEDED', details: { limit: 'artifacts_per_adapter', max: 1 } });
  });
});

describe('KAIROS 3 tool errors', () => {
  it('keep { error, message }, adding details only where GraphQL gave them', async () => {
    const missing = await client.call('kairos_begin', { key: 'no-such-protocol-anywhere' });
    expect(missing.isError).toBe(true);
    expect(Object.keys(missing.json).sort()).toEqual(['error', 'message']);

    const broken = await client.call('kairos_mint', { markdown_doc: 'no title here', llm_model_id: 'test-model' });
    expect(broken.isError).toBe(true);
    expect(Object.keys(broken.json).sort()).toEqual(['details', 'error', 'message']);
    expect(broken.json.error).toBe('PROTOCOL_STRUCTURE_INVALID');
    expect(broken.json.details).toHaveProperty('reason');
  });
});
