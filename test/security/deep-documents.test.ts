/**
 * No request without an answer: a document whose contract JSON or frontmatter nests deeper than
 * a stored document may is refused with CONTRACT_INVALID / FRONTMATTER_INVALID, whether it is
 * read in place (under 8 KB) or in the worker thread (8 KB and more, where a 2,000-level answer
 * once failed to cross back and left the request unanswered), on GraphQL and on MCP, with no
 * internal text. Before, the large one never answered and the small one answered
 * INTERNAL_SERVER_ERROR with a BSON depth error.
 */
import { describe, expect, it } from 'vitest';
import { OFF_THREAD_MIN_CHARS } from '../../src/protocol/markdown-off-thread.js';
import { MAX_DOCUMENT_JSON_DEPTH } from '../../src/limits.js';
import { uniqueTitle } from '../api/fixtures.js';
import { useMcpClients } from '../mcp/mcp-client.js';
import { useTestServer } from '../support/app.js';

const server = useTestServer({ rateLimitPerMinute: 0 });
const connect = useMcpClients(server);
const fence = '```';

/** An adapter whose one contract's `mcp.arguments` nests `levels` arrays, padded with prose to at least `minChars`. */
function deepContract(levels: number, minChars = 0): string {
  const nested = `${'['.repeat(levels)}1${']'.repeat(levels)}`;
  const contract = `${fence}json\n{"contract": {"type": "mcp", "mcp": {"tool_name": "lookup", "arguments": ${nested}}}}\n${fence}`;
  const document = `# ${uniqueTitle('Deep contract')}\n\n## Natural Language Triggers\nLook it up.\n\n## Look up\nCall the tool.\n\n${contract}\n`;
  const padding = Math.max(0, minChars - document.length);
  return padding > 0 ? `${document}\n## Notes\n\n${'Plain words to make the document long. '.repeat(Math.ceil(padding / 39))}\n` : document;
}

/** An adapter whose frontmatter nests `levels` flow sequences. */
function deepFrontmatter(levels: number): string {
  return `---\nslug: deep-front\ntags: ${'['.repeat(levels)}a${']'.repeat(levels)}\n---\n# ${uniqueTitle('Deep frontmatter')}\n\n## Natural Language Triggers\nLook.\n\n## Look\nLook.\n\n${fence}json\n{"contract": {"type": "comment"}}\n${fence}\n`;
}

const MINT = 'mutation($m: String!) { mint(input: { markdown: $m }) { protocol { uri } } }';

/** Answers within `ms` or says it did not: a request that never settles must fail the test, not hang it. */
function within<T>(promise: Promise<T>, ms = 30_000): Promise<T | 'no answer'> {
  return Promise.race([promise, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms))]);
}

async function mint(markdown: string): Promise<any> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: MINT, variables: { m: markdown } }),
  });
  return response.json();
}

function expectRefused(answer: any, code: string): void {
  expect(answer).not.toBe('no answer');
  expect(answer.errors?.[0]?.extensions?.code).toBe(code);
  expect(JSON.stringify(answer)).not.toMatch(/BSON|call stack|stack size|at .*\.ts:\d+/i);
}

describe('contract JSON nested deeper than a stored document may be', () => {
  it('a document of 8 KB and more with a 2,000-level contract: CONTRACT_INVALID over GraphQL, and the next request is answered too', async () => {
    const document = deepContract(2_000, OFF_THREAD_MIN_CHARS + 100);
    expect(document.length).toBeGreaterThanOrEqual(OFF_THREAD_MIN_CHARS);
    const answer = await within(mint(document));
    expectRefused(answer, 'CONTRACT_INVALID');
    expect(answer !== 'no answer' && answer.errors[0].message).toContain(`deeper than ${MAX_DOCUMENT_JSON_DEPTH} levels`);
    // The worker is still there for the next large document.
    const fine = await within(mint(deepContract(3, OFF_THREAD_MIN_CHARS + 100)));
    expect(fine !== 'no answer' && fine.data?.mint.protocol.uri).toMatch(/^kairos:\/\//);
  });

  it('the same over MCP: train and kairos_mint answer CONTRACT_INVALID', async () => {
    const client = await connect();
    const document = deepContract(2_000, OFF_THREAD_MIN_CHARS + 100);
    const trained = await within(
      client.call('train', {
        content: document,
        llm_model_id: 'test',
        review_evidence: { verdict_file: '/tmp/v', exit_code: 0, stdout: 'PASS' },
      }),
    );
    expect(trained).not.toBe('no answer');
    expect(trained !== 'no answer' && trained.isError).toBe(true);
    expect(JSON.stringify(trained)).toContain('CONTRACT_INVALID');
    const minted = await within(client.call('kairos_mint', { markdown_doc: document, llm_model_id: 'test' }));
    expect(minted !== 'no answer' && minted.isError).toBe(true);
    expect(JSON.stringify(minted)).toContain('CONTRACT_INVALID');
    expect(JSON.stringify([trained, minted])).not.toMatch(/BSON|call stack/i);
  });

  it('a 1,000-level contract under 8 KB: CONTRACT_INVALID, not INTERNAL_SERVER_ERROR', async () => {
    const document = deepContract(1_000);
    expect(document.length).toBeLessThan(OFF_THREAD_MIN_CHARS);
    expectRefused(await within(mint(document)), 'CONTRACT_INVALID');
  });

  it(`a contract nested ${MAX_DOCUMENT_JSON_DEPTH - 5} levels is stored as written`, async () => {
    const answer = await mint(deepContract(MAX_DOCUMENT_JSON_DEPTH - 5));
    expect(answer.errors).toBeUndefined();
  });
});

describe('frontmatter nested too deeply', () => {
  it('answers FRONTMATTER_INVALID without the stack overflow text, small or large', async () => {
    expectRefused(await within(mint(deepFrontmatter(5_000))), 'FRONTMATTER_INVALID');
    expectRefused(await within(mint(deepFrontmatter(MAX_DOCUMENT_JSON_DEPTH + 5))), 'FRONTMATTER_INVALID');
  });
});
