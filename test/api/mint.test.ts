import { describe, expect, it } from 'vitest';
import { errorCode, useTestServer } from '../support/app.js';
import { MemoryDocument, MintDocument, ProtocolDocument } from './documents.js';
import { deployProtocol, noChallengeProtocol, proofOfWorkProtocol, slugProtocol, uniqueTitle } from './fixtures.js';

const server = useTestServer({ maxMarkdownBytes: 1024 * 1024 });

describe('mint', () => {
  it('cuts a KAIROS v3 document into challenged steps, keeping triggers as metadata', async () => {
    const title = uniqueTitle('Deploy Service');
    const { mint } = await server.query(MintDocument, { input: { markdown: deployProtocol(title) } });
    const { protocol } = mint;

    expect(protocol.label).toBe(title);
    expect(protocol.protocolVersion).toBe('1.2.0');
    expect(protocol.space).toBe('user:local');
    expect(protocol.stepCount).toBe(4);
    expect(protocol.uri).toBe(protocol.stepUris[0]);
    expect(protocol.triggers).toBe('Run when the user says "deploy", "ship it" or "release".');
    expect(protocol.steps.map((step) => step.label)).toEqual(['Build', 'Test', 'Approve', 'Completion Rule']);
    expect(protocol.steps.map((step) => step.chain?.stepIndex)).toEqual([1, 2, 3, 4]);
    expect(protocol.steps.every((step) => step.chain?.stepCount === 4 && step.chain.chainId === protocol.chainId)).toBe(true);

    const [build, test, approve, completion] = protocol.steps;
    expect(build!.text).toContain('Ship the service safely.');
    expect(build!.text).toContain('## Build');
    expect(build!.text).not.toContain('Natural Language Triggers');
    expect(build!.text).not.toContain('"challenge"');
    expect(build!.challenge).toEqual({
      type: 'SHELL',
      required: true,
      shell: { cmd: 'npm run build', timeoutSeconds: 120 },
      mcp: null,
      userInput: null,
      comment: null,
    });
    // A json block without a challenge is an example in prose: it stays in the text.
    expect(test!.text).toContain('{"retries": 2}');
    expect(test!.challenge?.type).toBe('MCP');
    expect(test!.challenge?.mcp?.toolName).toBe('run_tests');
    expect(approve!.challenge?.userInput?.prompt).toBe('Approve deployment to production?');
    expect(completion!.challenge).toBeNull();
    expect(completion!.text).toContain('Only attest success');

    for (const uri of protocol.stepUris) expect(uri).toMatch(/^kairos:\/\/mem\/[0-9a-f-]{36}$/);
  });

  it('makes one step per H2 when the document has no challenge at all', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } });
    expect(mint.protocol.steps.map((step) => step.label)).toEqual(['Read the README', 'Set up the tools', 'Say hello']);
    expect(mint.protocol.steps.every((step) => step.challenge === null)).toBe(true);
  });

  it('reads legacy PROOF OF WORK lines as shell challenges that end their step', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: proofOfWorkProtocol() } });
    const steps = mint.protocol.steps;
    expect(steps.map((step) => step.label)).toEqual(['Lint', 'Unit tests', 'Wrap up']);
    expect(steps[0]!.challenge?.shell).toEqual({ cmd: 'npm run lint', timeoutSeconds: 10 });
    expect(steps[1]!.challenge?.shell).toEqual({ cmd: 'npm test', timeoutSeconds: 120 });
    expect(steps[0]!.text).not.toContain('PROOF OF WORK');
    expect(steps[2]!.challenge).toBeNull();
  });

  it('generates a slug from the title and suffixes it when taken', async () => {
    const first = await server.query(MintDocument, { input: { markdown: noChallengeProtocol('Release Train') } });
    expect(first.mint.protocol.slug).toBe('release-train');
    // Same slug, different title: the automatic slug moves on to -2.
    const second = await server.query(MintDocument, { input: { markdown: noChallengeProtocol('Release  Train!') } });
    expect(second.mint.protocol.slug).toBe('release-train-2');
  });

  it('finds a protocol by slug (key) or by any step URI', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: slugProtocol('find-me-by-key') } });
    const byKey = await server.query(ProtocolDocument, { key: 'find-me-by-key' });
    expect(byKey.protocol?.uri).toBe(mint.protocol.uri);
    const byUri = await server.query(ProtocolDocument, { uri: mint.protocol.stepUris[0]! });
    expect(byUri.protocol?.slug).toBe('find-me-by-key');
    const none = await server.query(ProtocolDocument, { key: 'no-such-protocol' });
    expect(none.protocol).toBeNull();
    const both = await server.request(ProtocolDocument, { uri: mint.protocol.uri, key: 'find-me-by-key' });
    expect(errorCode(both.errors)).toBe('BAD_USER_INPUT');
  });

  it('refuses a duplicate title, and replaces the whole chain with force in one step', async () => {
    const title = uniqueTitle('Duplicate Me');
    const original = await server.query(MintDocument, { input: { markdown: deployProtocol(title) } });

    const duplicate = await server.request(MintDocument, { input: { markdown: noChallengeProtocol(title) } });
    expect(errorCode(duplicate.errors)).toBe('DUPLICATE_CHAIN');
    expect(duplicate.data).toBeNull();

    const forced = await server.query(MintDocument, { input: { markdown: noChallengeProtocol(title), force: true } });
    expect(forced.mint.protocol.stepCount).toBe(3);
    expect(forced.mint.protocol.chainId).not.toBe(original.mint.protocol.chainId);
    for (const uri of original.mint.protocol.stepUris) {
      const { memory } = await server.query(MemoryDocument, { uri });
      expect(memory).toBeNull();
    }
    const stored = await server.mongo().db(server.dbName).collection('memories').countDocuments({ 'chain.label': title });
    expect(stored).toBe(3);
  });

  it('refuses an author slug already used by another protocol', async () => {
    await server.query(MintDocument, { input: { markdown: slugProtocol('taken-slug') } });
    const result = await server.request(MintDocument, { input: { markdown: slugProtocol('taken-slug') } });
    expect(errorCode(result.errors)).toBe('DUPLICATE_SLUG');
    expect(result.errors?.[0]?.message).toBe('Slug "taken-slug" is already used by another protocol in this space.');
  });

  it('refuses an invalid author slug', async () => {
    const result = await server.request(MintDocument, { input: { markdown: slugProtocol('Not A Slug!') } });
    expect(errorCode(result.errors)).toBe('INVALID_SLUG');
  });

  it('names the line and the reason of a structure error, and writes nothing', async () => {
    const title = uniqueTitle('Broken');
    const markdown = `# ${title}\n\n## Step\n\n\`\`\`json\n{"challenge": {"type": "bash", "shell": {"cmd": "ls"}}}\n\`\`\`\n`;
    const result = await server.request(MintDocument, { input: { markdown } });
    expect(result.status).toBe(200);
    expect(errorCode(result.errors)).toBe('PROTOCOL_STRUCTURE_INVALID');
    expect(result.errors?.[0]?.message).toMatch(/line 5/);
    expect(result.errors?.[0]?.message).toMatch(/bash/);
    const stored = await server.mongo().db(server.dbName).collection('memories').countDocuments({ 'chain.label': title });
    expect(stored).toBe(0);

    const empty = await server.request(MintDocument, { input: { markdown: 'just prose, no headings' } });
    expect(errorCode(empty.errors)).toBe('PROTOCOL_STRUCTURE_INVALID');

    const unparseable = await server.request(MintDocument, {
      input: { markdown: `# ${uniqueTitle('Bad JSON')}\n\n## S\n\n\`\`\`json\n{"challenge": {"type": "shell",}\n\`\`\`\n` },
    });
    expect(errorCode(unparseable.errors)).toBe('PROTOCOL_STRUCTURE_INVALID');
    expect(unparseable.errors?.[0]?.message).toMatch(/line 5/);
  });

  it('refuses a document over 1 MB with PAYLOAD_TOO_LARGE', async () => {
    const markdown = `# ${uniqueTitle('Huge')}\n\n## Step\n\n${'x'.repeat(1024 * 1024)}\n`;
    const result = await server.request(MintDocument, { input: { markdown } });
    expect(errorCode(result.errors)).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses writes to the read-only app space and to unknown spaces', async () => {
    const app = await server.request(MintDocument, { input: { markdown: noChallengeProtocol(), space: 'app' } });
    expect(errorCode(app.errors)).toBe('SPACE_READ_ONLY');
    const unknown = await server.request(MintDocument, { input: { markdown: noChallengeProtocol(), space: 'group:nobody' } });
    expect(errorCode(unknown.errors)).toBe('SPACE_NOT_FOUND');
  });

  it('renders a protocol back to markdown that mints into the same steps', async () => {
    const title = uniqueTitle('Round Trip');
    const { mint } = await server.query(MintDocument, { input: { markdown: deployProtocol(title) } });
    const rendered = mint.protocol.markdown;
    const again = await server.query(MintDocument, { input: { markdown: rendered, force: true } });
    const shape = (protocol: typeof mint.protocol) => ({
      label: protocol.label,
      slug: protocol.slug,
      version: protocol.protocolVersion,
      triggers: protocol.triggers,
      steps: protocol.steps.map((step) => ({ label: step.label, text: step.text, challenge: step.challenge })),
    });
    expect(shape(again.mint.protocol)).toEqual(shape(mint.protocol));
  });

  it('renders a protocol without challenges to a v3 dump (format: kairos-v3) that mints into the same steps', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: noChallengeProtocol() } });
    const rendered = mint.protocol.markdown;
    expect(rendered).toMatch(/^---\nslug: [a-z0-9-]+\nformat: kairos-v3\n---\n/);
    const again = await server.query(MintDocument, { input: { markdown: rendered, force: true } });
    const shape = (protocol: typeof mint.protocol) => ({
      label: protocol.label,
      slug: protocol.slug,
      steps: protocol.steps.map((step) => ({ label: step.label, text: step.text, challenge: step.challenge })),
    });
    expect(shape(again.mint.protocol)).toEqual(shape(mint.protocol));
    expect(again.mint.protocol.steps.map((step) => step.label)).toEqual(['Read the README', 'Set up the tools', 'Say hello']);
  });

  it('mints a flat list of 5,000 items (time printed)', async () => {
    const items = Array.from({ length: 5_000 }, (_, i) => `- check ${i}`);
    const started = performance.now();
    const { mint } = await server.query(MintDocument, {
      input: { markdown: `# ${uniqueTitle('Long Checklist')}\n\n${items.join('\n')}\n` },
    });
    console.log(`[mint] a flat list of 5,000 items minted in ${(performance.now() - started).toFixed(0)} ms`);
    expect(mint.protocol.steps).toHaveLength(1);
    expect(mint.protocol.steps[0]!.text).toBe(items.join('\n'));
  }, 60_000);
});
