import { describe, expect, it } from 'vitest';
import { errorCode, useTestServer } from '../support/app.js';
import { contract, doc, everyContractType } from '../protocol/v4-fixtures.js';
import { refineShape } from '../protocol/v4-shipped-shapes.js';
import { AdapterBeginDocument, AdapterByUriDocument, AdapterStepDocument, MintAdapterDocument } from './adapter-documents.js';
import { uniqueTitle } from './fixtures.js';

const server = useTestServer({ maxMarkdownBytes: 1024 * 1024 });

const withSlug = (markdown: string, slug: string) => markdown.replace(/^slug: .*$/m, `slug: ${slug}`);
const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

async function mintAdapter(markdown: string) {
  return (await server.query(MintAdapterDocument, { input: { markdown } })).mint.protocol;
}

describe('minting KAIROS 4 adapters over GraphQL', () => {
  it('stores layers with their contracts, and the adapter fields', async () => {
    const protocol = await mintAdapter(withSlug(everyContractType, 'release-train-a'));
    expect(protocol.format).toBe('KAIROS_V4');
    expect(protocol.slug).toBe('release-train-a');
    expect(protocol.protocolVersion).toBe('2.1.0');
    expect(protocol.adapterUri).toBe('kairos://adapter/release-train-a');
    expect(protocol.activationPatterns).toEqual([
      '"ship the release train"',
      'user asks to promote a tagged build',
      'must never skip the smoke test',
    ]);
    expect(protocol.rewardSignal).toBe('Success: the build is live in every region and the ticket is closed.');
    expect(protocol.frontmatter).toMatchObject({ owner: 'platform-team', labels: ['release', 'ops'] });
    expect(protocol.triggers).toContain('ship the release train');
    expect(protocol.steps.map((step) => [step.label, step.challenge?.type])).toEqual([
      ['Build the artefact', 'SHELL'],
      ['Open the change ticket', 'MCP'],
      ['Ask the owner', 'USER_INPUT'],
      ['Reflect', 'COMMENT'],
      ['Score the rollout', 'TENSOR'],
    ]);
    expect(protocol.steps[1]!.challenge?.mcp).toEqual({ toolName: 'create_ticket', arguments: { queue: 'CHG', labels: ['release'] } });
    expect(protocol.steps[4]!.challenge?.tensor).toEqual({ name: 'error_rates', shape: [3] });
    expect(protocol.steps[0]!.layerUri).toBe(protocol.steps[0]!.uri.replace('kairos://mem/', 'kairos://layer/'));
    // The dump is flat v4 markdown that mints back to the same layers.
    expect(protocol.markdown).toContain('## Activation Patterns');
    expect(protocol.markdown).toContain('## Reward Signal');
    const again = await mintAdapter(withSlug(protocol.markdown, 'release-train-b').replace('# Release Train', '# Release Train B'));
    expect(again.steps.map((step) => [step.label, step.text, step.challenge])).toEqual(
      protocol.steps.map((step) => [step.label, step.text, step.challenge]),
    );
    expect(again.activationPatterns).toEqual(protocol.activationPatterns);
    expect(again.rewardSignal).toEqual(protocol.rewardSignal);
  });

  it('cuts a refine-search-shaped adapter into 2 layers: comment, then mcp', async () => {
    const protocol = await mintAdapter(
      withSlug(refineShape, `sharpen-${slugOf(uniqueTitle('q'))}`).replace('# Sharpen a vague query', `# ${uniqueTitle('Sharpen')}`),
    );
    expect(protocol.steps.map((step) => step.challenge?.type)).toEqual(['COMMENT', 'MCP']);
  });

  it.each([
    ['an unknown contract type', doc('# T', '', contract({ type: 'bash' })), 'CONTRACT_TYPE_UNKNOWN'],
    ['an mcp contract without tool_name', doc('# T', '', contract({ type: 'mcp', mcp: {} })), 'CONTRACT_INVALID'],
    ['frontmatter that is not YAML', doc('---', 'version: [x', '---', '# T', '', contract({ type: 'comment' })), 'FRONTMATTER_INVALID'],
    ['contract JSON in a plain fence', doc('# T', '', '```', '{"contract": {"type": "comment"}}', '```'), 'CONTRACT_FENCE_REFUSED'],
  ])('refuses %s with a code and stores nothing', async (_name, markdown, code) => {
    const title = uniqueTitle('Refused');
    const response = await server.request(MintAdapterDocument, { input: { markdown: markdown.replace('# T', `# ${title}`) } });
    expect(errorCode(response.errors)).toBe(code);
    expect(response.errors?.[0]?.extensions?.details).toMatchObject({ line: expect.any(Number) });
    const stored = await server.mongo().db(server.dbName).collection('memories').countDocuments({ 'chain.label': title });
    expect(stored).toBe(0);
  });

  it('refuses a slug taken in the space', async () => {
    await mintAdapter(withSlug(refineShape, 'taken-slug'));
    const response = await server.request(MintAdapterDocument, {
      input: { markdown: withSlug(refineShape, 'taken-slug').replace('# Sharpen a vague query', '# Another title') },
    });
    expect(errorCode(response.errors)).toBe('DUPLICATE_SLUG');
  });
});

describe('adapter and layer URIs', () => {
  it('resolves kairos://adapter/<slug> and kairos://adapter/<chainId> wherever a protocol URI is taken', async () => {
    const protocol = await mintAdapter(withSlug(everyContractType, 'uri-adapter').replace('# Release Train', '# URI Train'));
    for (const uri of [`kairos://adapter/uri-adapter`, `kairos://adapter/${protocol.chainId}`, 'KAIROS://ADAPTER/URI-ADAPTER']) {
      const { protocol: found } = await server.query(AdapterByUriDocument, { uri });
      expect(found?.chainId).toBe(protocol.chainId);
      const { begin } = await server.query(AdapterBeginDocument, { input: { uri } });
      expect(begin.currentStep?.uri).toBe(protocol.uri);
      expect(begin.challenge?.type).toBe('SHELL');
    }
    expect((await server.query(AdapterByUriDocument, { uri: 'kairos://adapter/no-such-adapter' })).protocol).toBeNull();
    expect((await server.query(AdapterByUriDocument, { uri: protocol.steps[2]!.layerUri! })).protocol?.chainId).toBe(protocol.chainId);
  });

  it('takes kairos://layer/<uuid>?execution_id=<run> for next, and refuses a layer URI of another run', async () => {
    const protocol = await mintAdapter(
      doc(
        '---',
        'slug: tensor-run',
        '---',
        '# Tensor Run',
        '',
        contract({ type: 'tensor', tensor: { name: 'scores', shape: [2] } }),
        '',
        '## Done',
        '',
        contract({ type: 'comment' }),
      ),
    );
    const { begin } = await server.query(AdapterBeginDocument, { input: { uri: 'kairos://adapter/tensor-run' } });
    const layer = `${protocol.steps[0]!.layerUri}?execution_id=${begin.runId}`;
    const solution = (value: unknown) => ({
      type: 'TENSOR' as const,
      nonce: begin.challenge!.nonce,
      proofHash: begin.challenge!.proofHash,
      tensor: { name: 'scores', value },
    });

    const wrongShape = (await server.query(AdapterStepDocument, { input: { uri: layer, solution: solution([1, 2, 3]) } })).next;
    expect(wrongShape.errorCode).toBe('INVALID_FIELD');
    expect(wrongShape.message).toContain('shape [2]');

    const other = (await server.query(AdapterBeginDocument, { input: { uri: 'kairos://adapter/tensor-run' } })).begin;
    const foreign = await server.request(AdapterStepDocument, {
      input: { uri: `${protocol.steps[0]!.layerUri}?execution_id=${begin.runId}`, runId: other.runId, solution: solution([1, 2]) },
    });
    expect(errorCode(foreign.errors)).toBe('EXECUTION_ID_MISMATCH');
    const unrelated = await mintAdapter(withSlug(refineShape, 'unrelated-layer').replace('# Sharpen a vague query', '# Unrelated'));
    const notInRun = await server.request(AdapterStepDocument, {
      input: { uri: `${unrelated.steps[0]!.layerUri}?execution_id=${begin.runId}` },
    });
    expect(errorCode(notInRun.errors)).toBe('EXECUTION_ID_MISMATCH');

    const proven = (await server.query(AdapterStepDocument, { input: { uri: layer, solution: solution([0.5, 1]) } })).next;
    expect(proven.errorCode).toBeNull();
    expect(proven.currentStep?.stepIndex).toBe(2);
  });
});
