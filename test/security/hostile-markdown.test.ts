/**
 * A corpus of hostile inputs through every door that parses markdown (GraphQL
 * mint, updateMemories, proposeUpdate). Each answers, success or a clear refusal (a code, never
 * a masked error); the time each took and the longest event-loop stall are printed, not
 * asserted (the test's own timeout is only a hang guard). The word-joiner runs (`_a`, `a_`, …)
 * were slow in the engine's text index, not in our code: docs/security.md "The text index".
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { deployProtocol, uniqueTitle } from '../api/fixtures.js';
import { OFF_THREAD_MIN_CHARS } from '../../src/protocol/markdown-off-thread.js';

const server = useTestServer();

/** About 50 KB each (the word: 200 KB). */
const SIZE = 25_000;
const CORPUS: Record<string, string> = {
  'emphasis run': '*a'.repeat(SIZE),
  'underscore run': '_a'.repeat(SIZE),
  // The engine's text parser was quadratic on letters joined by underscores; its neighbours too.
  'trailing underscore run': 'a_'.repeat(SIZE),
  'hyphen run': '-a'.repeat(SIZE),
  'apostrophe run': "a'".repeat(SIZE),
  'mixed word joiners': 'a_b-c.d/e@f'.repeat(SIZE / 5),
  'nested brackets': `${'['.repeat(SIZE / 2)}a${']'.repeat(SIZE / 2)}`,
  'link openers': '[a]('.repeat(SIZE / 4),
  'deep list': `${'- '.repeat(SIZE / 2)}a`,
  'deep block quote': `${'> '.repeat(SIZE / 2)}a`,
  'long backtick runs': Array.from({ length: 600 }, (_, index) => '`'.repeat(index)).join('a'),
  'one 200 KB word': 'a'.repeat(200_000),
  'many headings': '### h\n'.repeat(SIZE / 3),
  'trailing spaces in a heading': `### a${' '.repeat(2 * SIZE)}b`,
  'a.b email-like run': 'a.'.repeat(SIZE),
  'lone surrogates': 'a\ud800b\udc00c'.repeat(1_000),
  NUL: 'a\u0000b'.repeat(SIZE / 3),
};

const MINT = 'mutation($input: MintInput!) { mint(input: $input) { protocol { uri } } }';
const UPDATE = 'mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { totalUpdated results { status message } } }';
const PROPOSE = 'mutation($input: ProposeUpdateInput!) { proposeUpdate(input: $input) { status reason } }';

interface Outcome {
  ms: number;
  answer: string;
}

async function timed(query: string, variables: Record<string, unknown>, pick: (data: any) => string, label = ''): Promise<Outcome> {
  const started = performance.now();
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: { extensions?: { code?: string } }[] };
  const ms = performance.now() - started;
  const code = body.errors?.[0]?.extensions?.code;
  // Success, or a refusal with a code of its own: never a masked fault.
  expect(code ?? 'ok', label).not.toBe('INTERNAL_SERVER_ERROR');
  if (body.errors) expect(code).toBeTruthy();
  return { ms, answer: code ?? pick(body.data) };
}

describe('hostile markdown', () => {
  it('every door answers every input of the corpus, success or a clear refusal', async () => {
    const stepUri = (await timed(MINT, { input: { markdown: deployProtocol() } }, (data) => data.mint.protocol.uri)).answer;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const rows: string[] = [];
    for (const [name, payload] of Object.entries(CORPUS)) {
      loop.reset();
      loop.enable();
      const mint = await timed(
        MINT,
        { input: { markdown: `# ${uniqueTitle('Hostile')}\n\n## Step\n\n${payload}\n` } },
        () => 'minted',
        `mint: ${name}`,
      );
      const update = await timed(
        UPDATE,
        { input: { uris: [stepUri], markdownDoc: [payload] } },
        (data) => data.updateMemories.results[0].status,
        `update: ${name}`,
      );
      const proposal = await timed(
        PROPOSE,
        {
          input: {
            intent: 'SESSION_LOG',
            operations: [{ kind: 'CREATE_FILE', file: '_', content: `## ${name}\n\n${payload}\n`, ifExists: 'REPLACE' }],
          },
        },
        (data) => data.proposeUpdate.status + (data.proposeUpdate.reason ? ` ${data.proposeUpdate.reason}` : ''),
        `proposal: ${name}`,
      );
      loop.disable();
      const stallMs = loop.max / 1e6;
      rows.push(
        `${name.padEnd(30)} mint ${mint.ms.toFixed(0).padStart(6)} ms ${mint.answer.padEnd(26)} update ${update.ms.toFixed(0).padStart(6)} ms ${update.answer.padEnd(22)} proposal ${proposal.ms.toFixed(0).padStart(6)} ms ${proposal.answer.padEnd(20)} longest loop stall ${stallMs.toFixed(0)} ms`,
      );
    }
    console.log(`[hostile markdown]\n${rows.join('\n')}`);
    // The server still answers.
    expect((await fetch(`${server.running.baseUrl}/healthz`)).status).toBe(200);
  }, 900_000);

  it('a protocol near the 1 MB limit is read off the event loop: minted whole, its refusals keep their codes', async () => {
    const body = 'lorem ipsum dolor sit amet '.repeat(Math.floor((110 * 1024) / 27));
    const title = uniqueTitle('Near the limit');
    const markdown = `# ${title}\n\n${Array.from({ length: 8 }, (_, index) => `## Step ${index + 1}\n\n${body}\n`).join('\n')}`;
    expect(markdown.length).toBeGreaterThan(OFF_THREAD_MIN_CHARS * 10);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const minted = await post(
      `mutation($input: MintInput!) { mint(input: $input) { protocol { uri label stepUris steps { label text } } } }`,
      { input: { markdown } },
    );
    loop.disable();
    expect(minted.errors).toBeUndefined();
    const protocol = minted.data.mint.protocol;
    expect(protocol.label).toBe(title);
    expect(protocol.steps.map((step: { label: string }) => step.label)).toEqual(
      Array.from({ length: 8 }, (_, index) => `Step ${index + 1}`),
    );
    expect(protocol.steps[7].text).toContain(body.trim());
    // Refusals the parser throws come back from the worker as the same codes.
    const noHeading = await post(MINT, { input: { markdown: body } });
    expect(noHeading.errors?.[0]?.extensions?.code).toBe('PROTOCOL_STRUCTURE_INVALID');
    const deepList = await post(MINT, {
      input: { markdown: `# ${uniqueTitle('Deep')}\n\n## Step\n\n${'- '.repeat(OFF_THREAD_MIN_CHARS)}a\n` },
    });
    expect(deepList.errors?.[0]?.extensions?.code).toBe('PROTOCOL_STRUCTURE_INVALID');
    // updateMemories' markdownDoc is read there too, one entry at a time.
    const [stepUri, secondUri] = minted.data.mint.protocol.stepUris;
    const challenge = '```json\n{"challenge": {"type": "comment", "comment": {"min_length": 1}}}\n```\n';
    const updated = await post(UPDATE, {
      input: { uris: [stepUri, secondUri], markdownDoc: [`${body}\n\n${challenge}`, `${body}\n\n${challenge}\n${challenge}`] },
    });
    expect(updated.data.updateMemories.results.map((result: { status: string }) => result.status)).toEqual(['UPDATED', 'ERROR']);
    expect(updated.data.updateMemories.results[1].message).toMatch(/a second challenge/);
    const read = await post('query($uri: String!) { memory(uri: $uri) { text } }', { uri: stepUri });
    expect(read.data.memory.text.trim()).toBe(body.trim());
    console.log(
      `[hostile markdown] mint of ${(markdown.length / 1024).toFixed(0)} KB in 8 steps: longest loop stall ${(loop.max / 1e6).toFixed(0)} ms`,
    );
  }, 120_000);
});

async function post(
  query: string,
  variables: Record<string, unknown>,
): Promise<{ data?: any; errors?: { extensions?: { code?: string } }[] }> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: { extensions?: { code?: string } }[] };
}
