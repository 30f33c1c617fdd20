// Over 400 lines: the run use cases share loading, the conditional commit and events; the rules are in src/runs/.
import { randomUUID } from 'node:crypto';
import { Repeater } from '@repeaterjs/repeater';
import type { Viewer } from '../auth/viewer.js';
import { APP_SPACE, canReviewIn, personalSpaceOf } from '../auth/viewer.js';
import { PROMPT_ANSWER_MESSAGES, promptAnswerRefusal } from '../runs/prompt-answer-rule.js';
import type { EventBus } from '../events/event-bus.js';
import type { ChallengePrompt, RunEvent, RunLifecycleEvent } from '../model/run-records.js';
import type { OverflowPolicy } from '../events/overflow-policy.js';
import type { ReplayBudget } from '../events/replay-budget.js';
import { replayThenLive } from '../events/replay-then-live.js';
import { REPLAY_SLICE_EVENTS } from '../limits.js';
import { subscribeAcrossSpaces } from '../events/space-feeds.js';
import { checkText } from './check-text.js';
import type { AttestAnswer, StepAnswer } from '../model/run-answers.js';
import { newNonce } from '../runs/nonce.js';
import { DEFAULT_ATTEST_RATER } from '../runs/quality.js';
import { gradeRun, gradingInputRefusal, rankingRewardScore } from '../runs/grading.js';
import {
  attestChange,
  beginChange,
  expiryChange,
  type PromptAnswer,
  type RunChange,
  runUsage,
  solutionDigest,
  stepChange,
} from '../runs/run-commit.js';
import { toChallengePrompt, toRunEvent, toRunLifecycleEvent } from '../runs/run-feed-events.js';
import { applyAttest } from '../runs/attest-transition.js';
import type { IdSource, RunStep, StepTransition } from '../runs/run-transitions.js';
import { applyNext, applyPromptAnswer, beginRun, runNotFoundAnswer, showRun } from '../runs/run-transitions.js';
import { isEveryStepSettled } from '../runs/run-view.js';
import { answerOfStoredAttestation, answerOfStoredResponse } from '../runs/stored-answers.js';
import type { Outcome, SolutionInput } from '../runs/solution-input.js';
import type { RunStatus, RunStore } from '../store/run-store.js';
import type { PromptRecord, RunRecord, StoredProof } from '../model/run-records.js';
import type { UsageStore } from '../store/usage-store.js';
import type { AttestCount } from '../model/run-records.js';
import { RequestError } from './errors.js';
import type { MemoryReader } from './memory-reader.js';
import { memoryUri, parseKairosUri } from '../model/kairos-uri.js';
import { decodeCursor, type Page, pageSize, toPage } from './page.js';
import { readableSpacesFor, requireReadableSpace } from './spaces.js';
import { addSpanEvent, inSpan } from '../observability/spans.js';
import { attestAnswerAttributes, runSpan, stepAnswerAttributes } from '../observability/run-spans.js';
import { SPAN_ATTRIBUTES } from '../observability/span-attributes.js';

export interface BeginInput {
  uri?: string | null;
  key?: string | null;
}

export interface NextInput {
  uri: string;
  runId?: string | null;
  /** `trace`: the agent's reasoning (KAIROS 4 `solution.trace`), kept beside the proof. */
  solution?: (SolutionInput & { trace?: string | null }) | null;
}

export interface AttestInput {
  uri: string;
  runId?: string | null;
  outcome: Outcome;
  message: string;
  qualityBonus?: number | null;
  llmModelId?: string | null;
  /** Grading: a 0..1 score, the rubric version, who rated, and their feedback. */
  score?: number | null;
  rubricVersion?: string | null;
  rater?: string | null;
  feedback?: string | null;
}

export interface RunListArgs {
  space?: string | null;
  status?: RunStatus | null;
  chainId?: string | null;
  first?: number | null;
  after?: string | null;
}

export type RunPage = Page<RunRecord>;

export interface AnswerPromptResult {
  prompt: ChallengePrompt;
  result: StepAnswer;
}

/** An attest counts its run's usage at once; the expiry timer counts runs still pending after this long. */
const USAGE_COUNT_GRACE_MS = 60_000;

/** A concurrent writer moved the run: reload and apply again, a few times at most. */
const MAX_CONFLICT_RETRIES = 25;

const idSource: IdSource = { newNonce, newPromptId: () => randomUUID() };

/**
 * Protocol runs: loads a run, lets the pure state machine (src/runs/run-transitions.ts) decide
 * and src/runs/run-commit.ts say what to write, and saves it in one write conditional on the
 * run's version, so concurrent calls advance a run exactly once. Events are numbered per run and
 * stored in the run by that same write, before they are published, so a client that reconnects
 * can ask for exactly what it missed.
 */
export class RunService {
  /** The replay being opened for each principal (see watchRun). */
  private readonly replayTurns = new Map<string, Promise<void>>();

  constructor(
    private readonly runs: RunStore,
    private readonly usage: UsageStore,
    private readonly events: EventBus,
    private readonly settings: {
      runIdleTtlMs: number;
      onAttest?: (outcome: Outcome) => void;
      replayBudget?: ReplayBudget;
      /** After a run attested as a success (and its usage counted): search learns from it. Must not throw. */
      onSuccess?: (run: RunRecord, score: number | null) => Promise<void>;
    },
  ) {}

  async begin(viewer: Viewer, reader: MemoryReader, input: BeginInput): Promise<StepAnswer> {
    return inSpan(...runSpan('begin', input), () => this.applyBegin(viewer, reader, input), stepAnswerAttributes);
  }

  async next(viewer: Viewer, request: NextInput): Promise<StepAnswer> {
    return inSpan(...runSpan('next', request), () => this.applyNextStep(viewer, request), stepAnswerAttributes);
  }

  async attest(viewer: Viewer, request: AttestInput): Promise<AttestAnswer> {
    return inSpan(...runSpan('attest', request), () => this.applyAttestation(viewer, request), attestAnswerAttributes);
  }

  private async applyBegin(viewer: Viewer, reader: MemoryReader, input: BeginInput): Promise<StepAnswer> {
    // The URI (mem, layer or adapter) is read once, here: the protocol and the step it named.
    const found = await reader.protocolNamed(input);
    if (!found) {
      const what = input.uri ? `No protocol step found at ${input.uri}` : `No protocol with key "${input.key}"`;
      throw new RequestError('NOT_FOUND', `${what} in your spaces`);
    }
    const { protocol, named, slugChoice } = found;
    const head = protocol.steps[0]!;
    const chain = head.chain!;
    const runId = randomUUID();
    const steps: RunStep[] = protocol.steps.map((step) => ({
      uri: step.uri,
      label: step.label,
      text: step.text,
      challenge: step.challenge,
      version: step.version,
    }));
    // An adapter URI or a key names step 1: only a later step's URI redirects.
    const transition = beginRun({ runId, steps, ids: idSource, redirected: named._id !== head._id });
    const now = new Date();
    const change = beginChange(
      {
        _id: runId,
        // Everyone reads the app space: a run of a built-in protocol belongs in its runner's own space.
        space: protocol.space === APP_SPACE ? personalSpaceOf(viewer.principalId) : protocol.space,
        principalId: viewer.principalId,
        protocol: {
          chainId: chain.chainId,
          label: chain.label,
          slug: chain.slug,
          headUri: head.uri,
          version: chain.protocolVersion,
          space: protocol.space,
          ...(slugChoice && { slugChoice }),
        },
        stepUris: steps.map((step) => step.uri),
        status: isEveryStepSettled(transition.state) ? 'COMPLETED' : 'ACTIVE',
        state: transition.state,
        proofs: [],
        attestation: null,
        events: [],
        prompts: [],
        eventSeq: 0,
        version: 1,
        createdAt: now,
        updatedAt: now,
        expiresAt: this.expiryFrom(now),
      },
      now,
    );
    await this.commit(change);
    return inRunContext(transition.answer, change.commit.run, viewer);
  }

  private async applyNextStep(viewer: Viewer, request: NextInput): Promise<StepAnswer> {
    const input = { ...request, ...resolveLayerUri(request.uri, request.runId) };
    checkText('nonce', input.solution?.nonce, { name: 'solution.nonce' });
    checkText('proofHash', input.solution?.proofHash, { name: 'solution.proofHash' });
    checkText('solutionTrace', input.solution?.trace, { name: 'solution.trace' });
    // The trace is kept beside the proof, outside what is checked, hashed and compared on resubmission.
    const { trace = null, ...proved } = input.solution ?? { type: 'COMMENT' as const };
    const solution: SolutionInput | null | undefined = input.solution ? proved : input.solution;
    for (let attempt = 0; attempt < MAX_CONFLICT_RETRIES; attempt++) {
      const run = await this.loadNamedRun(viewer, input);
      if (!run) return runNotFoundAnswer(input.runId ?? 'none', input.uri);
      const digest = solution ? solutionDigest(solution) : undefined;
      const settled = solution?.nonce ? this.settledProofWithNonce(run, solution.nonce) : null;
      if (settled?.response) {
        // An idempotency key binds its request: the same nonce with another solution gets no one else's answer.
        if (settled.solutionDigest && settled.solutionDigest !== digest) return inRunContext(nonceReusedAnswer(run, settled), run, viewer);
        return inRunContext(answerOfStoredResponse(settled.response), run, viewer);
      }
      const transition = applyNext(run.state, { uri: input.uri, solution, now: new Date() }, idSource);
      if (await this.save(run, transition, { solutionDigest: digest, trace })) return inRunContext(transition.answer, run, viewer);
    }
    throw new RequestError('SERVICE_UNAVAILABLE', 'The run is too busy; retry shortly');
  }

  /**
   * A person's reply to a prompt. `options.atHost`: the reply came from the person at the
   * caller's own MCP host (elicitation). Who may answer: src/runs/prompt-answer-rule.ts.
   */
  async answerPrompt(
    viewer: Viewer,
    input: { promptId: string; confirmation: string },
    options: { atHost?: boolean } = {},
  ): Promise<AnswerPromptResult> {
    return inSpan(
      ...runSpan('answerPrompt', {}),
      () => this.applyPromptAnswer(viewer, input, options),
      ({ result }) => stepAnswerAttributes(result),
    );
  }

  private async applyPromptAnswer(
    viewer: Viewer,
    input: { promptId: string; confirmation: string },
    options: { atHost?: boolean },
  ): Promise<AnswerPromptResult> {
    if (input.confirmation.trim() === '') throw new RequestError('BAD_USER_INPUT', 'confirmation must not be empty');
    checkText('confirmation', input.confirmation);
    for (let attempt = 0; attempt < MAX_CONFLICT_RETRIES; attempt++) {
      const found = await this.runs.findRunWithPrompt(input.promptId);
      if (!found || !(viewer.readableSpaces.includes(found.run.space) || canReviewIn(viewer, found.run.space))) {
        throw new RequestError('NOT_FOUND', `Prompt ${input.promptId} not found`);
      }
      const { run, prompt } = found;
      // The one rule for who may answer (src/runs/prompt-answer-rule.ts), whichever door the answer came through.
      const refusal = promptAnswerRefusal(prompt, run, viewer, options.atHost ? 'RELAYED_BY_HOST' : 'DIRECT');
      if (refusal) throw new RequestError('FORBIDDEN', PROMPT_ANSWER_MESSAGES[refusal], { reason: refusal });
      const transition = applyPromptAnswer(
        run.state,
        { promptId: input.promptId, confirmation: input.confirmation, now: new Date() },
        idSource,
      );
      if (!transition) {
        // Already answered (or the run moved on): answer with the run as it stands, changing nothing.
        return {
          prompt: toChallengePrompt(prompt),
          result: inRunContext(this.answeredResponse(run, prompt) ?? showRun(run.state), run, viewer),
        };
      }
      const answer: PromptAnswer = { prompt, by: viewer.principalId };
      if (await this.save(run, transition, { answer })) {
        return {
          prompt: toChallengePrompt({ ...prompt, status: 'ANSWERED', at: new Date(), answeredBy: viewer.principalId }),
          result: inRunContext(transition.answer, run, viewer),
        };
      }
    }
    throw new RequestError('SERVICE_UNAVAILABLE', 'The run is too busy; retry shortly');
  }

  private async applyAttestation(viewer: Viewer, request: AttestInput): Promise<AttestAnswer> {
    const input = { ...request, ...resolveLayerUri(request.uri, request.runId) };
    checkText('attestMessage', input.message, { name: 'message' });
    checkText('llmModelId', input.llmModelId, { plain: true });
    if (input.qualityBonus !== null && input.qualityBonus !== undefined && !Number.isFinite(input.qualityBonus)) {
      throw new RequestError('BAD_USER_INPUT', 'qualityBonus must be a finite number');
    }
    const gradingRefusal = gradingInputRefusal(input);
    if (gradingRefusal) throw new RequestError(gradingRefusal.code, gradingRefusal.message);
    for (let attempt = 0; attempt < MAX_CONFLICT_RETRIES; attempt++) {
      const run = await this.loadNamedRun(viewer, input);
      if (!run) {
        const runId = input.runId ?? 'none';
        return {
          runId,
          uri: input.uri,
          outcome: input.outcome,
          notice: { kind: 'RUN_NOT_FOUND', runId },
          qualityBonus: 0,
          ratedAt: null,
          errorCode: 'RUN_NOT_FOUND',
          instruction: { kind: 'BEGIN_AGAIN', uri: input.uri },
        };
      }
      // Attesting again with the same outcome and message is a resubmission: same answer (and the
      // usage counted, if the first call stopped before counting it).
      const previous = run.attestation;
      if (previous && previous.outcome === input.outcome && previous.message === input.message) {
        if (run.pendingUsage) await this.countUsage(run, run.pendingUsage);
        return answerOfStoredAttestation(previous);
      }
      const now = new Date();
      const rated = applyAttest(run.state, { ...input, now });
      if (!rated.rating) return rated.answer;
      const rating = rated.rating;
      const transition = { ...rated, rating, answer: { ...rated.answer, grading: gradeRun({ ...input, outcome: rating.outcome }) } };
      const pendingUsage: AttestCount = {
        uris: transition.qualityTargetUris,
        success: transition.rating.outcome === 'SUCCESS',
        bonus: transition.rating.qualityBonus,
        ratedAt: transition.rating.ratedAt,
        rater: transition.rating.rater?.trim() || DEFAULT_ATTEST_RATER,
        rewardScore: input.score === null || input.score === undefined ? null : rankingRewardScore(transition.rating.outcome, input.score),
      };
      if (!(await this.commit(attestChange(run, { ...transition, rating: transition.rating }, pendingUsage, now)))) continue;
      // After the run commits, outside its write: concurrent attests of one protocol share counters.
      await this.countUsage(run, pendingUsage);
      this.settings.onAttest?.(transition.rating.outcome);
      if (transition.rating.outcome === 'SUCCESS') await this.settings.onSuccess?.(run, input.score ?? null);
      return transition.answer;
    }
    throw new RequestError('SERVICE_UNAVAILABLE', 'The run is too busy; retry shortly');
  }

  async getRun(viewer: Viewer, runId: string): Promise<RunRecord | null> {
    return this.loadRun(viewer, runId);
  }

  async listRuns(viewer: Viewer, args: RunListArgs): Promise<RunPage> {
    const size = pageSize(args.first, 50, 500);
    let spaces = viewer.readableSpaces;
    if (args.space) {
      spaces = [requireReadableSpace(viewer, args.space)];
    }
    const filter = { spaces, status: args.status ?? undefined, chainId: args.chainId ?? undefined };
    const after = args.after ? decodeCursor(args.after) : null;
    const rows = await this.runs.listRuns(filter, after, size + 1);
    return toPage(
      rows,
      size,
      after,
      (run) => ({ at: run.updatedAt, id: run._id }),
      () => this.runs.countRuns(filter),
    );
  }

  /** The events of a run already read (Run.events), without reading it again. */
  eventsOf(run: RunRecord, afterSeq = 0): RunEvent[] {
    return run.events.filter((event) => event.seq > afterSeq).map(toRunEvent);
  }

  /**
   * The run's events after `afterSeq` from the database, then live ones, each exactly once:
   * the live feed is opened before the run is read, and anything already replayed is skipped.
   * The past is read in slices of `REPLAY_SLICE_EVENTS`, the next once the last is handed out.
   */
  watchRun(viewer: Viewer, runId: string, afterSeq: number, overflow: OverflowPolicy): AsyncIterableIterator<RunEvent> {
    // One replay opens at a time per principal: each takes its events from the budget before the
    // next reads its run, so past the budget the rest are refused without reading anything.
    return replayThenLive(() =>
      this.inReplayTurn(viewer.principalId, async () => {
        this.takeReplayBudget(viewer, 1, false);
        const live = this.events.subscribe('run', runId, overflow);
        try {
          const first = await this.runs.findRunEventSlice(runId, viewer.readableSpaces, afterSeq, REPLAY_SLICE_EVENTS);
          if (!first) throw new RequestError('NOT_FOUND', `Run ${runId} not found`);
          this.takeReplayBudget(viewer, first.remaining);
          let lastSeq = first.events.at(-1)?.seq ?? afterSeq;
          let left = first.remaining - first.events.length;
          let position = first.position + first.events.length;
          const nextSlice = async (): Promise<RunEvent[]> => {
            if (left <= 0) return [];
            const events =
              (await this.runs.findRunEventsAt(runId, viewer.readableSpaces, position, Math.min(left, REPLAY_SLICE_EVENTS))) ?? [];
            left = events.length === 0 ? 0 : left - events.length;
            position += events.length;
            lastSeq = events.at(-1)?.seq ?? lastSeq;
            return events.map(toRunEvent);
          };
          return { replay: first.events.map(toRunEvent), nextSlice, live, replayed: (event: RunEvent) => event.seq <= lastSeq };
        } catch (error) {
          await live.return();
          throw error;
        }
      }),
    );
  }

  private inReplayTurn<T>(principalId: string, open: () => Promise<T>): Promise<T> {
    const turn = (this.replayTurns.get(principalId) ?? Promise.resolve()).then(open);
    const settled = turn.then(
      () => {},
      () => {},
    );
    this.replayTurns.set(principalId, settled);
    void settled.then(() => {
      if (this.replayTurns.get(principalId) === settled) this.replayTurns.delete(principalId);
    });
    return turn;
  }

  /** Takes `events` from the principal's replay budget (or, `take` false, only checks they would fit); QUOTA_EXCEEDED past it. */
  private takeReplayBudget(viewer: Viewer, events: number, take = true): void {
    const budget = this.settings.replayBudget;
    const taken = take ? budget?.take(viewer.principalId, events) : budget?.check(viewer.principalId, events);
    if (!budget || !taken || taken.ok) return;
    throw new RequestError(
      'QUOTA_EXCEEDED',
      `At most ${budget.perMinute} run events may be replayed per minute for one principal; this replay has ${events}: retry in ${taken.retryAfterSeconds} s, or resume with a later afterSeq`,
      { limit: budget.perMinute, retryAfterSeconds: taken.retryAfterSeconds },
    );
  }

  /** Open prompts first, then every prompt change, for one run or a whole space (a Repeater: it merges a feed per space). */
  watchPrompts(
    viewer: Viewer,
    filter: { runId?: string | null; space?: string | null },
    overflow: OverflowPolicy,
  ): AsyncIterableIterator<ChallengePrompt> {
    return new Repeater<ChallengePrompt>(async (push, stop) => {
      // An admin may watch (and answer) the prompts of any personal space by naming it.
      let spaces = filter.space
        ? [canReviewIn(viewer, filter.space) ? filter.space : requireReadableSpace(viewer, filter.space)]
        : viewer.readableSpaces;
      if (filter.runId) {
        const space = await this.runs.findRunSpace(filter.runId, viewer.readableSpaces);
        if (!space) throw new RequestError('NOT_FOUND', `Run ${filter.runId} not found`);
        spaces = [space];
      }
      const feeds = spaces.map((space) => this.events.subscribe('prompt', space, overflow));
      void stop.then(() => Promise.all(feeds.map((feed) => feed.return())));
      const seen = new Map<string, string>();
      for (const prompt of await this.runs.openPrompts(spaces, filter.runId ?? undefined)) {
        const event = toChallengePrompt(prompt);
        seen.set(event.promptId, event.status);
        await push(event);
      }
      for await (const event of Repeater.merge(feeds)) {
        if (filter.runId && event.runId !== filter.runId) continue;
        if (seen.get(event.promptId) === event.status) continue;
        seen.set(event.promptId, event.status);
        await push(event);
      }
      stop();
    });
  }

  /**
   * Runs starting, completing, being attested or expiring, in one space or every readable one,
   * live only (a watcher that needs the past lists runs).
   */
  watchRunLifecycle(viewer: Viewer, filter: { space?: string | null }, overflow: OverflowPolicy): AsyncIterableIterator<RunLifecycleEvent> {
    return subscribeAcrossSpaces(this.events, 'runLifecycle', readableSpacesFor(viewer, filter.space), overflow);
  }

  /**
   * Marks idle runs EXPIRED and closes their prompts, and counts the usage of runs whose attest
   * stopped before counting it; the server calls it on a timer.
   */
  async expireIdleRuns(now = new Date()): Promise<number> {
    for (const run of await this.runs.findRunsWithPendingUsage(new Date(now.getTime() - USAGE_COUNT_GRACE_MS), 100)) {
      if (run.pendingUsage) await this.countUsage(run, run.pendingUsage);
    }
    const stale = await this.runs.findExpiredRuns(now, 100);
    let expired = 0;
    for (const run of stale) if (await this.expire(run, now)) expired++;
    return expired;
  }

  /** Counts an attested run's proofs and attest in `memory_usage` (idempotent per run), then clears its pending attest. */
  private async countUsage(run: RunRecord, attest: AttestCount): Promise<void> {
    await this.usage.countRun(runUsage(run, attest));
    await this.runs.clearPendingUsage(run._id);
  }

  private async expire(run: RunRecord, now: Date): Promise<boolean> {
    return this.commit(expiryChange(run, now));
  }

  /** Saves a step transition; false when another call moved the run first. */
  private async save(
    run: RunRecord,
    transition: StepTransition,
    details: { answer?: PromptAnswer; solutionDigest?: string; trace?: string | null },
  ): Promise<boolean> {
    const now = new Date();
    const change = stepChange(run, transition, { now, expiresAt: this.expiryFrom(now), ...details });
    return change ? this.commit(change) : true;
  }

  /** Writes the change (one conditional write of the run), then tells subscribers. False when another call moved the run first. */
  private async commit(change: RunChange): Promise<boolean> {
    if (!(await this.runs.commit(change.commit))) return false;
    const run = change.commit.run;
    for (const event of change.events) {
      // Subscribers receive it on their own streams: the transition's trace records the hand-over.
      addSpanEvent('kairos.run.event', {
        [SPAN_ATTRIBUTES.runId]: run._id,
        [SPAN_ATTRIBUTES.eventSequence]: event.seq,
        [SPAN_ATTRIBUTES.eventType]: event.type,
      });
      this.events.publish('run', run._id, toRunEvent(event));
      const lifecycle = toRunLifecycleEvent(run, change.status, event);
      if (lifecycle) this.events.publish('runLifecycle', run.space, lifecycle);
    }
    for (const prompt of change.prompts) this.events.publish('prompt', prompt.space, toChallengePrompt(prompt));
    return true;
  }

  /** The proof that settled a step with this nonce, if any. */
  private settledProofWithNonce(run: RunRecord, nonce: string): StoredProof | null {
    return run.proofs.find((proof) => proof.settled && proof.record.nonce === nonce) ?? null;
  }

  private answeredResponse(run: RunRecord, prompt: PromptRecord): StepAnswer | null {
    const response = run.proofs.find(
      (proof) => proof.settled && proof.record.source === 'HUMAN' && proof.record.stepIndex === prompt.stepIndex,
    )?.response;
    return response ? answerOfStoredResponse(response) : null;
  }

  /** The run named by id, or the caller's most recent open run containing `uri`; expires it if idle. */
  private async loadOpenRun(viewer: Viewer, runId: string | null | undefined, uri: string): Promise<RunRecord | null> {
    const run = runId
      ? await this.loadRun(viewer, runId)
      : await this.runs.findLatestOpenRun(viewer.principalId, uri, viewer.readableSpaces);
    if (!run || run.principalId !== viewer.principalId) return null;
    if ((run.status === 'ACTIVE' || run.status === 'COMPLETED') && run.expiresAt <= new Date()) {
      await this.expire(run, new Date());
      return this.runs.findRun(run._id, viewer.readableSpaces);
    }
    return run;
  }

  /**
   * `loadOpenRun`, and for a `kairos://layer/<id>?execution_id=<run>` URI the check that the run
   * is the caller's and holds that layer (`EXECUTION_ID_MISMATCH`). The run loaded serves the
   * check, so a call that passes it reads the run once; only a run not loaded is looked up again,
   * to tell another principal's run from none.
   */
  private async loadNamedRun(viewer: Viewer, input: { uri: string; runId?: string | null; layerUri?: string }): Promise<RunRecord | null> {
    const run = await this.loadOpenRun(viewer, input.runId, input.uri);
    if (!input.layerUri || !input.runId) return run;
    const owner = run ?? (await this.runs.findRunOwnership(input.runId));
    const mismatch = (reason: string) =>
      new RequestError('EXECUTION_ID_MISMATCH', reason, { uri: input.layerUri, executionId: input.runId });
    if (owner && owner.principalId !== viewer.principalId) throw mismatch(`Run ${input.runId} belongs to another principal`);
    if (owner && !owner.stepUris.includes(input.uri)) throw mismatch(`The layer is not a step of run ${input.runId}`);
    return run;
  }

  private async loadRun(viewer: Viewer, runId: string): Promise<RunRecord | null> {
    return this.runs.findRun(runId, viewer.readableSpaces);
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.settings.runIdleTtlMs);
  }
}

/**
 * The answer with the protocol's title and space on its step, as the run recorded them at begin.
 * The slug choice names protocols in the runner's own spaces: only the runner is shown it.
 */
function inRunContext(answer: StepAnswer, run: Pick<RunRecord, 'protocol' | 'space' | 'principalId'>, viewer: Viewer): StepAnswer {
  if (!answer.currentStep) return answer;
  return {
    ...answer,
    currentStep: {
      ...answer.currentStep,
      protocolLabel: run.protocol.label,
      space: run.protocol.space ?? run.space,
      slugChoice: viewer.principalId === run.principalId ? (run.protocol.slugChoice ?? null) : null,
    },
  };
}

/**
 * `kairos://layer/<id>?execution_id=<run>` names the step and its run (KAIROS 4): read as the
 * step's `kairos://mem/` URI and that run (`layerUri` kept for the checks of `loadNamedRun`).
 * Refused (`EXECUTION_ID_MISMATCH`) when `runId` names another run.
 */
function resolveLayerUri(
  uri: string,
  runId: string | null | undefined,
): { uri: string; runId: string | null | undefined; layerUri?: string } {
  const layer = parseKairosUri(uri);
  if (layer?.kind !== 'layer') return { uri, runId };
  const stepUri = memoryUri(layer.id);
  if (!layer.executionId) return { uri: stepUri, runId };
  if (runId && runId !== layer.executionId) {
    throw new RequestError('EXECUTION_ID_MISMATCH', `The layer URI names run ${layer.executionId} but runId is ${runId}`, {
      uri,
      executionId: layer.executionId,
    });
  }
  return { uri: stepUri, runId: layer.executionId, layerUri: uri };
}

function nonceReusedAnswer(run: RunRecord, settled: StoredProof): StepAnswer {
  return { ...showRun(run.state), errorCode: 'NONCE_REUSED', notice: { kind: 'NONCE_REUSED', stepIndex: settled.record.stepIndex } };
}
