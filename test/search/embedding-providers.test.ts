/**
 * The providers behind one interface: the OpenAI-compatible one against a real local HTTP
 * server, a change of model detected at start (lexical only until `reindex`), the `reindex`
 * command with its progress bar, a failing endpoint that never fails a write, and the ONNX
 * provider when a model directory is given.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server.js';
import { createLogger } from '../../src/observability/logger.js';
import { OnnxEmbeddingProvider } from '../../src/search/embeddings/onnx-provider.js';
import { OpenAiEmbeddingProvider } from '../../src/search/embeddings/openai-provider.js';
import type { StepVectorRecord } from '../../src/store/vector-store.js';
import { useTestServer } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { startEmbeddingsServer, TEST_EMBEDDING_DIMENSIONS } from '../support/embeddings-server.js';
import { graphqlHttpClient } from '../support/graphql-http.js';
import { PROTOCOLS, protocolMarkdown } from './corpus.js';
import { SearchMintDocument, SearchProtocolsDocument } from './documents.js';

const embeddings = await startEmbeddingsServer();
const server = useTestServer();
afterAll(() => embeddings.close());

const openAiSettings = {
  embeddings: 'openai' as const,
  embeddingsUrl: embeddings.url,
  embeddingsModel: 'test-hash-64',
  embeddingsKey: null,
};

describe('OpenAI-compatible provider', () => {
  it('learns the dimension from the endpoint and returns unit vectors in order', async () => {
    const provider = await OpenAiEmbeddingProvider.connect({ url: embeddings.url, model: 'test-hash-64', key: 'k' });
    expect(provider.dimensions).toBe(TEST_EMBEDDING_DIMENSIONS);
    const [a, b] = await provider.embed(['rotate the certificate', 'free disk space']);
    const norm = (v: Float32Array) => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
    expect(norm(a!)).toBeCloseTo(1, 5);
    expect(norm(b!)).toBeCloseTo(1, 5);
    expect(embeddings.requests.at(-1)).toMatchObject({
      model: 'test-hash-64',
      authorization: 'Bearer k',
      inputs: ['rotate the certificate', 'free disk space'],
    });
  });

  it('refuses a malformed answer or an error status with a clear message', async () => {
    const provider = await OpenAiEmbeddingProvider.connect({ url: embeddings.url, model: 'm', key: null });
    embeddings.bodyOverride = { data: [{ index: 0, embedding: ['not', 'numbers'] }] };
    await expect(provider.embed(['x'])).rejects.toThrow(/malformed vector/);
    embeddings.bodyOverride = { data: [] };
    await expect(provider.embed(['x'])).rejects.toThrow(/returned 0 vectors for 1 texts/);
    embeddings.bodyOverride = undefined;
    embeddings.failWith = 503;
    await expect(provider.embed(['x'])).rejects.toThrow(/HTTP 503/);
    embeddings.failWith = null;
  });
});

describe('a change of model', () => {
  it('is detected at start: search stays lexical until reindex, which the running server then picks up', async () => {
    for (const spec of PROTOCOLS.slice(0, 6)) await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
    expect(server.running.services.semanticIndex.state).toBe('READY');

    // The same database, started with another provider.
    const other = buildApp({
      mongoUri: server.mongoUri,
      config: { port: 0, host: '127.0.0.1', mongoDbName: server.dbName, ...openAiSettings },
      log: createLogger('silent'),
    });
    const running = await other.start();
    try {
      const index = running.services.semanticIndex;
      expect(index.state).toBe('STALE');
      expect(running.services.search.ranker).toBe('LEXICAL');
      const client = graphqlHttpClient(running.graphqlUrl);
      const { search } = await client.query(SearchProtocolsDocument, { query: 'Deploy a Service to Production' });
      expect(search.choices[0]!.chainLabel).toBe('Deploy a Service to Production');
      expect(await index.checkReindexed()).toBe(false);

      const result = await runCli(['reindex'], {
        MONGODB_URI: server.mongoUri,
        MONGODB_DB: server.dbName,
        KAIROS_EMBEDDINGS: 'openai',
        KAIROS_EMBEDDINGS_URL: embeddings.url,
        KAIROS_EMBEDDINGS_MODEL: 'test-hash-64',
      });
      expect(result.stderr + result.stdout, result.stderr).toMatch(/\[#{30}\] 100% (\d+)\/\1 steps/);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Re-indexed \d+ protocol steps with openai:test-hash-64@/);

      const stored = server.mongo().db(server.dbName).collection<StepVectorRecord>('memory_vectors');
      expect(await stored.distinct('model')).toEqual([`openai:test-hash-64@${embeddings.url}`]);
      expect(await index.checkReindexed()).toBe(true);
      expect(index.state).toBe('READY');
      expect(running.services.search.ranker).toBe('HYBRID');
    } finally {
      await other.stop();
    }
  });

  it('refuses reindex with embeddings off', async () => {
    const result = await runCli(['reindex'], { MONGODB_URI: server.mongoUri, MONGODB_DB: server.dbName, KAIROS_EMBEDDINGS: 'off' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/nothing to re-index/);
  });
});

describe('a failing endpoint', () => {
  const failing = useTestServer({ ...openAiSettings });
  it('never fails a write: mint answers and search still finds the protocol by its words', async () => {
    embeddings.failWith = 500;
    try {
      const spec = PROTOCOLS[1]!;
      const { mint } = await failing.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
      expect(mint.protocol.uri).toMatch(/^kairos:\/\/mem\//);
      const { search } = await failing.query(SearchProtocolsDocument, { query: spec.title });
      expect(search.choices[0]!.chainLabel).toBe(spec.title);
    } finally {
      embeddings.failWith = null;
    }
  });
});

describe('ONNX provider', () => {
  const modelDir = process.env.KAIROS_TEST_ONNX_MODEL_DIR;
  it.skipIf(!modelDir)('embeds with a local sentence model (set KAIROS_TEST_ONNX_MODEL_DIR to a model directory to run it)', async () => {
    const provider = await OnnxEmbeddingProvider.load(modelDir!);
    const [a, b, c] = await provider.embed(['renew the TLS certificate', 'the https cert expires soon', 'bake bread']);
    const dot = (x: Float32Array, y: Float32Array) => x.reduce((sum, v, i) => sum + v * y[i]!, 0);
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!));
  });
  if (!modelDir)
    console.log('ONNX provider test skipped: no model directory given (KAIROS_TEST_ONNX_MODEL_DIR); model hubs are unreachable here.');

  it('refuses a directory that is not there, with the setting named', async () => {
    await expect(OnnxEmbeddingProvider.load('/nonexistent/model')).rejects.toThrow(/KAIROS_EMBEDDINGS_MODEL_DIR .* is not a directory/);
  });
});
