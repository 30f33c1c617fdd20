/** Picks the embedding provider the settings name (KAIROS_EMBEDDINGS; see docs/search.md). */
import type { AppConfig } from '../../config.js';
import { BuiltinEmbeddingProvider } from './builtin-provider.js';
import { OnnxEmbeddingProvider } from './onnx-provider.js';
import { OpenAiEmbeddingProvider } from './openai-provider.js';
import type { EmbeddingProvider } from './provider.js';

export type EmbeddingSettings = Pick<
  AppConfig,
  'embeddings' | 'embeddingsUrl' | 'embeddingsModel' | 'embeddingsKey' | 'embeddingsModelDir' | 'dataDir'
> &
  Partial<Pick<AppConfig, 'embeddingsMaxAnswerBytes'>>;

export interface CreatedProvider {
  provider: EmbeddingProvider | null;
  /** The built-in word vectors were converted from the npm package on this start (the slow first start). */
  converted: boolean;
}

/** Throws with an operator-facing sentence when the chosen provider cannot start. */
export async function createEmbeddingProvider(settings: EmbeddingSettings): Promise<CreatedProvider> {
  switch (settings.embeddings) {
    case 'off':
      return { provider: null, converted: false };
    case 'builtin': {
      const { provider, converted } = await BuiltinEmbeddingProvider.load(settings.dataDir);
      return { provider, converted };
    }
    case 'openai': {
      if (!settings.embeddingsUrl || !settings.embeddingsModel)
        throw new Error('KAIROS_EMBEDDINGS=openai needs KAIROS_EMBEDDINGS_URL and KAIROS_EMBEDDINGS_MODEL');
      const provider = await OpenAiEmbeddingProvider.connect({
        url: settings.embeddingsUrl,
        model: settings.embeddingsModel,
        key: settings.embeddingsKey,
        maxAnswerBytes: settings.embeddingsMaxAnswerBytes,
      });
      return { provider, converted: false };
    }
    case 'onnx': {
      if (!settings.embeddingsModelDir)
        throw new Error('KAIROS_EMBEDDINGS=onnx needs KAIROS_EMBEDDINGS_MODEL_DIR (a local model directory)');
      return { provider: await OnnxEmbeddingProvider.load(settings.embeddingsModelDir), converted: false };
    }
  }
}
