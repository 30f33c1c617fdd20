import { DATASET_SCHEMAS, type ExportAdapter, type ExportProof, type ExportRun } from './export-model.js';

/**
 * The dataset exports as JSON lines, one function a format, pure. Row keys are
 * snake_case as KAIROS 4 writes them; every row names its schema (`DATASET_SCHEMAS`), and the
 * schemas are documented in docs/kairos-v4.md, Datasets.
 */

function lines(rows: readonly unknown[]): string {
  return rows.map((row) => `${JSON.stringify(row)}\n`).join('');
}

function lower(value: string | null | undefined): string | null {
  return value ? value.toLowerCase() : null;
}

/** trace_jsonl: every proof of every run, in run and proof order. */
export function traceRows(adapter: ExportAdapter, runs: readonly ExportRun[]): string {
  return lines(
    runs.flatMap((run) =>
      run.proofs.map((proof) => ({
        schema: DATASET_SCHEMAS.TRACE_JSONL,
        adapter_uri: adapter.uri,
        adapter_version: adapter.version,
        execution_id: run.executionId,
        layer_uri: proof.layerUri,
        layer_index: proof.layerIndex,
        layer_label: adapter.layers[proof.layerIndex - 1]?.label ?? null,
        contract_type: proof.type.toLowerCase(),
        status: proof.status.toLowerCase(),
        settled: proof.settled,
        source: proof.source.toLowerCase(),
        executed_at: proof.executedAt,
        proof_hash: proof.proofHash,
        evidence: proof.evidence,
        trace: proof.trace,
        run_outcome: lower(run.outcome),
      })),
    ),
  );
}

/** reward_jsonl: one row per rated run, with its grading and dataset eligibility. */
export function rewardRows(adapter: ExportAdapter, runs: readonly ExportRun[]): string {
  return lines(
    runs
      .filter((run) => run.outcome && run.ratedAt)
      .map((run) => {
        const grading = run.grading;
        return {
          schema: DATASET_SCHEMAS.REWARD_JSONL,
          adapter_uri: adapter.uri,
          adapter_version: adapter.version,
          execution_id: run.executionId,
          outcome: lower(run.outcome),
          score: grading?.score ?? null,
          feedback: grading?.feedback ?? null,
          rater: grading?.rater ?? null,
          rubric_version: grading?.rubricVersion ?? null,
          llm_model_id: grading?.llmModelId ?? null,
          grader_kind: lower(grading?.graderKind ?? 'UNKNOWN'),
          evaluation_label: lower(grading?.evaluationLabel ?? (run.outcome === 'SUCCESS' ? 'GOLD' : 'REJECTED')),
          exportable_for_sft: grading?.exportableForSft ?? false,
          exportable_for_preference: grading?.exportableForPreference ?? false,
          sft_blockers: (grading?.sftBlockers ?? ['MISSING_RUBRIC_VERSION', 'MISSING_EVALUATOR_IDENTITY']).map((code) =>
            code.toLowerCase(),
          ),
          preference_blockers: (grading?.preferenceBlockers ?? ['MISSING_RUBRIC_VERSION', 'MISSING_EVALUATOR_IDENTITY']).map((code) =>
            code.toLowerCase(),
          ),
          rated_at: run.ratedAt,
          layer_count: adapter.layers.length,
          proven_layers: run.proofs.filter((proof) => proof.settled).length,
        };
      }),
  );
}

/** The proof that settled each layer of a run, by layer index. */
function settledByLayer(run: ExportRun): Map<number, ExportProof> {
  return new Map(run.proofs.filter((proof) => proof.settled).map((proof) => [proof.layerIndex, proof]));
}

/** What the agent did for a layer, as the completion text of a training row. */
function completionOf(proof: ExportProof): string {
  return JSON.stringify({
    type: proof.type.toLowerCase(),
    outcome: proof.status.toLowerCase() === 'failed' ? 'failure' : 'success',
    evidence: proof.evidence,
  });
}

/**
 * sft_jsonl: per layer of every run eligible for SFT, the layer's instructions and what the agent
 * did. With `includeReward: false` (KAIROS's `include_reward`), every run's proven layers, graded or not.
 */
export function sftRows(adapter: ExportAdapter, runs: readonly ExportRun[], options: { includeReward?: boolean } = {}): string {
  const includeReward = options.includeReward ?? true;
  const rows = runs
    .filter((run) => !includeReward || run.grading?.exportableForSft)
    .flatMap((run) => {
      const settled = settledByLayer(run);
      return adapter.layers.flatMap((layer) => {
        const proof = settled.get(layer.index);
        if (!proof) return [];
        return [
          {
            schema: DATASET_SCHEMAS.SFT_JSONL,
            adapter_uri: adapter.uri,
            execution_id: run.executionId,
            layer_uri: layer.uri,
            layer_index: layer.index,
            prompt: `# ${adapter.title}\n\n## ${layer.label}\n\n${layer.text}`,
            completion: completionOf(proof),
            score: run.grading?.score ?? null,
            rubric_version: run.grading?.rubricVersion ?? null,
            evaluation_label: lower(run.grading?.evaluationLabel),
          },
        ];
      });
    });
  return lines(rows);
}

/**
 * preference_jsonl: per layer, among the runs eligible for preference that proved it, the
 * best-scored success (chosen) against the best-scored failure (rejected), as KAIROS pairs them;
 * a layer without both gives no row. Ties go to the lower execution id, so the rows are stable.
 */
export function preferenceRows(adapter: ExportAdapter, runs: readonly ExportRun[]): string {
  const eligible = runs
    .filter((run) => run.grading?.exportableForPreference && run.outcome)
    .map((run) => ({ run, score: run.grading!.score ?? 0, settled: settledByLayer(run) }))
    .sort((a, b) => b.score - a.score || a.run.executionId.localeCompare(b.run.executionId));
  const rows = adapter.layers.flatMap((layer) => {
    const answered = eligible.filter((entry) => entry.settled.has(layer.index));
    const chosen = answered.find((entry) => entry.run.outcome === 'SUCCESS');
    const rejected = answered.find((entry) => entry.run.outcome === 'FAILURE');
    if (!chosen || !rejected) return [];
    return [
      {
        schema: DATASET_SCHEMAS.PREFERENCE_JSONL,
        adapter_uri: adapter.uri,
        layer_uri: layer.uri,
        layer_index: layer.index,
        prompt: `# ${adapter.title}\n\n## ${layer.label}\n\n${layer.text}`,
        chosen: completionOf(chosen.settled.get(layer.index)!),
        rejected: completionOf(rejected.settled.get(layer.index)!),
        chosen_execution_id: chosen.run.executionId,
        rejected_execution_id: rejected.run.executionId,
        chosen_score: chosen.score,
        rejected_score: rejected.score,
      },
    ];
  });
  return lines(rows);
}
