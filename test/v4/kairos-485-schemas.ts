/**
 * The input and output schemas of KAIROS 4.8.5's eight tools (activate, forward, reward, train,
 * tune, delete, export, spaces), written here as facts to check our answers against: field
 * names, types, optionality and which objects are strict, as its src/tools/*_schema.ts define
 * them. Descriptions and KAIROS's own refinements are left out, except the cross-field rules an
 * input must meet, restated briefly. `fieldPaths` lists every field, for the conformance table.
 */
import * as z from 'zod';

const UUID = '[0-9a-f-]{36}';
const SLUG = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const adapterUri = z.string().regex(new RegExp(`^kairos://adapter/(?:${UUID}|${SLUG})$`, 'i'));
const layerUri = z.string().regex(new RegExp(`^kairos://layer/${UUID}(?:\\?execution_id=${UUID})?$`, 'i'));
const artifactUri = z.string().regex(new RegExp(`^kairos://artifact/(?:${UUID}|${SLUG})$`, 'i'));
const uuid = z.string().regex(new RegExp(`^${UUID}$`, 'i'));
const contractType = z.enum(['tensor', 'shell', 'mcp', 'user_input', 'comment']);
const reviewEvidence = z.object({ verdict_file: z.string(), exit_code: z.number(), stdout: z.string() });
const anyObject = z.record(z.string(), z.unknown());

// activate
const firstCall = z.object({ uri: adapterUri }).strict();
const linkedArtifact = z
  .object({
    slug: z.string(),
    filename: z.string(),
    relative_path: z.string().nullable(),
    download_url: z.string(),
    sha256: z.string(),
    content_type: z.string(),
    materialize: z.string(),
  })
  .strict();
const choiceFields = {
  uri: adapterUri,
  label: z.string(),
  adapter_name: z.string().nullable(),
  activation_score: z.number().min(0).max(1).nullable(),
  tags: z.array(z.string()),
  next_action: z.string(),
  adapter_version: z.string().nullable(),
  activation_patterns: z.array(z.string()).optional(),
  space_name: z.string().nullable(),
  slug: z.string().nullable(),
};
export const activateInput = z.object({
  query: z.string().min(1),
  execution_id: uuid.optional(),
  space: z.string().optional(),
  space_id: z.string().optional(),
  max_choices: z.number().int().optional(),
});
export const activateOutput = z
  .object({
    must_obey: z.boolean(),
    message: z.string(),
    next_action: z.string(),
    execution_id: uuid.optional(),
    query: z.string(),
    choices: z.array(
      z.discriminatedUnion('role', [
        z.object({
          ...choiceFields,
          role: z.literal('match'),
          forward_first_call: firstCall,
          linked_artifacts: z.array(linkedArtifact).optional(),
        }),
        z.object({ ...choiceFields, role: z.literal('refine'), forward_first_call: firstCall }),
        z.object({ ...choiceFields, role: z.literal('create'), forward_first_call: z.null() }),
      ]),
    ),
    kairos_local_artifact_dir: z.array(z.string()).optional(),
  })
  .strict();

// forward
const contract = z.object({
  type: contractType,
  required: z.boolean().optional(),
  description: z.string().optional(),
  nonce: z.string().optional(),
  proof_hash: z.string().optional(),
  tensor: z
    .object({
      required_inputs: z.array(z.string()),
      output: z.object({
        name: z.string(),
        type: z.string(),
        min_length: z.number().optional(),
        max_length: z.number().optional(),
        min_items: z.number().optional(),
        max_items: z.number().optional(),
      }),
      merge: z.string().optional(),
      condition: z.string().optional(),
    })
    .optional(),
  shell: z.object({ cmd: z.string(), timeout_seconds: z.number() }).optional(),
  mcp: z.object({ tool_name: z.string(), arguments: anyObject.optional(), expected_result: z.any().optional() }).optional(),
  user_input: z.object({ prompt: z.string().optional() }).optional(),
  comment: z.object({ min_length: z.number().optional() }).optional(),
});
const solutionTemplate = z
  .object({
    type: contractType,
    outcome: z.enum(['success', 'failure', 'skipped']).optional(),
    evidence: anyObject.optional(),
    tensor: anyObject.optional(),
    shell: anyObject.optional(),
    mcp: anyObject.optional(),
    user_input: anyObject.optional(),
    comment: anyObject.optional(),
  })
  .strict()
  .refine(
    (template) => template.evidence !== undefined || template[template.type] !== undefined,
    'the evidence, or the payload of its type',
  );
export const forwardInput = z
  .object({
    uri: z.union([adapterUri, layerUri]),
    solution: z
      .object({
        type: contractType,
        outcome: z.enum(['success', 'failure', 'skipped']).optional(),
        evidence: anyObject.optional(),
        nonce: z.string().optional(),
        proof_hash: z.string().optional(),
        tensor: z.object({ name: z.string(), value: z.any() }).optional(),
        shell: z
          .object({
            exit_code: z.number(),
            stdout: z.string().optional(),
            stderr: z.string().optional(),
            duration_seconds: z.number().optional(),
          })
          .optional(),
        mcp: z.object({ tool_name: z.string(), arguments: z.any().optional(), result: z.any(), success: z.boolean() }).optional(),
        user_input: z.object({ confirmation: z.string(), timestamp: z.string().optional() }).optional(),
        comment: z.object({ text: z.string() }).optional(),
        trace: z.string().optional(),
      })
      .optional(),
  })
  // A solution goes with a layer URI carrying execution_id, and only there.
  .refine((input) => /execution_id=/.test(input.uri) === (input.solution !== undefined), 'solution exactly when continuing a run');
export const forwardOutput = z
  .object({
    must_obey: z.boolean(),
    current_layer: z
      .object({ uri: layerUri, content: z.string(), mimeType: z.literal('text/markdown') })
      .nullable()
      .optional(),
    contract,
    tensor_in: anyObject.optional(),
    next_action: z.string(),
    proof_hash: z.string().optional(),
    execution_id: z.string().optional(),
    message: z.string().optional(),
    error_code: z.string().optional(),
    retry_count: z.number().optional(),
    slug_disambiguation_note: z.string().optional(),
    next_call: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('forward'), args: z.object({ uri: layerUri, solution_template: solutionTemplate }).strict() }),
      z.object({
        kind: z.literal('reward'),
        args: z.object({ uri: layerUri, outcome_template: z.object({ outcome: z.literal('success') }).strict() }).strict(),
      }),
    ]),
    activation_space_name: z.string().optional(),
    context_adapter_name: z.string().optional(),
    current_layer_label: z.string().optional(),
    adapter_layer_index: z.number().int().positive().optional(),
    adapter_layer_count: z.number().int().positive().optional(),
    kairos_local_artifact_dir: z.array(z.string()).optional(),
  })
  .strict();

// reward
const blocker = z.enum([
  'missing_rubric_version',
  'missing_evaluator_identity',
  'outcome_not_success',
  'score_below_sft_threshold',
  'score_below_preference_threshold',
]);
export const rewardInput = z.object({
  uri: layerUri,
  outcome: z.enum(['success', 'failure']),
  score: z.number().min(0).max(1).optional(),
  feedback: z.string().min(1).optional(),
  rater: z.string().optional(),
  rubric_version: z.string().optional(),
  llm_model_id: z.string().optional(),
});
export const rewardOutput = z
  .object({
    results: z.array(
      z.object({
        uri: layerUri,
        outcome: z.enum(['success', 'failure']),
        score: z.number().nullable(),
        feedback: z.string().nullable(),
        rater: z.string().nullable(),
        rubric_version: z.string().nullable(),
        llm_model_id: z.string().nullable(),
        grader_kind: z.enum(['human', 'model', 'unknown']),
        evaluation_label: z.enum(['gold', 'silver', 'bronze', 'rejected']),
        exportable_for_sft: z.boolean(),
        exportable_for_preference: z.boolean(),
        sft_blockers: z.array(blocker),
        preference_blockers: z.array(blocker),
        rated_at: z.string(),
      }),
    ),
    total_rated: z.number(),
    total_failed: z.number(),
    next_call: z.null(),
  })
  .strict();

// train
export const trainInput = z
  .object({
    content: z.string().optional(),
    llm_model_id: z.string().min(1),
    force_update: z.boolean().optional().default(false),
    protocol_version: z.string().optional(),
    space: z.string().optional(),
    source_adapter_uri: adapterUri.optional(),
    mime: z.string().optional(),
    artifact_name: z.string().optional(),
    adapter_uri: adapterUri.optional(),
    relative_path: z.string().optional(),
    review_evidence: reviewEvidence.optional(),
  })
  .refine((input) => Boolean(input.content?.trim() || input.source_adapter_uri?.trim()), 'content and/or source_adapter_uri');
export const trainOutput = z
  .object({
    items: z.array(
      z.object({
        uri: z.string(),
        layer_uuid: z.string().optional(),
        artifact_uuid: z.string().optional(),
        adapter_uri: adapterUri.optional(),
        label: z.string(),
        tags: z.array(z.string()),
        content_type: z.string().optional(),
      }),
    ),
    status: z.literal('stored'),
  })
  .strict();

// tune
const adapterOrLayer = z.union([adapterUri, layerUri]);
export const tuneInput = z
  .object({
    uris: z.array(adapterOrLayer).min(1),
    content: z.array(z.string().min(1)).optional(),
    updates: z.record(z.string(), z.any()).optional(),
    space: z.string().optional(),
    review_evidence: reviewEvidence.optional(),
  })
  .refine((input) => !input.content || input.content.length === input.uris.length, 'one content per uri')
  .refine((input) => Boolean(input.content || input.updates || input.space?.trim()), 'content, updates or space');
export const tuneOutput = z
  .object({
    results: z.array(z.object({ uri: adapterOrLayer, status: z.enum(['updated', 'error']), message: z.string() })),
    total_updated: z.number(),
    total_failed: z.number(),
  })
  .strict();

// delete
export const deleteInput = z.object({ uris: z.array(adapterOrLayer).min(1) });
export const deleteOutput = z
  .object({
    results: z.array(z.object({ uri: adapterOrLayer, status: z.enum(['deleted', 'error']), message: z.string() })),
    total_deleted: z.number(),
    total_failed: z.number(),
  })
  .strict();

// export
const exportFormat = z.enum([
  'markdown',
  'trace_jsonl',
  'reward_jsonl',
  'sft_jsonl',
  'preference_jsonl',
  'source',
  'skill_tree',
  'skill_zip',
]);
export const exportInput = z
  .object({
    uri: z.union([adapterUri, layerUri, artifactUri]).optional(),
    adapters: z.array(z.string().min(1)).max(256).optional(),
    all_adapters: z.boolean().optional(),
    space_name: z.string().optional(),
    format: exportFormat.optional().default('skill_zip'),
    delivery: z.enum(['download_ref', 'inline_base64']).optional(),
    include_reward: z.boolean().optional().default(true),
  })
  .refine(
    (input) => [Boolean(input.uri?.trim()), Boolean(input.adapters?.length), input.all_adapters === true].filter(Boolean).length === 1,
    'exactly one selection',
  )
  .refine((input) => input.delivery === undefined || input.format === 'skill_zip', 'delivery only with skill_zip');
export const exportOutput = z.object({
  uri: z.string(),
  format: exportFormat,
  content_type: z.string(),
  content: z.string(),
  item_count: z.number().optional(),
  adapter_name: z.string().nullable().optional(),
  adapter_version: z.string().nullable().optional(),
  space_id: z.string().nullable().optional(),
  space_name: z.string().nullable().optional(),
  space_type: z.enum(['personal', 'group', 'app', 'other']).optional(),
  content_encoding: z.enum(['base64']).optional(),
  bundle_sha256: z.string().optional(),
  export_adapter_count: z.number().optional(),
  skill_bundle_manifest: z.string().optional(),
  download_ref: z
    .object({ url: z.string(), expires_at: z.string(), filename: z.string().optional(), content_type: z.string().optional() })
    .optional(),
});

// spaces
export const spacesInput = z.object({
  include_adapter_titles: z.boolean().optional().default(false),
  include_widget_html: z.boolean().optional().default(false),
  include_artifacts: z.boolean().optional().default(false),
});
export const spacesOutput = z
  .object({
    spaces: z.array(
      z.object({
        name: z.string(),
        space_id: z.string(),
        type: z.enum(['personal', 'group', 'app', 'other']),
        adapter_count: z.number(),
        adapters: z
          .array(
            z.object({
              adapter_id: z.string(),
              title: z.string(),
              layer_count: z.number(),
              slug: z.string().nullable(),
              uri: z.string(),
              artifacts: z
                .array(
                  z.object({
                    name: z.string(),
                    slug: z.string(),
                    uri: z.string(),
                    uuid_uri: z.string(),
                    content_type: z.string(),
                    sha256: z.string(),
                    relative_path: z.string().nullable(),
                  }),
                )
                .optional(),
            }),
          )
          .optional(),
      }),
    ),
  })
  .strict();

export const KAIROS_485_TOOLS = {
  activate: { input: activateInput, output: activateOutput },
  forward: { input: forwardInput, output: forwardOutput },
  reward: { input: rewardInput, output: rewardOutput },
  train: { input: trainInput, output: trainOutput },
  tune: { input: tuneInput, output: tuneOutput },
  delete: { input: deleteInput, output: deleteOutput },
  export: { input: exportInput, output: exportOutput },
  spaces: { input: spacesInput, output: spacesOutput },
} as const;

export type KairosToolName = keyof typeof KAIROS_485_TOOLS;

/**
 * Every field a schema names, as dotted paths (`choices[].uri`, `next_call.args.solution_template`):
 * objects give their keys, arrays `[]`, unions the fields of every member. Refinements, optional,
 * nullable and default wrappers are looked through.
 */
export function fieldPaths(schema: z.ZodType, prefix = ''): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return fieldPaths(def.innerType as z.ZodType, prefix);
    case 'pipe':
      return fieldPaths(def.out as z.ZodType, prefix);
    case 'array':
      return fieldPaths(def.element as z.ZodType, `${prefix}[]`);
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap((option) => fieldPaths(option, prefix)))];
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([key, value]) => {
        const path = prefix ? `${prefix}.${key}` : key;
        return [path, ...fieldPaths(value, path)];
      });
    }
    default:
      return [];
  }
}
