/**
 * Exports that cannot hold the server: a SKILL_ZIP too large to send inline is judged from stored
 * sizes (no chain read, nothing built), `skill_tree` is priced before it is built, the download
 * streams skill by skill; the capability link (no Authorization header) is bound to its export,
 * its principal and the token that made it, and is logged without its signature; a malformed
 * link answers 404 with a code; a token pasted as an adapter reference reaches no answer or log.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';
import { postAs } from '../support/graphql-http.js';
import { CreatePrincipalDocument, CreateTokenDocument, RevokeTokenDocument } from './documents.js';
import { uniqueTitle } from '../api/fixtures.js';

const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});
const RESPONSE_BUDGET = 3 * 1024 * 1024;
const server = useTestServer({ authEnabled: true, responseBudgetBytes: RESPONSE_BUDGET }, { log: pino({ level: 'debug' }, sink) });
const scratch = mkdtempSync(join(tmpdir(), 'kairos-export-limits-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const EXPORT = `query($input: ExportInput!) { export(input: $input) { content contentEncoding itemCount adapterCount download { url capabilityUrl expiresAt filename } } }`;
const MINT = `mutation($markdown: String!) { mint(input: { markdown: $markdown }) { protocol { uri slug } } }`;

interface Principal {
  id: string;
  token: string;
  tokenId: string;
}
let admin: string;
let alice: Principal;
let bob: Principal;
const slugs: string[] = [];

async function principal(name: string): Promise<Principal> {
  const headers = { authorization: `Bearer ${admin}` };
  const created = await server.request(CreatePrincipalDocument, { input: { name, role: 'AGENT', groups: [name] } }, headers);
  const id = created.data!.createPrincipal.principal.id;
  return { id, ...(await tokenFor(id)) };
}

async function tokenFor(principalId: string): Promise<{ token: string; tokenId: string }> {
  const issued = await server.request(CreateTokenDocument, { input: { principalId, name: 'test' } }, { authorization: `Bearer ${admin}` });
  return { token: issued.data!.createToken.token, tokenId: issued.data!.createToken.record.id };
}

/** About 900 KB of step text in nine steps: six of them are far over the 4 MB inline limit as skills. */
function largeAdapter(title: string): string {
  const words = Array.from({ length: (100 * 1024) / 8 }, (_, i) => `w${(i * 7919) % 100_000}x`).join(' ');
  return `# ${title}\n\n${Array.from({ length: 9 }, (_, step) => `## Step ${step + 1}\n\n${words}\n`).join('\n')}`;
}

/** Bytes of `text` in the memories the engine sent back while `action` ran. */
async function memoryTextReadDuring(action: () => Promise<unknown>): Promise<number> {
  const client = server.running.mongoClient;
  let bytes = 0;
  const listener = (event: {
    commandName: string;
    reply: { cursor?: { firstBatch?: { text?: string }[]; nextBatch?: { text?: string }[] } };
  }) => {
    for (const doc of [...(event.reply.cursor?.firstBatch ?? []), ...(event.reply.cursor?.nextBatch ?? [])])
      if (typeof doc.text === 'string') bytes += doc.text.length;
  };
  client.on('commandSucceeded', listener);
  try {
    await action();
  } finally {
    client.off('commandSucceeded', listener);
  }
  return bytes;
}

const as = (who: { token: string }, query: string, variables: Record<string, unknown> = {}) =>
  postAs(server.running.graphqlUrl, who.token, query, variables);

beforeAll(async () => {
  admin = (
    await server.running.services.auth.bootstrap({ name: 'admin', role: 'ADMIN', groups: [], tokenName: 'test', expiresInSeconds: null })
  ).token;
  alice = await principal('alice-limits');
  bob = await principal('bob-limits');
  for (let i = 0; i < 6; i++) {
    const minted = await as(alice, MINT, { markdown: largeAdapter(uniqueTitle(`Large adapter ${i}`)) });
    expect(minted.errors).toBeUndefined();
    slugs.push(minted.data.mint.protocol.slug);
  }
}, 120_000);

describe('a large export', () => {
  it('decides on a download link from stored sizes: no chain is read and nothing built', async () => {
    let answer: any;
    const read = await memoryTextReadDuring(
      async () => (answer = (await as(alice, EXPORT, { input: { adapters: slugs, format: 'SKILL_ZIP' } })).data.export),
    );
    expect(answer).toMatchObject({
      content: '',
      contentEncoding: null,
      adapterCount: 6,
      itemCount: 18,
      download: { url: expect.stringMatching(/^\/export\/download\//), filename: 'kairos-skills.zip' },
    });
    // One step per adapter (about 100 KB each) to know it, not its nine.
    expect(read).toBeLessThan(6 * 2 * 100 * 1024);
  });

  it('prices skill_tree before building it: over the response budget it is refused having read no chain', async () => {
    let answer: any;
    const read = await memoryTextReadDuring(
      async () => (answer = await as(alice, EXPORT, { input: { adapters: slugs, format: 'SKILL_TREE' } })),
    );
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
      details: { field: 'content', limit: RESPONSE_BUDGET },
    });
    expect(read).toBeLessThan(6 * 2 * 100 * 1024);
    // One adapter fits, and comes whole.
    const one = await as(alice, EXPORT, { input: { uri: slugs[0], format: 'SKILL_TREE' } });
    expect(one.errors).toBeUndefined();
    expect(JSON.parse(one.data.export.content).skills[0].files).toHaveLength(3);
  });

  it('streams the archive, which unzips and checks', async () => {
    const answer = (await as(alice, EXPORT, { input: { adapters: slugs, format: 'SKILL_ZIP' } })).data.export;
    const t0 = performance.now();
    const response = await fetch(new URL(answer.download.url, server.running.graphqlUrl), {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(response.status).toBe(200);
    const archive = join(scratch, 'large.zip');
    writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    console.log('download ms', performance.now() - t0);
    expect(execFileSync('unzip', ['-t', archive], { encoding: 'utf8' })).toContain('No errors detected');
    execFileSync('unzip', ['-q', archive, '-d', join(scratch, 'large')]);
    for (const slug of slugs)
      expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: join(scratch, 'large', slug), encoding: 'utf8' })).toContain(
        `artifacts/${slug}.md: OK`,
      );
  });
});

describe('the capability link', () => {
  it('works without an Authorization header, for five minutes at most, and is logged without its signature', async () => {
    const answer = (await as(alice, EXPORT, { input: { uri: slugs[0], format: 'SKILL_ZIP', delivery: 'DOWNLOAD_REF' } })).data.export;
    const answeredAt = Date.now();
    const { capabilityUrl, url, expiresAt } = answer.download;
    expect(capabilityUrl).toMatch(/^\/export\/download\/[\w-]+\.[\w-]+$/);
    expect(capabilityUrl).not.toBe(url);
    expect(Date.parse(expiresAt) - answeredAt).toBeLessThanOrEqual(5 * 60_000);
    // The header link still wants the header; the capability link does not.
    expect((await fetch(new URL(url, server.running.graphqlUrl))).status).toBe(401);
    logLines.length = 0;
    const response = await fetch(new URL(capabilityUrl, server.running.graphqlUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    await response.arrayBuffer();
    const signature = capabilityUrl.split('.').at(-1)!;
    const logged = logLines.join('');
    expect(logged).toContain('export downloaded by capability link');
    expect(logged).toContain(`${capabilityUrl.split('.')[0]}.<signature>`);
    expect(logged).not.toContain(signature);

    // Past its expiry, or with its claim changed, it is unknown.
    const token = capabilityUrl.slice('/export/download/'.length);
    expect(() => server.running.services.exports.openLink(token, new Date(Date.parse(expiresAt) + 1))).toThrow(/unknown or has expired/);
    const [body, sig] = token.split('.');
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claim, p: bob.id })).toString('base64url');
    expect((await fetch(new URL(`/export/download/${forged}.${sig}`, server.running.graphqlUrl))).status).toBe(404);
  });

  it('is refused once the token that made it is revoked', async () => {
    const second = await tokenFor(alice.id);
    const answer = (await as(second, EXPORT, { input: { uri: slugs[1], format: 'SKILL_ZIP', delivery: 'DOWNLOAD_REF' } })).data.export;
    const link = new URL(answer.download.capabilityUrl, server.running.graphqlUrl);
    expect((await fetch(link)).status).toBe(200);
    const revoked = await server.request(RevokeTokenDocument, { id: second.tokenId }, { authorization: `Bearer ${alice.token}` });
    expect(revoked.errors).toBeUndefined();
    const refused = await fetch(link);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
    // Another principal's header changes nothing: the link acts as the token that made it.
    expect((await fetch(link, { headers: { authorization: `Bearer ${bob.token}` } })).status).toBe(401);
  });
});

describe('malformed links and references', () => {
  it('answers a malformed download link with 404 and a code, not 500', async () => {
    const response = await fetch(new URL('/export/download/%E0%A4%A', server.running.graphqlUrl), {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('never echoes a token-shaped adapter reference into the answer or the log', async () => {
    const pasted = `kairos_${'ab'.repeat(16)}.${'S'.repeat(43)}`;
    logLines.length = 0;
    const answer = await as(alice, EXPORT, { input: { uri: pasted, format: 'MARKDOWN' } });
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0]?.message).toMatch(/^Not an adapter URI/);
    expect(JSON.stringify(answer)).not.toContain(pasted);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain('S'.repeat(43));
  });
});
