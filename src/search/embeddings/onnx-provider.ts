/**
 * A local ONNX sentence model (e.g. all-MiniLM-L6-v2 exported with its tokenizer) from a
 * directory the operator supplies (KAIROS_EMBEDDINGS_MODEL_DIR), run by
 * `@huggingface/transformers` on onnxruntime-node. Remote models are disabled: nothing is ever
 * downloaded. The package is an optional dependency, loaded only when this provider is chosen.
 * Mean pooling and normalisation, as sentence-transformers models expect.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { normalise, type EmbeddingProvider } from './provider.js';

type FeatureExtractor = (
  texts: string[],
  options: { pooling: 'mean'; normalize: boolean },
) => Promise<{ data: Float32Array; dims: number[] }>;

const TRANSFORMERS_PACKAGE: string = '@huggingface/transformers';

/** The part of @huggingface/transformers this provider uses. */
interface TransformersModule {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean; localModelPath: string };
  pipeline(task: 'feature-extraction', model: string, options: Record<string, unknown>): Promise<unknown>;
}

export class OnnxEmbeddingProvider implements EmbeddingProvider {
  readonly kind = 'onnx' as const;
  readonly modelId: string;

  private constructor(
    private readonly extract: FeatureExtractor,
    readonly dimensions: number,
    modelDir: string,
  ) {
    this.modelId = `onnx:${path.basename(path.resolve(modelDir))}`;
  }

  static async load(modelDir: string): Promise<OnnxEmbeddingProvider> {
    const directory = path.resolve(modelDir);
    const info = await stat(directory).catch(() => null);
    if (!info?.isDirectory()) throw new Error(`KAIROS_EMBEDDINGS_MODEL_DIR ${directory} is not a directory`);
    let transformers: TransformersModule;
    try {
      // An optional dependency that may be absent (its ONNX runtime install can fail offline), so
      // it is named by a variable: neither the type checker nor the bundler requires it.
      transformers = (await import(TRANSFORMERS_PACKAGE)) as TransformersModule;
    } catch {
      throw new Error('KAIROS_EMBEDDINGS=onnx needs the optional dependency @huggingface/transformers (npm install --include=optional)');
    }
    transformers.env.allowRemoteModels = false;
    transformers.env.allowLocalModels = true;
    transformers.env.localModelPath = path.dirname(directory);
    const extractor = (await transformers.pipeline('feature-extraction', path.basename(directory), {
      local_files_only: true,
      dtype: 'fp32',
    })) as unknown as FeatureExtractor;
    const probe = await extractor(['dimension probe'], { pooling: 'mean', normalize: true });
    return new OnnxEmbeddingProvider(extractor, probe.dims[probe.dims.length - 1]!, directory);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += 32) {
      const batch = texts.slice(start, start + 32).map((text) => (text.trim() === '' ? ' ' : text));
      const result = await this.extract(batch, { pooling: 'mean', normalize: true });
      for (let i = 0; i < batch.length; i++) out.push(normalise(result.data.slice(i * this.dimensions, (i + 1) * this.dimensions)));
    }
    return out;
  }
}
