/**
 * Any OpenAI-compatible `POST {url}/embeddings` endpoint (OpenAI, Ollama, TEI, vLLM): settings
 * KAIROS_EMBEDDINGS_URL (the base, e.g. http://localhost:11434/v1), KAIROS_EMBEDDINGS_MODEL and
 * KAIROS_EMBEDDINGS_KEY (sent as a bearer token when set). The dimension is learnt from the first
 * answer (`probe`), so the operator never has to type it.
 */
import { normalise, type EmbeddingProvider } from './provider.js';

export interface OpenAiEmbeddingSettings {
  url: string;
  model: string;
  key: string | null;
  /** Texts per request; long lists are sent in batches. */
  batchSize?: number;
  timeoutMs?: number;
}

interface EmbeddingsAnswer {
  data?: { index?: number; embedding?: unknown }[];
}

export class OpenAiEmbeddingProvider implements EmbeddingProvider {
  readonly kind = 'openai' as const;
  readonly modelId: string;
  dimensions = 0;
  private readonly endpoint: string;

  private constructor(private readonly settings: OpenAiEmbeddingSettings) {
    this.endpoint = `${settings.url.replace(/\/+$/, '')}/embeddings`;
    this.modelId = `openai:${settings.model}@${settings.url.replace(/\/+$/, '')}`;
  }

  /** Asks the endpoint once for the vector of a short text to learn the dimension. */
  static async connect(settings: OpenAiEmbeddingSettings): Promise<OpenAiEmbeddingProvider> {
    const provider = new OpenAiEmbeddingProvider(settings);
    const [probe] = await provider.request(['dimension probe']);
    provider.dimensions = probe!.length;
    return provider;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const batchSize = this.settings.batchSize ?? 64;
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) out.push(...(await this.request(texts.slice(start, start + batchSize))));
    return out;
  }

  private async request(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    // An empty string is refused by some servers; a single space embeds as "nothing".
    const input = texts.map((text) => (text.trim() === '' ? ' ' : text));
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.settings.key ? { authorization: `Bearer ${this.settings.key}` } : {}) },
      body: JSON.stringify({ model: this.settings.model, input }),
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 30_000),
    });
    if (!response.ok) throw new Error(`embeddings endpoint ${this.endpoint} answered HTTP ${response.status}`);
    const answer = (await response.json()) as EmbeddingsAnswer;
    const data = answer.data;
    if (!Array.isArray(data) || data.length !== texts.length) throw new Error(`embeddings endpoint ${this.endpoint} returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${texts.length} texts`);
    const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return ordered.map((item) => {
      const values = item.embedding;
      if (!Array.isArray(values) || values.length === 0 || !values.every((value) => typeof value === 'number' && Number.isFinite(value))) {
        throw new Error(`embeddings endpoint ${this.endpoint} returned a malformed vector`);
      }
      if (this.dimensions && values.length !== this.dimensions) throw new Error(`embeddings endpoint ${this.endpoint} changed dimension (${values.length}, expected ${this.dimensions})`);
      return normalise(Float32Array.from(values as number[]));
    });
  }
}
