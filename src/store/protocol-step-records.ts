import { randomUUID } from 'node:crypto';
import { memoryUri } from '../model/kairos-uri.js';
import type { MemoryRecord } from './memory-store.js';
import type { ParsedProtocol } from '../protocol/markdown-protocol.js';

/** What makes a title unique in its space: trimmed, inner white space folded, lower case. */
export function titleKeyOf(title: string): string {
  return title.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The memories of a parsed protocol, one per step, all carrying the same chain fields. */
export function stepRecords(args: {
  parsed: ParsedProtocol;
  space: string;
  chainId: string;
  slug: string;
  protocolVersion: string | null;
  principalId: string;
  now: Date;
  /** A fixed id for step 1 (built-in protocols); otherwise every id is random. */
  headId?: string;
}): MemoryRecord[] {
  const { parsed, now } = args;
  return parsed.steps.map((step, index) => {
    const id = index === 0 && args.headId ? args.headId : randomUUID();
    return {
      _id: id,
      uri: memoryUri(id),
      space: args.space,
      label: step.label,
      text: step.text,
      tags: [],
      category: 'PROTOCOL_STEP',
      chain: {
        chainId: args.chainId,
        label: parsed.title,
        titleKey: titleKeyOf(parsed.title),
        stepIndex: index + 1,
        stepCount: parsed.steps.length,
        slug: args.slug,
        protocolVersion: args.protocolVersion,
        triggers: parsed.triggers ?? null,
        ...(parsed.adapter && {
          adapter: {
            activationPatterns: parsed.adapter.activationPatterns,
            rewardSignal: parsed.adapter.rewardSignal,
            frontmatter: parsed.adapter.frontmatter,
          },
        }),
      },
      challenge: step.challenge,
      createdAt: now,
      createdBy: args.principalId,
      updatedAt: now,
      updatedBy: args.principalId,
      version: 1,
    };
  });
}
