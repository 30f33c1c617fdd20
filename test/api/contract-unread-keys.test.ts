/**
 * Contract keys the server does not read (a typo such as `user_input.requred_human`, or
 * `shell.timout`) are kept as KAIROS 4 keeps any key, rendered back with the contract, and
 * named on the answer of every door that writes a contract, each in its own words: GraphQL
 * `mint` and `updateMemories`, MCP `kairos_mint` / `kairos_update`, KAIROS 4 `train` / `tune`.
 * Before, they were dropped without a word.
 */
import { describe, expect, it } from 'vitest';
import { uniqueTitle } from './fixtures.js';
import { useMcpClients } from '../mcp/mcp-client.js';
import { useTestServer } from '../support/app.js';

const server = useTestServer({ rateLimitPerMinute: 0 });
const connect = useMcpClients(server);
const fence = '```';
const PASS = { verdict_file: '/tmp/verdict.txt', exit_code: 0, stdout: 'PASS' };

const NOTICES = 'notices { code uri message keys { path readThere } }';
const MINT = `mutation($m: String!) { mint(input: { markdown: $m }) { protocol { uri stepUris markdown } ${NOTICES} } }`;
const UPDATE = `mutation($input: UpdateMemoriesInput!) { updateMemories(input: $input) { totalUpdated ${NOTICES} } }`;
const MARKDOWN = 'query($uri: String!) { protocol(uri: $uri) { markdown } }';

async function gql(query: string, variables: Record<string, unknown>): Promise<any> {
  const response = await fetch(server.running.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/** A v3 protocol of two steps: a shell one and a user_input one with the challenges given. */
function v3Protocol(title: string, shell: string, userInput: string): string {
  return (
    `# ${title}\n\n## Natural Language Triggers\n\nunread key checks\n\n` +
    `## Build\n\nBuild it.\n\n${fence}json\n{"challenge": ${shell}}\n${fence}\n\n` +
    `## Ask\n\nAsk the user.\n\n${fence}json\n{"challenge": ${userInput}}\n${fence}\n\n## Completion Rule\n\nDone.\n`
  );
}

/** A KAIROS 4 adapter with one layer whose contract is `contract`. */
function adapter(title: string, contract: string): string {
  return `# ${title}\n\n## Activation Patterns\n\n- unread key checks\n\n## Check\n\nRun the check.\n\n${fence}json\n{"contract": ${contract}}\n${fence}\n`;
}

const CLEAN_SHELL = '{"type": "shell", "shell": {"cmd": "npm test", "timeout_seconds": 60}}';
const TYPO_USER_INPUT = '{"type": "user_input", "user_input": {"prompt": "Ship it?", "requred_human": true}, "owner": "ops"}';

describe('GraphQL', () => {
  it('mint keeps the keys it does not read, names them on the answer and renders them back', async () => {
    const { mint } = await gql(MINT, { m: v3Protocol(uniqueTitle('Unread mint'), CLEAN_SHELL, TYPO_USER_INPUT) });
    expect(mint.notices).toEqual([
      {
        code: 'CONTRACT_KEYS_NOT_READ',
        uri: mint.protocol.stepUris[1],
        keys: [
          { path: 'user_input.requred_human', readThere: ['prompt', 'require_human'] },
          { path: 'owner', readThere: ['type', 'required', 'user_input'] },
        ],
        message: expect.stringContaining('"user_input.requred_human"'),
      },
    ]);
    expect(mint.notices[0].message).toMatch(/^Step kairos:\/\/mem\/\S+: its challenge has keys this server does not read, kept as written/);
    expect(mint.notices[0].message).toContain('fix it with updateMemories');
    // Kept: the rendered protocol carries them where they were written, and reads back the same.
    expect(mint.protocol.markdown).toContain('"requred_human": true');
    expect(mint.protocol.markdown).toContain('"owner": "ops"');
    const rendered = (mint.protocol.markdown as string).replace(/^slug: .*\n/m, '').replace(/^# .*$/m, `# ${uniqueTitle('Unread again')}`);
    const again = await gql(MINT, { m: rendered });
    expect(again.mint.notices.map((notice: any) => notice.keys.map((key: any) => key.path))).toEqual([
      ['user_input.requred_human', 'owner'],
    ]);
  });

  it('a clean document answers no notices', async () => {
    const { mint } = await gql(MINT, {
      m: v3Protocol(uniqueTitle('Clean mint'), CLEAN_SHELL, '{"type": "user_input", "user_input": {"prompt": "Ship it?"}}'),
    });
    expect(mint.notices).toEqual([]);
  });

  it('updateMemories names them, by markdownDoc and by updates.challenge; the flat shell form reads its fields at the top', async () => {
    const { mint } = await gql(MINT, {
      m: v3Protocol(uniqueTitle('Unread update'), CLEAN_SHELL, '{"type": "user_input", "user_input": {"prompt": "Ship it?"}}'),
    });
    const [build, ask] = mint.protocol.stepUris;
    const byDoc = await gql(UPDATE, {
      input: {
        uris: [build],
        markdownDoc: [`Build it.\n\n${fence}json\n{"challenge": {"type": "shell", "shell": {"cmd": "npm test", "timout": 5}}}\n${fence}\n`],
      },
    });
    expect(byDoc.updateMemories.totalUpdated).toBe(1);
    expect(byDoc.updateMemories.notices).toMatchObject([{ code: 'CONTRACT_KEYS_NOT_READ', uri: build, keys: [{ path: 'shell.timout' }] }]);

    const byUpdates = await gql(UPDATE, {
      input: { uris: [ask], updates: { challenge: { type: 'user_input', user_input: { prompt: 'Ship?' }, timeout_seconds: 9 } } },
    });
    expect(byUpdates.updateMemories.notices).toMatchObject([{ uri: ask, keys: [{ path: 'timeout_seconds' }] }]);

    // A flat shell contract reads cmd and timeout_seconds on the contract itself: nothing to name.
    const flat = await gql(UPDATE, {
      input: { uris: [build], updates: { challenge: { type: 'shell', cmd: 'true', timeout_seconds: 5 } } },
    });
    expect(flat.updateMemories.notices).toEqual([]);
    // A text-only update writes no contract: nothing to name.
    const textOnly = await gql(UPDATE, { input: { uris: [ask], updates: { text: 'Ask the user again.' } } });
    expect(textOnly.updateMemories.notices).toEqual([]);
    expect((await gql(MARKDOWN, { uri: build })).protocol.markdown).not.toContain('timout');
  });
});

describe('MCP', () => {
  it('kairos_mint and kairos_update name them in KAIROS 3 words', async () => {
    const client = await connect();
    const minted = await client.call('kairos_mint', {
      markdown_doc: v3Protocol(uniqueTitle('Unread v3'), '{"type": "shell", "shell": {"cmd": "true", "timout": 5}}', TYPO_USER_INPUT),
      llm_model_id: 'test',
    });
    expect(minted.isError).toBe(false);
    const [build, ask] = minted.json.items.map((item: any) => item.uri);
    expect(minted.json.notices).toEqual([
      { code: 'CONTRACT_KEYS_NOT_READ', uri: build, keys: ['shell.timout'], message: expect.stringContaining('fix it with kairos_update') },
      { code: 'CONTRACT_KEYS_NOT_READ', uri: ask, keys: ['user_input.requred_human', 'owner'], message: expect.any(String) },
    ]);
    const updated = await client.call('kairos_update', {
      uris: [ask],
      updates: { challenge: { type: 'comment', comment: { min_length: 5, max_length: 50 } } },
    });
    expect(updated.json).toMatchObject({ total_updated: 1, notices: [{ uri: ask, keys: ['comment.max_length'] }] });
    // Without anything to name, the answer is KAIROS 3's as it was.
    const clean = await client.call('kairos_update', {
      uris: [ask],
      updates: { challenge: { type: 'comment', comment: { min_length: 5 } } },
    });
    expect(clean.json).not.toHaveProperty('notices');
  });

  it('train and tune name them in KAIROS 4 words, by layer URI; export renders them back', async () => {
    const client = await connect();
    const title = uniqueTitle('Unread v4');
    const trained = await client.call('train', {
      content: adapter(title, '{"type": "shell", "shell": {"cmd": "true", "timout": 5}}'),
      llm_model_id: 'test',
      review_evidence: PASS,
    });
    expect(trained.isError, JSON.stringify(trained.json)).toBe(false);
    const layer = trained.json.items[0].uri as string;
    expect(layer).toMatch(/^kairos:\/\/layer\//);
    expect(trained.json.notices).toEqual([
      {
        code: 'CONTRACT_KEYS_NOT_READ',
        uri: layer,
        keys: ['shell.timout'],
        message: expect.stringMatching(/^Layer kairos:\/\/layer\/\S+: its contract has a key this server does not read.*fix it with tune/),
      },
    ]);
    const exported = await client.call('export', { uri: trained.json.items[0].adapter_uri, format: 'markdown' });
    expect(JSON.stringify(exported.json)).toContain('timout');

    const tuned = await client.call('tune', {
      uris: [layer],
      content: [
        `Run the check.\n\n${fence}json\n{"contract": {"type": "comment", "comment": {"min_length": 5}, "shell": {"cmd": "true"}}}\n${fence}\n`,
      ],
      review_evidence: PASS,
    });
    expect(tuned.json).toMatchObject({ total_updated: 1, notices: [{ uri: layer, keys: ['shell'] }] });
  });
});
