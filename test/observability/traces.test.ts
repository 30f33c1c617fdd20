/**
 * Traces from a real server process, configured only by the standard OTEL_* variables, exported
 * to a real OTLP/HTTP receiver (test/support/otlp-receiver.ts) in both encodings: the caller's
 * trace continues, GraphQL, run and database spans nest in it, logs name their span, and no
 * secret the caller sent reaches a span or a log line.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernHttpTransport } from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MintDocument } from '../api/documents.js';
import { cliBin, hostEnvironment, repoRoot } from '../mcp/mcp-client.js';
import { AttestDocument, BeginDocument, NextDocument } from '../api/run-documents.js';
import { graphqlHttpClient } from '../support/graphql-http.js';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../support/otlp-receiver.js';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';
import { shellProtocol } from '../scale/protocols.js';

const mongoUri = inject('mongoUri');
const dbName = `kairos_test_${randomUUID().slice(0, 8)}`;
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  const mongo = new MongoClient(mongoUri);
  await mongo.db(dbName).dropDatabase();
  await mongo.close();
});

/** A server process whose traces go to a receiver of its own, in the given OTLP encoding. */
async function tracedServer(protocol: 'http/protobuf' | 'http/json'): Promise<{ server: ServerProcess; receiver: OtlpReceiver }> {
  const receiver = await startOtlpReceiver();
  cleanups.push(() => receiver.close());
  const server = await startServerProcess({
    mongoUri,
    dbName,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_SERVICE_NAME: 'kairos-under-test',
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      LOG_LEVEL: 'info',
    },
  });
  cleanups.push(() => server.stop());
  return { server, receiver };
}

function traceparent(): { traceId: string; header: string } {
  const traceId = randomBytes(16).toString('hex');
  return { traceId, header: `00-${traceId}-${randomBytes(8).toString('hex')}-01` };
}

/** Secret-shaped values a caller may put in a proof or a message: none may reach telemetry. */
const SECRETS = {
  githubToken: `ghp_${randomBytes(18).toString('hex')}`,
  awsKey: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
  password: `hunter2-${randomUUID()}`,
  /** Sent as the bearer token (the server runs with auth off, so it is read and ignored). */
  bearer: `kgt_${randomBytes(24).toString('base64url')}`,
};

function leakedSecrets(text: string): string[] {
  return Object.values(SECRETS).filter((secret) => text.includes(secret));
}

/** The span's ancestors in the same trace, nearest first. */
function ancestors(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  let parent = spans.find((candidate) => candidate.spanId === span.parentSpanId);
  while (parent) {
    chain.push(parent);
    parent = spans.find((candidate) => candidate.spanId === parent!.parentSpanId);
  }
  return chain;
}

describe('traces over OTLP/HTTP with protobuf', () => {
  let server: ServerProcess;
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    ({ server, receiver } = await tracedServer('http/protobuf'));
  });

  it('continues the caller trace: GraphQL, run and database spans for begin, next and attest, with the run id and no secret', async () => {
    const api = graphqlHttpClient(server.graphqlUrl);
    const { mint } = await api.query(MintDocument, { input: { markdown: shellProtocol(1) } });
    const caller = traceparent();
    const headers = { traceparent: caller.header, tracestate: 'vendor=kairos-test', authorization: `Bearer ${SECRETS.bearer}` };
    const begun = await api.request(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } }, headers);
    const step = begun.data!.begin;
    const next = await api.request(
      NextDocument,
      {
        input: {
          uri: step.currentStep!.uri,
          runId: step.runId,
          solution: {
            type: 'SHELL',
            nonce: step.challenge!.nonce,
            proofHash: step.challenge!.proofHash,
            shell: {
              exitCode: 0,
              stdout: `token=${SECRETS.githubToken} key=${SECRETS.awsKey}`,
              stderr: SECRETS.password,
              durationSeconds: 0.1,
            },
          },
        },
      },
      headers,
    );
    expect(next.data!.next.errorCode).toBeNull();
    const attested = await api.request(
      AttestDocument,
      { input: { uri: step.currentStep!.uri, runId: step.runId, outcome: 'SUCCESS', message: `done with ${SECRETS.password}` } },
      headers,
    );
    expect(attested.data!.attest.outcome).toBe('SUCCESS');

    const inTrace = (where: (span: ReceivedSpan) => boolean) => receiver.waitFor((span) => span.traceId === caller.traceId && where(span));
    const attestSpan = await inTrace((span) => span.name === 'kairos.run attest');
    const nextOperation = await inTrace((span) => span.name === 'mutation Next');
    const nextRun = await inTrace((span) => span.name === 'kairos.run next');
    const beginRun = await inTrace((span) => span.name === 'kairos.run begin');
    await inTrace((span) => span.attributes['db.system.name'] === 'mongodb');
    const httpSpan = await inTrace((span) => span.kind === 2 && span.attributes['url.path'] === '/graphql');

    // The GraphQL span: semantic-convention names, the document's hash, no document text or variables.
    expect(nextOperation.attributes).toMatchObject({ 'graphql.operation.type': 'mutation', 'graphql.operation.name': 'Next' });
    expect(nextOperation.attributes['graphql.document.hash']).toMatch(/^[0-9a-f]{64}$/);
    expect(nextOperation.attributes['graphql.document']).toBeUndefined();
    // Under the HTTP server span (the maintained HTTP instrumentation), whose parent is the caller's.
    const request = ancestors(nextOperation, receiver.spans).find((span) => span.kind === 2);
    expect(request?.attributes['http.request.method']).toBe('POST');
    expect(request?.parentSpanId).toBe(caller.header.split('-')[2]);
    expect(httpSpan.encoding).toBe('protobuf');
    expect(httpSpan.resource['service.name']).toBe('kairos-under-test');

    // Each transition carries its run, its step and what the rules answered.
    for (const span of [beginRun, nextRun, attestSpan]) expect(span.attributes['kairos.run.id']).toBe(step.runId);
    expect(beginRun.attributes).toMatchObject({
      'kairos.run.step.index': 1,
      'kairos.run.challenge.type': 'SHELL',
      'kairos.run.outcome': 'CALL_NEXT',
    });
    expect(nextRun.attributes).toMatchObject({
      'kairos.run.transition': 'next',
      'kairos.protocol.uri': step.currentStep!.uri,
      'kairos.run.outcome': 'CALL_ATTEST',
    });
    expect(attestSpan.attributes['kairos.run.outcome']).toBe('SUCCESS');
    expect(ancestors(nextRun, receiver.spans).map((span) => span.name)).toContain('mutation Next');
    // The events handed to subscribers are recorded on the transition that caused them.
    expect(nextRun.events.map((event) => event.name)).toContain('kairos.run.event');

    // Database spans sit under the run spans and hold the command's shape, never its values.
    const databaseSpans = receiver.spans.filter(
      (span) => span.traceId === caller.traceId && span.attributes['db.system.name'] === 'mongodb',
    );
    expect(databaseSpans.some((span) => ancestors(span, receiver.spans).some((parent) => parent.spanId === nextRun.spanId))).toBe(true);
    for (const span of databaseSpans)
      expect(String(span.attributes['db.query.text'] ?? '')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|SHELL|echo/);

    // No secret anywhere in what was exported.
    expect(leakedSecrets(JSON.stringify(receiver.spans))).toEqual([]);
  });

  it('joins log lines to their span, and keeps secrets out of the log', async () => {
    const caller = traceparent();
    const api = graphqlHttpClient(server.graphqlUrl);
    const { mint } = await api.query(MintDocument, { input: { markdown: shellProtocol(1) } });
    await api.request(BeginDocument, { input: { uri: mint.protocol.stepUris[0]! } }, { traceparent: caller.header });
    const operationSpan = await receiver.waitFor((span) => span.traceId === caller.traceId && span.name === 'mutation Begin');
    const deadline = Date.now() + 5_000;
    let line: Record<string, unknown> | undefined;
    while (!line && Date.now() < deadline) {
      line = server
        .output()
        .split('\n')
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.trace_id === caller.traceId && entry.msg === 'operation');
      if (!line) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(line).toBeDefined();
    expect(line!.span_id).toMatch(/^[0-9a-f]{16}$/);
    // The line is written as the operation ends, inside the request's span or the operation's own.
    expect(receiver.spans.filter((span) => span.traceId === caller.traceId).map((span) => span.spanId)).toContain(line!.span_id);
    expect(operationSpan.parentSpanId).not.toBe('');
    expect(leakedSecrets(server.output())).toEqual([]);
  });
  it('keeps the values of a GET query string out of the request span', async () => {
    const caller = traceparent();
    const query = 'query Memory($uri: String!) { memory(uri: $uri) { uri } }';
    const url = `${server.graphqlUrl}?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ uri: `kairos://mem/${SECRETS.password}` }))}`;
    await fetch(url, { headers: { traceparent: caller.header, accept: 'application/json' } });
    const request = await receiver.waitFor((span) => span.traceId === caller.traceId && span.kind === 2);
    expect(request.attributes['url.query']).toBe('query=REDACTED&variables=REDACTED');
    expect(leakedSecrets(JSON.stringify(receiver.spans))).toEqual([]);
  });

  it('serves /metrics as OpenMetrics whose duration buckets carry exemplars naming exported traces', async () => {
    const api = graphqlHttpClient(server.graphqlUrl);
    const caller = traceparent();
    await api.request(BeginDocument, { input: { key: 'no-such-protocol' } }, { traceparent: caller.header });
    await receiver.waitFor((span) => span.traceId === caller.traceId && span.name === 'mutation Begin');
    const response = await fetch(`${server.baseUrl}/metrics`);
    expect(response.headers.get('content-type')).toContain('application/openmetrics-text');
    const text = await response.text();
    expect(text.trimEnd().endsWith('# EOF')).toBe(true);
    const exemplars = [
      ...text.matchAll(
        /^kairos_graphql_operation_duration_seconds_bucket\{[^}]*\} \d+ # \{trace_id="([0-9a-f]{32})",span_id="[0-9a-f]{16}"\} [0-9.e-]+ [0-9.]+$/gm,
      ),
    ].map((match) => match[1]);
    expect(exemplars).toContain(caller.traceId);
    const exported = new Set(receiver.spans.map((span) => span.traceId));
    for (const traceId of exemplars) expect(exported.has(traceId!)).toBe(true);
  });
});

describe('traces over OTLP/HTTP with JSON', () => {
  let server: ServerProcess;
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    ({ server, receiver } = await tracedServer('http/json'));
  });

  it('continues the trace a graphql-ws client names in its connection parameters', async () => {
    const api = graphqlHttpClient(server.graphqlUrl);
    const { mint } = await api.query(MintDocument, { input: { markdown: shellProtocol(1) } });
    const caller = traceparent();
    const client = createClient({
      url: server.wsUrl,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { traceparent: caller.header },
    });
    cleanups.push(async () => {
      await client.dispose();
    });
    const result = await new Promise<{ data?: { begin: { runId: string } } }>((resolve, reject) => {
      client.subscribe(
        { query: print(BeginDocument), variables: { input: { uri: mint.protocol.stepUris[0]! } } },
        { next: resolve as never, error: reject, complete: () => {} },
      );
    });
    const runId = result.data!.begin.runId;
    const operation = await receiver.waitFor((span) => span.traceId === caller.traceId && span.name === 'mutation Begin');
    const run = await receiver.waitFor((span) => span.traceId === caller.traceId && span.name === 'kairos.run begin');
    expect(operation.encoding).toBe('json');
    expect(operation.parentSpanId).toBe(caller.header.split('-')[2]);
    expect(run.attributes['kairos.run.id']).toBe(runId);
    expect(ancestors(run, receiver.spans).map((span) => span.spanId)).toContain(operation.spanId);
    await receiver.waitFor((span) => span.traceId === caller.traceId && span.attributes['db.system.name'] === 'mongodb');
  });

  /** A tool call carrying `_meta.traceparent` yields the MCP span in that trace, the run and database spans under it, no secret. */
  async function expectToolTrace(caller: { traceId: string; header: string }, runId: string): Promise<void> {
    const inTrace = (where: (span: ReceivedSpan) => boolean) => receiver.waitFor((span) => span.traceId === caller.traceId && where(span));
    const tool = await inTrace((span) => span.name === 'tools/call kairos_next');
    expect(tool.kind).toBe(2);
    expect(tool.parentSpanId).toBe(caller.header.split('-')[2]);
    expect(tool.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'kairos_next',
      'gen_ai.operation.name': 'execute_tool',
    });
    const run = await inTrace((span) => span.name === 'kairos.run next' && span.attributes['kairos.run.id'] === runId);
    expect(ancestors(run, receiver.spans).map((span) => span.spanId)).toContain(tool.spanId);
    const database = await inTrace(
      (span) =>
        span.attributes['db.system.name'] === 'mongodb' && ancestors(span, receiver.spans).some((parent) => parent.spanId === run.spanId),
    );
    expect(database.encoding).toBe('json');
    expect(leakedSecrets(JSON.stringify(receiver.spans))).toEqual([]);
  }

  const secretSolution = (challenge: { nonce: string; proof_hash: string }) => ({
    type: 'shell',
    nonce: challenge.nonce,
    proof_hash: challenge.proof_hash,
    shell: { exit_code: 0, stdout: `export GITHUB_TOKEN=${SECRETS.githubToken}`, stderr: `AWS ${SECRETS.awsKey} ${SECRETS.password}` },
  });

  async function toolCallsThrough(client: {
    callTool(params: { name: string; arguments: Record<string, unknown>; _meta?: Record<string, unknown> }): Promise<unknown>;
  }): Promise<void> {
    const call = async (name: string, args: Record<string, unknown>, meta?: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) })) as {
        content: { text: string }[];
      };
      return JSON.parse(result.content[0]!.text) as Record<string, any>;
    };
    const minted = await call('kairos_mint', { markdown_doc: shellProtocol(1), llm_model_id: 'test' });
    const begun = await call('kairos_begin', { uri: minted.items[0].uri });
    const caller = traceparent();
    const next = await call(
      'kairos_next',
      { uri: begun.current_step.uri, run_id: begun.run_id, solution: secretSolution(begun.challenge) },
      { traceparent: caller.header, tracestate: 'host=test' },
    );
    expect(next.error_code).toBeUndefined();
    await expectToolTrace(caller, begun.run_id);
  }

  it('continues the trace of an MCP tool call from its _meta (2025 era, a session over HTTP)', async () => {
    const client = new LegacyClient({ name: 'trace-test', version: '1.0.0' });
    await client.connect(
      new LegacyHttpTransport(new URL(`${server.baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${SECRETS.bearer}` } },
      }),
    );
    cleanups.push(() => client.close());
    await toolCallsThrough(client);
  });

  it('continues the trace of an MCP tool call from its _meta (2026-07-28, stateless)', async () => {
    const client = new ModernClient({ name: 'trace-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new ModernHttpTransport(new URL(`${server.baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${SECRETS.bearer}` } },
      }),
    );
    cleanups.push(() => client.close());
    await toolCallsThrough(client as never);
  });

  it('continues the trace of an MCP tool call from its _meta through the stdio relay (kairos-graphql mcp)', async () => {
    const client = new LegacyClient({ name: 'trace-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliBin, 'mcp'],
      cwd: repoRoot,
      env: hostEnvironment({ KAIROS_URL: server.baseUrl, KAIROS_TOKEN: SECRETS.bearer }),
      stderr: 'pipe',
    });
    await client.connect(transport);
    cleanups.push(() => client.close());
    await toolCallsThrough(client);
  });

  it('writes no token, proof or secret-shaped value to the log or a span', async () => {
    expect(server.output()).toContain('"msg":"mcp tool call"');
    expect(leakedSecrets(server.output())).toEqual([]);
    expect(leakedSecrets(JSON.stringify(receiver.spans))).toEqual([]);
  });
});
