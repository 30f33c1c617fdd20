/**
 * The v4 tools hand adapter and layer URIs to the run rules as they are: `begin` resolves
 * `kairos://adapter/<slug|chainId|stepId>`, and RunService resolves
 * `kairos://layer/<uuid>?execution_id=<run>` (EXECUTION_ID_MISMATCH for a layer of another run).
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients } from '../mcp/mcp-client.js';

const server = useTestServer();
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/tmp/verdict.txt', exit_code: 0, stdout: 'PASS' };

function adapter(slug: string): string {
  return `---\nslug: ${slug}\n---\n# ${uniqueTitle('Tidy Desk')}\n\n## Clear\n\n${fence}json\n{"contract": {"type": "comment", "comment": {"min_length": 5}}}\n${fence}\n\n## File\n\n${fence}json\n{"contract": {"type": "comment", "comment": {"min_length": 5}}}\n${fence}\n`;
}

describe('adapter and layer URIs on forward and reward', () => {
  it('starts a run by slug or step id, and refuses a layer of another run on forward and reward', async () => {
    const client = await connect();
    const slug = `tidy-${Date.now().toString(36)}`;
    const trained = await client.call('train', { content: adapter(slug), llm_model_id: 'm', review_evidence: PASS });
    expect(trained.isError).toBe(false);
    const firstLayer: string = trained.json.items[0].uri;
    const stepId = firstLayer.slice(firstLayer.lastIndexOf('/') + 1);

    const bySlug = (await client.call('forward', { uri: `kairos://adapter/${slug}` })).json;
    expect(bySlug.contract.type).toBe('comment');
    const layerOfRunA: string = bySlug.next_call.args.uri;
    expect(layerOfRunA).toMatch(new RegExp(`^kairos://layer/${stepId}\\?execution_id=${bySlug.execution_id}$`));

    const byStep = (await client.call('forward', { uri: `kairos://adapter/${stepId}` })).json;
    expect(byStep.execution_id).not.toBe(bySlug.execution_id);
    expect(byStep.current_layer.uri).toBe(`kairos://layer/${stepId}?execution_id=${byStep.execution_id}`);

    const stranger = (await client.call('forward', { uri: `kairos://adapter/no-such-${slug}` })).json;
    expect(stranger.error).toBe('NOT_FOUND');

    const other = await client.call('train', {
      content: adapter(`${slug}-b`).replace('# Tidy Desk', '# Other Desk'),
      llm_model_id: 'm',
      review_evidence: PASS,
    });
    const otherLayer: string = other.json.items[0].uri;
    const mismatch = await client.call('forward', {
      uri: `${otherLayer}?execution_id=${bySlug.execution_id}`,
      solution: {
        type: 'comment',
        outcome: 'success',
        evidence: { text: 'cleared it all' },
        nonce: bySlug.contract.nonce,
        proof_hash: bySlug.contract.proof_hash,
      },
    });
    expect(mismatch.json.error).toBe('EXECUTION_ID_MISMATCH');
    const rewardMismatch = await client.call('reward', { uri: `${otherLayer}?execution_id=${bySlug.execution_id}`, outcome: 'success' });
    expect(rewardMismatch.json.error).toBe('EXECUTION_ID_MISMATCH');
  });
});
