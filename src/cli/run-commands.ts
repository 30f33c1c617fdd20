import type { CliRunQuery, CliRunsQuery } from '../generated/graphql.js';
import { CliRunDocument, CliRunsDocument } from './documents.js';
import { RUN_STATUSES, type RunStatus } from '../model/run-enums.js';
import { type Call, CliError } from './server-client.js';

/** `runs list [--status S]`: the most recently active runs first. */
export async function listRuns(call: Call, options: { status?: string; json: boolean }, out: (line: string) => void): Promise<number> {
  const status = options.status?.toUpperCase();
  if (status !== undefined && !(RUN_STATUSES as readonly string[]).includes(status))
    throw new CliError(`--status must be one of ${RUN_STATUSES.join(', ')}`, 2);
  const { runs } = await call(CliRunsDocument, { filter: status ? { status: status as RunStatus } : null, first: 100 });
  if (options.json) {
    out(JSON.stringify({ totalCount: runs.totalCount, runs: runs.edges.map((edge) => edge.node) }, null, 2));
    return 0;
  }
  if (runs.edges.length === 0) out(status ? `No ${status.toLowerCase()} runs.` : 'No runs.');
  for (const { node } of runs.edges) out(runLine(node));
  if (runs.totalCount > runs.edges.length) out(`(${runs.edges.length} of ${runs.totalCount} shown)`);
  return 0;
}

function runLine(run: CliRunsQuery['runs']['edges'][number]['node']): string {
  const progress = run.pendingStepIndex ? `step ${run.pendingStepIndex}/${run.stepCount}` : `${run.stepCount} steps`;
  const status = run.outcome ? `${run.status} ${run.outcome}` : run.status;
  return `${run.id}  ${status}  ${progress}  "${run.protocolLabel}"  ${run.space}  ${run.updatedAt}`;
}

/** `runs show <id>`: the run, its steps, the proofs it received and its events. */
export async function showRun(call: Call, id: string, options: { json: boolean }, out: (line: string) => void): Promise<number> {
  const { run } = await call(CliRunDocument, { id });
  if (!run) throw new CliError(`NOT_FOUND: no run ${id} in your spaces`, 1);
  if (options.json) {
    out(JSON.stringify(run, null, 2));
    return 0;
  }
  for (const line of describeRun(run)) out(line);
  return 0;
}

function describeRun(run: NonNullable<CliRunQuery['run']>): string[] {
  const labels = new Map(run.protocol?.steps.map((step) => [step.uri, step.label]) ?? []);
  const lines = [
    `Run        ${run.id}`,
    `Protocol   ${run.protocolLabel} (${run.protocolUri})`,
    `Status     ${run.status}${run.outcome ? ` ${run.outcome}` : ''}${run.pendingStepIndex ? `, step ${run.pendingStepIndex} of ${run.stepCount} waits for proof` : ''}${run.retryCount ? `, ${run.retryCount} failed attempts in a row` : ''}`,
    `Space      ${run.space}, run by ${run.principalId}`,
    `Times      started ${run.createdAt}, last active ${run.updatedAt}, expires ${run.expiresAt}`,
  ];
  if (run.attestation) lines.push(`Attested   ${run.attestation.outcome} at ${run.attestation.ratedAt ?? '?'}: ${run.attestation.message}`);
  lines.push('', 'Steps');
  run.stepUris.forEach((uri, index) => {
    const settled = run.proofs.find((proof) => proof.settled && proof.stepIndex === index + 1);
    const state = settled
      ? `proven (${settled.type}, ${settled.source})`
      : run.pendingStepIndex === index + 1
        ? 'waiting for proof'
        : run.pendingStepIndex && index + 1 > run.pendingStepIndex
          ? 'not reached'
          : 'settled without proof';
    lines.push(`  ${index + 1}. ${labels.get(uri) ?? '(step deleted)'}  ${uri}  ${state}`);
  });
  lines.push('', 'Proofs');
  if (run.proofs.length === 0) lines.push('  (none)');
  for (const proof of run.proofs) {
    lines.push(
      `  step ${proof.stepIndex}  ${proof.type}  ${proof.status}  ${proof.source}  ${proof.settled ? 'settled' : 'attempt'}  ${proof.executedAt}  ${proofEvidence(proof)}`,
    );
    lines.push(`    hash ${proof.proofHash} ← ${proof.previousProofHash}`);
  }
  lines.push('', 'Events');
  for (const event of run.events) {
    const details = [event.stepIndex ? `step ${event.stepIndex}` : null, event.errorCode, event.message].filter(Boolean).join(', ');
    lines.push(`  ${event.seq}  ${event.type}  ${event.at}${details ? `  ${details}` : ''}`);
  }
  return lines;
}

function proofEvidence(proof: NonNullable<CliRunQuery['run']>['proofs'][number]): string {
  if (proof.shell) return `exit ${proof.shell.exitCode}`;
  if (proof.mcp) return `${proof.mcp.toolName} ${proof.mcp.success ? 'succeeded' : 'failed'}`;
  if (proof.userInput) return `reply "${proof.userInput.confirmation}"`;
  if (proof.comment) return `comment "${proof.comment.text.length > 60 ? `${proof.comment.text.slice(0, 57)}…` : proof.comment.text}"`;
  return '';
}
