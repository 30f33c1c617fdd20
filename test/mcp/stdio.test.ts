/** `kairos-graphql mcp`: the same tools over stdio, relayed to a running server. */
import { spawn } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, it } from 'vitest';
import { uniqueTitle } from '../api/fixtures.js';
import { useTestServer } from '../support/app.js';
import { freeLoopbackPort } from '../support/free-port.js';
import { cliBin as bin, hostEnvironment as environment, repoRoot, useStdioRelays } from './mcp-client.js';

const server = useTestServer();
const stdioClient = useStdioRelays(server);
const fence = '```';

function json(result: Awaited<ReturnType<Client['callTool']>>): Record<string, any> {
  return JSON.parse((result.content as { text: string }[])[0]!.text);
}

/** Runs the command to its end; null exit code means it had to be killed. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, 'mcp'], { cwd: repoRoot, env: environment(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stderr, stdout });
    });
  });
}

describe('kairos-graphql mcp (stdio)', () => {
  it('lists the same tools and runs them against the server', async () => {
    const client = await stdioClient();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'kairos_answer_prompt',
        'kairos_attest',
        'kairos_begin',
        'kairos_delete',
        'kairos_mint',
        'kairos_next',
        'kairos_run',
        'kairos_search',
        'kairos_update',
        'memory.fetch_context',
        'memory.propose_update',
        'memory.status',
        'activate',
        'forward',
        'reward',
        'train',
        'tune',
        'delete',
        'export',
        'spaces',
      ].sort(),
    );
    const markdown = `# ${uniqueTitle('Stdio check')}\n\n## Look\nLook around.\n\n${fence}json\n{"challenge": {"type": "comment", "comment": {"min_length": 10}}}\n${fence}\n`;
    const minted = json(await client.callTool({ name: 'kairos_mint', arguments: { markdown_doc: markdown, llm_model_id: 'test' } }));
    const begun = json(await client.callTool({ name: 'kairos_begin', arguments: { uri: minted.items[0].uri } }));
    expect(begun).toMatchObject({
      must_obey: true,
      challenge: { type: 'comment' },
      next_action: `call kairos_next with ${minted.items[0].uri} and solution matching challenge`,
    });
    const refused = await client.callTool({ name: 'kairos_delete', arguments: { uris: [] } });
    expect(refused.isError).toBe(true);
    expect(json(refused).error).toBe('BAD_USER_INPUT');
  });

  it('passes the host’s elicitation through to the server', async () => {
    const client = await stdioClient({ elicit: true });
    const markdown = `# ${uniqueTitle('Stdio approval')}\n\n## Approve\nAsk.\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Go ahead?"}}}\n${fence}\n\n## Done\nDone.\n`;
    const minted = json(await client.callTool({ name: 'kairos_mint', arguments: { markdown_doc: markdown, llm_model_id: 'test' } }));
    const begun = json(await client.callTool({ name: 'kairos_begin', arguments: { uri: minted.items[0].uri } }));
    expect(begun).toMatchObject({
      current_step: { uri: minted.items[1].uri },
      message: 'Protocol steps complete. Call kairos_attest to finalize.',
    });
    const run = json(await client.callTool({ name: 'kairos_run', arguments: { run_id: begun.run_id } }));
    expect(run.proofs[0]).toMatchObject({ source: 'human', user_input: { confirmation: 'approved at the terminal' } });
  });

  it('fails with one line on stderr and exit 1 when no server answers', async () => {
    const port = await freeLoopbackPort();
    const result = await runToExit({ KAIROS_URL: `http://127.0.0.1:${port}` });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`cannot reach a kairos-graphql server at http://127.0.0.1:${port}`);
  });
});

describe('kairos-graphql mcp (stdio) on 2026-07-28', () => {
  it('serves a host pinned to 2026-07-28: the same tools, and the person answers through input_required', async () => {
    const { Client: ModernClient } = await import('@modelcontextprotocol/client');
    const { StdioClientTransport: ModernStdio } = await import('@modelcontextprotocol/client/stdio');
    const client = new ModernClient(
      { name: 'stdio-modern-test', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', (request) => {
      asked.push((request.params as { message: string }).message);
      return { action: 'accept', content: { confirmation: 'approved at the modern terminal' } };
    });
    await client.connect(
      new ModernStdio({
        command: process.execPath,
        args: [bin, 'mcp'],
        cwd: repoRoot,
        env: environment({ KAIROS_URL: server.running.baseUrl }),
        stderr: 'pipe',
      }),
    );
    try {
      expect((await client.listTools()).tools).toHaveLength(20);
      const markdown = `# ${uniqueTitle('Stdio modern approval')}\n\n## Approve\nAsk.\n\n${fence}json\n{"challenge": {"type": "user_input", "user_input": {"prompt": "Go ahead, modern?"}}}\n${fence}\n\n## Done\nDone.\n`;
      const minted = json(
        (await client.callTool({ name: 'kairos_mint', arguments: { markdown_doc: markdown, llm_model_id: 'test' } })) as never,
      );
      const begun = json((await client.callTool({ name: 'kairos_begin', arguments: { uri: minted.items[0].uri } })) as never);
      expect(asked).toEqual([expect.stringContaining('Go ahead, modern?')]);
      expect(begun).toMatchObject({ current_step: { uri: minted.items[1].uri } });
      const run = json((await client.callTool({ name: 'kairos_run', arguments: { run_id: begun.run_id } })) as never);
      expect(run.proofs[0]).toMatchObject({ source: 'human', user_input: { confirmation: 'approved at the modern terminal' } });
    } finally {
      await client.close();
    }
  });
});
