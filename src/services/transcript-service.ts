import type { Viewer } from '../auth/viewer.js';
import type { RunStore } from '../store/run-store.js';
import type { RunRecord } from '../model/run-records.js';
import { buildTranscript, isFinalRunStatus } from '../transcripts/transcript.js';
import { renderEnvelope, signTranscript } from '../transcripts/transcript-signature.js';
import type { TranscriptEnvelope, TranscriptSigner } from '../transcripts/transcript-signature.js';
import { decodeCursor, type Page, pageSize, toPage } from './page.js';
import type { SigningKeyService } from './signing-key-service.js';
import { requireReadableSpace } from './spaces.js';

/** One run's transcript as served: the canonical JSON text, byte for byte what was signed around. */
export interface RunTranscript {
  runId: string;
  status: RunRecord['status'];
  signed: boolean;
  transcript: string;
}

export interface TranscriptListArgs {
  space?: string | null;
  since?: Date | null;
  first?: number | null;
  after?: string | null;
}

/**
 * Signed transcripts of runs (src/transcripts/). Callers hand in runs they were allowed to read
 * (`run(id)`), or list them here through the viewer's spaces: nobody exports another space's run.
 */
export class TranscriptService {
  constructor(
    private readonly runs: RunStore,
    private readonly keys: SigningKeyService,
  ) {}

  async transcriptOf(run: RunRecord, signer?: TranscriptSigner): Promise<RunTranscript> {
    const transcript = buildTranscript({
      runId: run._id,
      space: run.space,
      principalId: run.principalId,
      status: run.status,
      protocol: run.protocol,
      steps: run.state.steps,
      proofs: await this.withAnswerers(run),
      attestation: run.attestation,
      createdAt: run.createdAt,
      updatedAt: run.updatedAt,
    });
    const final = isFinalRunStatus(run.status);
    const envelope: TranscriptEnvelope = final
      ? signTranscript(transcript, signer ?? (await this.keys.activeSigner()))
      : { signature: null, transcript };
    return { runId: run._id, status: run.status, signed: final, transcript: renderEnvelope(envelope) };
  }

  /**
   * Proofs name who answered them since 0.2; for a HUMAN proof stored earlier the answerer is
   * the one recorded on the step's answered prompt.
   */
  private async withAnswerers(run: RunRecord): Promise<RunRecord['proofs']> {
    if (!run.proofs.some((proof) => proof.record.source === 'HUMAN' && !proof.answeredBy)) return run.proofs;
    const answerers = new Map((await this.runs.answeredPrompts(run._id)).map((prompt) => [prompt.stepIndex, prompt.answeredBy]));
    return run.proofs.map((proof) =>
      proof.record.source === 'HUMAN' && !proof.answeredBy
        ? { ...proof, answeredBy: answerers.get(proof.record.stepIndex) ?? undefined }
        : proof,
    );
  }

  /** Runs begun since `since` in the named space (or every readable one), oldest first, with their transcripts. */
  async listTranscripts(viewer: Viewer, args: TranscriptListArgs): Promise<Page<RunTranscript>> {
    const size = pageSize(args.first, 20, 100);
    const spaces = args.space ? [requireReadableSpace(viewer, args.space)] : viewer.readableSpaces;
    const filter = { spaces, since: args.since ?? undefined };
    const after = args.after ? decodeCursor(args.after) : null;
    const rows = await this.runs.listRunsByCreation(filter, after, size + 1);
    const page = toPage(
      rows,
      size,
      after,
      (run) => ({ at: run.createdAt, id: run._id }),
      () => this.runs.countRunsByCreation(filter),
    );
    // One signer for the page: a rotation lands between pages, never inside one.
    const signer = page.records.some((run) => isFinalRunStatus(run.status)) ? await this.keys.activeSigner() : undefined;
    const records = await Promise.all(page.records.map((run) => this.transcriptOf(run, signer)));
    return { ...page, records };
  }
}
