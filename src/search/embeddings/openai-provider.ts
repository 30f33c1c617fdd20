/**
 * Any OpenAI-compatible `POST {url}/embeddings` endpoint (OpenAI, Ollama, TEI, vLLM): settings
 * KAIROS_EMBEDDINGS_URL (the base, e.g. http://localhost:11434/v1), KAIROS_EMBEDDINGS_MODEL and
 * KAIROS_EMBEDDINGS_KEY (sent as a bearer token when set). The dimension is learnt from the first
 * answer (`probe`), so the operator never has to type it.
 *
 * The endpoint is not trusted to behave: an answer is read as a stream and abandoned past
 * `maxAnswerBytes` (never parsed), each call has a deadline, and a circuit breaker stops calling
 * it while it fails (src/search/embeddings/circuit-breaker.ts).
 */
import { DEFAULT_EMBEDDINGS_MAX_ANSWER_BYTES } from '../../limits.js';
import { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.js';
import { normalise, type EmbeddingProvider, type EmbedOptions } from './provider.js';

export const DEFAULT_EMBEDDINGS_TIMEOUT_MS = 30_000;

export interface OpenAiEmbeddingSettings {
  url: string;
  model: string;
  key: string | null;
  /** Texts per request; long lists are sent in batches. */
  batchSize?: number;
  /** Deadline of a call that gives none (the probe, the background fill, `reindex`). */
  timeoutMs?: number;
  /** Largest answer read; a longer one is abandoned unparsed. */
  maxAnswerBytes?: number;
  circuit?: CircuitBreakerOptions;
}

interface EmbeddingsAnswer {
  data?: { index?: number; embedding?: unknown }[];
}

export class OpenAiEmbeddingProvider implements EmbeddingProvider {
  readonly kind = 'openai' as const;
  readonly modelId: string;
  dimensions = 0;
  readonly circuit: CircuitBreaker;
  private readonly endpoint: string;

  private constructor(private readonly settings: OpenAiEmbeddingSettings) {
    this.endpoint = `${settings.url.replace(/\/+$/, '')}/embeddings`;
    this.modelId = `openai:${settings.model}@${settings.url.replace(/\/+$/, '')}`;
    this.circuit = new CircuitBreaker(settings.circuit);
  }

  /** Asks the endpoint once for the vector of a short text to learn the dimension. */
  static async connect(settings: OpenAiEmbeddingSettings): Promise<OpenAiEmbeddingProvider> {
    const provider = new OpenAiEmbeddingProvider(settings);
    const [probe] = await provider.embed(['dimension probe']);
    provider.dimensions = probe!.length;
    return provider;
  }

  /** One deadline for the whole call, however many batches it takes; refused at once while the circuit is open. */
  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const batchSize = this.settings.batchSize ?? 64;
    const signal = AbortSignal.timeout(options.timeoutMs ?? this.settings.timeoutMs ?? DEFAULT_EMBEDDINGS_TIMEOUT_MS);
    return this.circuit.run(async () => {
      const out: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize)
        out.push(...(await this.request(texts.slice(start, start + batchSize), signal)));
      return out;
    });
  }

  private async request(texts: readonly string[], signal: AbortSignal): Promise<Float32Array[]> {
    // An empty string is refused by some servers; a single space embeds as "nothing".
    const input = texts.map((text) => (text.trim() === '' ? ' ' : text));
    let answer: EmbeddingsAnswer;
    try {
      const response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(this.settings.key ? { authorization: `Bearer ${this.settings.key}` } : {}) },
        body: JSON.stringify({ model: this.settings.model, input }),
        signal,
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new Error(`embeddings endpoint ${this.endpoint} answered HTTP ${response.status}`);
      }
      answer = JSON.parse(await this.readCapped(response)) as EmbeddingsAnswer;
    } catch (error) {
      if (signal.aborted) throw new Error(`embeddings endpoint ${this.endpoint} did not answer in time`);
      if (error instanceof SyntaxError) throw new Error(`embeddings endpoint ${this.endpoint} returned an answer that is not JSON`);
      throw error;
    }
    const data = answer?.data;
    if (!Array.isArray(data) || data.length !== texts.length)
      throw new Error(
        `embeddings endpoint ${this.endpoint} returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${texts.length} texts`,
      );
    const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return ordered.map((item) => {
      const values = item.embedding;
      if (!Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === 'number' && Number.isFinite(value))) {
        throw new Error(`embeddings endpoint ${this.endpoint} returned a malformed vector`);
      }
      if (this.dimensions && values.length !== this.dimensions)
        throw new Error(`embeddings endpoint ${this.endpoint} changed dimension (${values.length}, expected ${this.dimensions})`);
      return normalise(Float32Array.from(values as number[]));
    });
  }

  /** The body as text, read chunk by chunk; past the cap the connection is dropped and nothing is parsed. */
  private async readCapped(response: Response): Promise<string> {
    const cap = this.settings.maxAnswerBytes ?? DEFAULT_EMBEDDINGS_MAX_ANSWER_BYTES;
    const tooLarge = () => new Error(`embeddings endpoint ${this.endpoint} answered more than ${cap} bytes: abandoned`);
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > cap) {
      await response.body?.cancel().catch(() => {});
      throw tooLarge();
    }
    if (!response.body) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > cap) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks, total).toString('utf8');
  }
}
