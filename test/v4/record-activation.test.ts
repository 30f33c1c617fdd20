/**
 * `recordActivation` over GraphQL: the input's limits (the MCP `activate` tool checks its own before
 * calling it), and `activate` records its sequence only once the search has taken the input.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { V4ActivateContextDocument, V4RecordActivationDocument } from '../../src/mcp/v4/operations.js';
import { errorCode, useTestServer } from '../support/app.js';
import { useMcpClients, type ToolJson } from '../mcp/mcp-client.js';

const server = useTestServer();
const connect = useMcpClients(server);

describe('recordActivation', () => {
  it('starts a sequence, then counts a refinement of it', async () => {
    const first = await server.query(V4RecordActivationDocument, { input: { executionId: null } });
    expect(first.recordActivation.refinements).toBe(0);
    const again = await server.query(V4RecordActivationDocument, { input: { executionId: first.recordActivation.executionId } });
    expect(again.recordActivation).toEqual({ executionId: first.recordActivation.executionId, refinements: 1, refineOffered: true });
  });

  it('refuses an executionId over 64 characters with PAYLOAD_TOO_LARGE and one with other characters with BAD_USER_INPUT', async () => {
    const long = await server.request(V4RecordActivationDocument, { input: { executionId: 'a'.repeat(65) } });
    expect(errorCode(long.errors)).toBe('PAYLOAD_TOO_LARGE');
    const malformed = await server.request(V4RecordActivationDocument, { input: { executionId: 'run id with spaces' } });
    expect(errorCode(malformed.errors)).toBe('BAD_USER_INPUT');
  });

  it('search(executionId:) checks the id the same way, and stores no request it refused', async () => {
    const search = (executionId: string) => server.request(V4ActivateContextDocument, { query: 'rotate the certificates', executionId });
    expect(errorCode((await search('a'.repeat(65))).errors)).toBe('PAYLOAD_TOO_LARGE');
    expect(errorCode((await search('run id with spaces')).errors)).toBe('BAD_USER_INPUT');
    expect(
      await server
        .mongo()
        .db(server.dbName)
        .collection('search_requests')
        .countDocuments({ executionId: { $in: ['a'.repeat(65), 'run id with spaces'] } }),
    ).toBe(0);
  });

  it('starts a fresh id in one write, and counts a fresh id already in use as a refinement', async () => {
    const id = randomUUID();
    const first = await server.query(V4RecordActivationDocument, { input: { executionId: id, fresh: true } });
    expect(first.recordActivation).toEqual({ executionId: id, refinements: 0, refineOffered: true });
    const again = await server.query(V4RecordActivationDocument, { input: { executionId: id, fresh: true } });
    expect(again.recordActivation).toEqual({ executionId: id, refinements: 1, refineOffered: true });
  });
});

describe('activate refused by the search', () => {
  const refineShown = (answer: ToolJson) => answer.choices.some((choice: ToolJson) => choice.role === 'refine');
  const sequences = () => server.mongo().db(server.dbName).collection('activations').countDocuments();

  it('starts no sequence and uses no refinement', async () => {
    const client = await connect();
    const before = await sequences();
    const tooLong = await client.call('activate', { query: 'x'.repeat(1_001) });
    expect(tooLong).toMatchObject({ isError: true, json: { error: 'BAD_USER_INPUT' } });
    const unreadable = await client.call('activate', { query: 'close the books', space: 'group:nobody-lets-me-in' });
    expect(unreadable.isError).toBe(true);
    expect(await sequences()).toBe(before);

    const first = (await client.call('activate', { query: 'something vague to do' })).json;
    expect(await sequences()).toBe(before + 1);
    const id = first.execution_id;
    // Two refused refinements count nothing: the two real ones that follow still offer refine on the first.
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await client.call('activate', { query: 'x'.repeat(1_001), execution_id: id })).isError).toBe(true);
    const second = (await client.call('activate', { query: 'something vague to do please', execution_id: id })).json;
    expect(second.execution_id).toBe(id);
    expect(refineShown(second)).toBe(true);
    const third = (await client.call('activate', { query: 'something vague again', execution_id: id })).json;
    expect(refineShown(third)).toBe(false);
  });
});
