/**
 * A remote embeddings endpoint that misbehaves cannot take the server with it: a huge answer is
 * abandoned unparsed, a hanging one costs a search or a write its short deadline only, and a
 * failing one opens a circuit that sends search to the lexical ranker (said by /healthz and
 * /metrics) until a trial call succeeds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddingsUnavailableError } from '../../src/search/embeddings/circuit-breaker.js';
import { OpenAiEmbeddingProvider } from '../../src/search/embeddings/openai-provider.js';
import { useTestServer } from '../support/app.js';
import { startEmbeddingsServer } from '../support/embeddings-server.js';
import { PROTOCOLS, protocolMarkdown } from './corpus.js';
import { SearchMintDocument, SearchProtocolsDocument } from './documents.js';

const embeddings = await startEmbeddingsServer();
afterAll(() => embeddings.close());

function reset(): void {
  embeddings.hang = false;
  embeddings.hugeBytes = 0;
  embeddings.hugeBytesSent = 0;
  embeddings.failWith = null;
}

describe('the OpenAI-compatible client', () => {
  it('abandons an answer past its byte cap without reading it whole (a 100 MB answer)', async () => {
    const provider = await OpenAiEmbeddingProvider.connect({ url: embeddings.url, model: 'm', key: null, maxAnswerBytes: 1024 * 1024 });
    embeddings.hugeBytes = 100 * 1024 * 1024;
    try {
      await expect(provider.embed(['x'])).rejects.toThrow(/answered more than 1048576 bytes: abandoned/);
      // What the server managed to write before the client hung up: the cap plus socket buffers, not the 100 MB.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(embeddings.hugeBytesSent).toBeLessThan(20 * 1024 * 1024);
    } finally {
      reset();
    }
  });

  it('gives up on a hanging endpoint at the deadline the caller gives', async () => {
    const provider = await OpenAiEmbeddingProvider.connect({ url: embeddings.url, model: 'm', key: null });
    embeddings.hang = true;
    try {
      await expect(provider.embed(['x'], { timeoutMs: 200 })).rejects.toThrow(/did not answer in time/);
    } finally {
      reset();
    }
  });

  it('opens its circuit after three failures in a row, calls nothing while open, and closes after a successful trial', async () => {
    const provider = await OpenAiEmbeddingProvider.connect({
      url: embeddings.url,
      model: 'm',
      key: null,
      circuit: { failureThreshold: 3, openMs: 300 },
    });
    embeddings.failWith = 503;
    try {
      for (let i = 0; i < 3; i++) await expect(provider.embed(['x'])).rejects.toThrow(/HTTP 503/);
      expect(provider.circuit.state).toBe('OPEN');
      const asked = embeddings.requests.length;
      await expect(provider.embed(['x'])).rejects.toBeInstanceOf(EmbeddingsUnavailableError);
      expect(embeddings.requests.length).toBe(asked);

      // Still failing when the trial comes: open again at once.
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(provider.circuit.state).toBe('HALF_OPEN');
      await expect(provider.embed(['x'])).rejects.toThrow(/HTTP 503/);
      expect(provider.circuit.state).toBe('OPEN');

      embeddings.failWith = null;
      await new Promise((resolve) => setTimeout(resolve, 350));
      const [vector] = await provider.embed(['rotate the certificate']);
      expect(vector!.length).toBe(provider.dimensions);
      expect(provider.circuit.state).toBe('CLOSED');
    } finally {
      reset();
    }
  });
});

describe('a server whose embeddings endpoint hangs', () => {
  const server = useTestServer({
    embeddings: 'openai',
    embeddingsUrl: embeddings.url,
    embeddingsModel: 'test-hash-64',
    embeddingsKey: null,
    embeddingsSearchTimeoutMs: 200,
    embeddingsWriteTimeoutMs: 300,
  });

  it('answers writes and searches by words, then stops calling it and says so on /healthz and /metrics', async () => {
    const healthz = async () => (await fetch(`${server.running.baseUrl}/healthz`)).json();
    const circuitGauge = async () =>
      /^kairos_embeddings_circuit_open (\d)/m.exec(await (await fetch(`${server.running.baseUrl}/metrics`)).text())?.[1];
    expect(await healthz()).toEqual({ status: 'ok', database: 'up', embeddings: 'up' });
    expect(await circuitGauge()).toBe('0');
    expect(server.running.services.search.ranker).toBe('HYBRID');

    embeddings.hang = true;
    try {
      const spec = PROTOCOLS[2]!;
      // The write leaves its vectors to the background repair once its deadline has passed.
      const { mint } = await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(spec) } });
      expect(mint.protocol.uri).toMatch(/^kairos:\/\/mem\//);
      for (let i = 0; i < 3; i++) {
        const { search } = await server.query(SearchProtocolsDocument, { query: spec.title });
        expect(search.choices[0]!.chainLabel).toBe(spec.title);
      }
      expect(await healthz()).toEqual({ status: 'ok', database: 'up', embeddings: 'down' });
      expect(await circuitGauge()).toBe('1');
      expect(server.running.services.search.ranker).toBe('LEXICAL');

      // While open, neither a search nor a write calls the endpoint.
      const asked = embeddings.requests.length;
      const { search } = await server.query(SearchProtocolsDocument, { query: spec.title });
      expect(search.choices[0]!.chainLabel).toBe(spec.title);
      await server.query(SearchMintDocument, { input: { markdown: protocolMarkdown(PROTOCOLS[3]!) } });
      expect(embeddings.requests.length).toBe(asked);
    } finally {
      reset();
    }
  });
});
