/** `recordActivation` over GraphQL: the input's limits (the MCP `activate` tool checks its own before calling it). */
import { describe, expect, it } from 'vitest';
import { V4RecordActivationDocument } from '../../src/mcp/v4/operations.js';
import { errorCode, useTestServer } from '../support/app.js';

const server = useTestServer();

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
});
