/**
 * What each hot path may cost the database, counted with the driver's command monitoring
 * (deterministic, unlike time). A change that adds a command to one of these paths fails here
 * and has to say why. `npm run bench` prints the same counts.
 *
 * Counted: every command the operation causes, from the request until its trailing work has
 * settled (the search vectors stored and the change stamp raised after a write answered), with
 * the trailing work of earlier operations settled first, so nothing before or beside it counts.
 * One command is time-dependent: the response budget prices a reply from the stored sizes with
 * an `aggregate` it reuses for 5 s per viewer and kind (src/services/response-sizes.ts). It is
 * kept out of the lists compared and allowed at most twice per operation (one per kind priced).
 * The storage quota's read (one `aggregate` summing the space's and the writer's stored bytes) is
 * time-dependent too: reused for 10 s per space and writer (src/services/storage-quota.ts), it is
 * told apart by its pipeline, allowed at most once per operation and kept out of the lists. The minute's sweeps
 * (idle runs, pending usage counts, stale proposals) run on a timer and are no operation's cost:
 * recognised by what they read and left out.
 */
import type { CommandStartedEvent } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { DeleteMemoriesDocument, MintDocument, UpdateMemoriesDocument } from '../api/documents.js';
import { AttestDocument, BeginDocument, NextDocument } from '../api/run-documents.js';
import { useMcpClients, type ToolJson } from '../mcp/mcp-client.js';
import { SearchProtocolsDocument } from '../search/documents.js';
import { useTestServer } from '../support/app.js';
import { uniqueTitle } from '../api/fixtures.js';
import { shellProtocol, shellSolution } from './protocols.js';

// The stamp check between processes runs on a timer; here it would only land in a counted window.
const server = useTestServer({ searchCatchUpMs: 3_600_000 });
const connect = useMcpClients(server);

/** The commands `work` causes, in the order they started, without the response budget's price lookup (at most one). */
async function commandsOf(work: () => Promise<unknown>): Promise<string[]> {
  const commands = await allCommandsOf(work);
  if (process.env.BUDGET_DEBUG) console.log('COUNTED', JSON.stringify(commands));
  const priced = commands.filter((name) => name === 'price').length;
  expect(priced, `price lookups in ${commands.join(', ')}`).toBeLessThanOrEqual(2);
  expect(commands.filter((name) => name === 'quota').length, `quota reads in ${commands.join(', ')}`).toBeLessThanOrEqual(1);
  return commands.filter((name) => name !== 'price' && name !== 'quota');
}

/** A command of the timed sweeps in src/server.ts: expired runs, usage counts still pending, stale proposals. */
function isSweep(event: CommandStartedEvent): boolean {
  const collection = event.command[event.commandName];
  return collection === 'proposals' || (collection === 'runs' && /expiresAt|pendingUsage/.test(JSON.stringify(event.command.filter ?? {})));
}

/** The storage quota's read: one group summing the bytes of a space and of a writer (src/store/size-stats-store.ts). */
function isQuotaRead(event: CommandStartedEvent): boolean {
  const pipeline = (event.command.pipeline ?? []) as Record<string, Record<string, unknown>>[];
  return pipeline.some((stage) => stage.$group !== undefined && 'createdBy' in stage.$group);
}

async function allCommandsOf(work: () => Promise<unknown>): Promise<string[]> {
  const index = server.running.services.semanticIndex;
  await index.settled();
  const commands: string[] = [];
  const listener = (event: CommandStartedEvent) => {
    if (isSweep(event)) return;
    const name = event.commandName === 'aggregate' ? (isQuotaRead(event) ? 'quota' : 'price') : event.commandName;
    commands.push(process.env.BUDGET_DEBUG ? `${name}:${event.command[event.commandName]}` : name);
  };
  server.running.mongoClient.on('commandStarted', listener);
  try {
    await work();
    await index.settled();
  } finally {
    server.running.mongoClient.off('commandStarted', listener);
  }
  return commands;
}

function notesProtocol(steps: number): string {
  const body = Array.from({ length: steps }, (_, index) => `## Item ${index + 1}\n\nA note worth keeping, number ${index + 1}.`);
  return `# ${uniqueTitle('Budget notes')}\n\n${body.join('\n\n')}\n`;
}

async function mintSteps(count: number): Promise<string[]> {
  const uris: string[] = [];
  while (uris.length < count)
    uris.push(
      ...(await server.query(MintDocument, { input: { markdown: notesProtocol(Math.min(50, count - uris.length)) } })).mint.protocol
        .stepUris,
    );
  return uris;
}

describe('database commands per operation', () => {
  it('a run: begin 3, each next 2 (load the run, save it if unchanged), attest at most 5', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(3) } });
    let step = (await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })).begin;
    // Begin: the head, its chain, then the new run.
    expect(
      await commandsOf(async () => (step = (await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })).begin)),
    ).toEqual(['find', 'find', 'insert']);
    const perNext: string[][] = [];
    while (step.nextCall.operation === 'NEXT') {
      const input = { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) };
      perNext.push(await commandsOf(async () => (step = (await server.query(NextDocument, { input })).next)));
      expect(step.errorCode).toBeNull();
    }
    expect(perNext).toEqual([
      ['find', 'update'],
      ['find', 'update'],
      ['find', 'update'],
    ]);
    const attest = await commandsOf(() =>
      server.query(AttestDocument, { input: { uri: step.nextCall.uri!, runId: step.runId, outcome: 'SUCCESS', message: 'done' } }),
    );
    // Attest: the run, its conditional save, the protocol's and the caller's quality counters.
    expect(attest.slice(0, 4)).toEqual(['find', 'update', 'update', 'update']);
    expect(attest.length).toBeLessThanOrEqual(5);
  });

  it('attest after a search: the plain attest plus what learning reads and writes (3)', async () => {
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(1) } });
    await server.query(SearchProtocolsDocument, { query: 'rotate the budget gateway certificates', maxChoices: 10 });
    let step = (await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })).begin;
    step = (
      await server.query(NextDocument, {
        input: { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) },
      })
    ).next;
    expect(step.nextCall.operation).toBe('ATTEST');
    const attest = await commandsOf(() =>
      server.query(AttestDocument, { input: { uri: step.nextCall.uri!, runId: step.runId, outcome: 'SUCCESS', message: 'done' } }),
    );
    // Learning follows a successful attest: the latest request, the protocol's triggers, the new trigger.
    expect(attest).toEqual(['find', 'update', 'update', 'update', 'find', 'find', 'insert']);
  });

  it("attest after an activate and two refinements: the protocol's triggers read once for the three requests", async () => {
    const client = await connect();
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(1) } });
    const first = (await client.call('activate', { query: 'rotate the budget gateway certificates' })).json;
    // A refinement counts itself in one write; its request is kept with the sequence (no second write to link them).
    const refine = await allCommandsOf(() =>
      client.call('activate', { query: 'renew the expiring proxy keys', execution_id: first.execution_id }),
    );
    expect(refine.filter((name) => name === 'findAndModify')).toHaveLength(1);
    await client.call('activate', { query: 'swap the old ingress credentials', execution_id: first.execution_id });
    let step = (await server.query(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } })).begin;
    step = (
      await server.query(NextDocument, {
        input: { uri: step.currentStep!.uri, runId: step.runId, solution: shellSolution(step.challenge!) },
      })
    ).next;
    const attest = await commandsOf(() =>
      server.query(AttestDocument, { input: { uri: step.nextCall.uri!, runId: step.runId, outcome: 'SUCCESS', message: 'done' } }),
    );
    // The latest request, the sequence's requests, the protocol's triggers (once), then one new trigger per request.
    expect(attest).toEqual(['find', 'update', 'update', 'update', 'find', 'find', 'find', 'insert', 'insert', 'insert']);
  });

  it('updateMemories: 6 commands whether it names 1, 100 or 1,000 URIs (4 before the answer)', async () => {
    const uris = await mintSteps(1_000);
    // Read the targets, write them in one bulkWrite, archive what they superseded, commit; then
    // (trailing the answer) raise the change stamp once when a step 1's shown tags changed.
    // The stamp is two commands on main since the change stamps keep their recent chain ids (findAndModify, then update).
    const withHead = ['find', 'update', 'insert', 'commitTransaction', 'findAndModify', 'update'];
    for (const size of [1, 100, 1_000]) {
      const commands = await commandsOf(async () => {
        const { updateMemories } = await server.query(UpdateMemoriesDocument, {
          input: { uris: uris.slice(0, size), updates: { tags: [`size-${size}`] } },
        });
        expect(updateMemories.totalUpdated).toBe(size);
      });
      expect(commands, `${size} URIs`).toEqual(withHead);
    }
    // A step other than step 1: nothing search shows changed, so nothing trails.
    expect(
      await commandsOf(() => server.query(UpdateMemoriesDocument, { input: { uris: [uris[1]!], updates: { tags: ['inner'] } } })),
    ).toEqual(['find', 'update', 'insert', 'commitTransaction']);
    // A new text: that one step is re-counted and re-embedded in process; its vector is stored after the answer.
    const text = await commandsOf(() =>
      server.query(UpdateMemoriesDocument, {
        input: { uris: uris.slice(0, 100), updates: { text: 'A rewritten note about release checklists.' } },
      }),
    );
    expect(text).toEqual(['find', 'update', 'insert', 'commitTransaction', 'update', 'findAndModify', 'update']);
  });

  it('mint: 9 commands (title and slug checks, the insert in a transaction, the steps read back for search, then their vectors stored and the stamp raised)', async () => {
    const commands = await commandsOf(() => server.query(MintDocument, { input: { markdown: notesProtocol(20) } }));
    expect(commands).toEqual(['find', 'find', 'insert', 'commitTransaction', 'find', 'update', 'delete', 'findAndModify', 'update']);
  });

  it("the storage quota's read: once, then reused by the next writes (adding what they wrote), and read again after a delete", async () => {
    const quotaReads = async (work: () => Promise<unknown>) => (await allCommandsOf(work)).filter((name) => name === 'quota').length;
    const minted = await quotaReads(() => server.query(MintDocument, { input: { markdown: notesProtocol(2) } }));
    const again = await quotaReads(() => server.query(MintDocument, { input: { markdown: notesProtocol(2) } }));
    expect(again).toBe(0);
    expect(minted).toBeLessThanOrEqual(1);
    const uris = await mintSteps(1);
    await server.query(DeleteMemoriesDocument, { input: { uris } });
    expect(await quotaReads(() => server.query(MintDocument, { input: { markdown: notesProtocol(2) } }))).toBe(1);
  });

  it('search: 4 commands', async () => {
    await server.running.services.semanticIndex.lexicalBuilt;
    const commands = await commandsOf(() => server.query(SearchProtocolsDocument, { query: 'budget notes' }));
    // The request is recorded (search_requests) and learned triggers and usage are read beside the head.
    expect(commands).toEqual(['insert', 'find', 'find', 'find']);
  });

  it('forward (KAIROS 4): 3 commands to start a run, 2 per proven layer', async () => {
    const client = await connect();
    const { mint } = await server.query(MintDocument, { input: { markdown: shellProtocol(2) } });
    const adapterUri = `kairos://adapter/${mint.protocol.slug}`;
    let answer: ToolJson = {};
    expect(await commandsOf(async () => (answer = (await client.call('forward', { uri: adapterUri })).json))).toEqual([
      'find',
      'find',
      'insert',
    ]);
    const contract = answer.contract as { nonce: string; proof_hash: string };
    const solution = {
      type: 'shell',
      outcome: 'success',
      evidence: { exit_code: 0, stdout: 'ok' },
      nonce: contract.nonce,
      proof_hash: contract.proof_hash,
    };
    const layer = await commandsOf(
      async () => (answer = (await client.call('forward', { uri: answer.next_call.args.uri, solution })).json),
    );
    expect(answer.error_code ?? null).toBeNull();
    expect(layer).toEqual(['find', 'update']);
  });
});
