/** What parsing a protocol (v3) or adapter (v4) document yields, before anything is stored. */
import type { Challenge } from './challenge.js';

/** How a document was read: KAIROS v3 (H2 steps, `challenge` blocks) or KAIROS 4 (contract-block layers). */
export const PROTOCOL_FORMATS = ['KAIROS_V3', 'KAIROS_V4'] as const;
export type ProtocolFormat = (typeof PROTOCOL_FORMATS)[number];

export interface ProtocolStepDraft {
  label: string;
  text: string;
  challenge: Challenge | null;
}

/** The parts only a KAIROS 4 adapter has; present on a parse result exactly when it was read as v4. */
export interface AdapterDraft {
  /** The `## Activation Patterns` section's items (list markers removed), in order. */
  activationPatterns: string[];
  /** The `## Activation Patterns` section's body as written; null without the section. */
  activationText: string | null;
  /** The `## Reward Signal` section's body as written (heading removed); null without the section. */
  rewardSignal: string | null;
  /** Every frontmatter key as written (JSON: strings, lists, maps); null without frontmatter. */
  frontmatter: Record<string, unknown> | null;
}

export interface ParsedProtocol {
  /** The H1 title, else the first step heading. */
  title: string;
  /** Frontmatter `slug`, as written (may be empty or invalid: the caller validates it). */
  slug?: string;
  /** Frontmatter `version`. */
  version?: string;
  /** Frontmatter `title`: only a search hint (reference §3.8 step 4), never the protocol title. */
  frontmatterTitle?: string;
  /** v3: the "Natural Language Triggers" section; v4: the activation patterns section. Kept out of the steps. */
  triggers?: string;
  steps: ProtocolStepDraft[];
  /** Present when the document was read as a KAIROS 4 adapter. */
  adapter?: AdapterDraft;
}

export interface RenderableProtocol {
  title: string;
  slug?: string;
  version?: string;
  triggers?: string;
  steps: ProtocolStepDraft[];
}
