/**
 * What describes a protocol step to the dense ranker, field by field, and how the field vectors
 * are weighted into the step's one vector. Every step carries its protocol's title and triggers,
 * so the best step per protocol still speaks for the protocol as a whole.
 */
import { normalise } from './embeddings/provider.js';

/**
 * Weights of the unit field vectors summed into a step's vector (tuned on the tuning half of
 * test/search/intent-corpus.ts): the title says most, then the triggers and activation
 * patterns (how people ask for it), then the step's own label and text.
 */
export const FIELD_WEIGHTS = { title: 1, triggers: 0.8, label: 0.5, text: 0.5 } as const;
export type DescribedField = keyof typeof FIELD_WEIGHTS;
export const DESCRIBED_FIELDS = Object.keys(FIELD_WEIGHTS) as DescribedField[];

/** Field weights of the words for soft term matching (built-in provider; src/search/embeddings/term-match.ts). */
export const TERM_FIELD_WEIGHTS: Record<DescribedField, number> = { title: 1, triggers: 0.8, label: 0.7, text: 0.6 };

/** Longest text of one field handed to a provider (remote models bill and cap by tokens). */
export const MAX_FIELD_CHARS = 2_000;

export interface DescribableStep {
  label: string;
  text: string;
  chain: {
    label: string;
    triggers: string | null;
    /**
     * Hook for the KAIROS v4 format (branch `v4fmt`): stored activation patterns, when a
     * protocol has them, are read from this field and described with the triggers.
     */
    activationPatterns?: readonly string[] | string | null;
  } | null;
}

export function describeStep(step: DescribableStep): Record<DescribedField, string> {
  const chain = step.chain;
  const patterns = chain?.activationPatterns;
  const activation = Array.isArray(patterns) ? patterns.join('\n') : typeof patterns === 'string' ? patterns : '';
  return {
    title: clip(chain?.label ?? ''),
    triggers: clip([chain?.triggers ?? '', activation].filter(Boolean).join('\n')),
    label: clip(step.label),
    text: clip(step.text),
  };
}

/** The weighted sum of the field vectors, unit length (all-zero when no field said anything). */
export function combineFieldVectors(fields: Record<DescribedField, Float32Array>, dimensions: number): Float32Array {
  const sum = new Float32Array(dimensions);
  for (const field of DESCRIBED_FIELDS) {
    const vector = fields[field];
    const weight = FIELD_WEIGHTS[field];
    for (let i = 0; i < dimensions; i++) sum[i]! += vector[i]! * weight;
  }
  return normalise(sum);
}

function clip(text: string): string {
  return text.length > MAX_FIELD_CHARS ? text.slice(0, MAX_FIELD_CHARS) : text;
}
