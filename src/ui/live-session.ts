/**
 * Keeps LiveState current over one graphql-ws connection. Subscriptions belong to a connection:
 * each (re)connect subscribes afresh, runs resume after the last seq seen, and the lists are
 * queried again to catch up on what changed while the page was cut off. No polling.
 */
import type { Client } from 'graphql-ws';
import {
  PromptsSubscription,
  ProposalEventsSubscription,
  ProposalQuery,
  RunEventsSubscription,
  RunProgressSubscription,
  RunQuery,
  RunsQuery,
  StagedProposalsQuery,
} from './operations.js';
import { isFinished, type LiveState, type Proposal } from './live-state.js';
import { AuthRequiredError, type Http, subscribe } from './transport.js';

/** Rows on the page: active and recent runs. */
const RUN_LIMIT = 25;
const PROPOSAL_LIMIT = 50;

export interface SessionCallbacks {
  /** Something worth saying out loud (aria-live): a new prompt, a decided proposal, a failure. */
  announce(message: string): void;
  /** The token stopped working: the page asks for another. */
  onAuthRequired(): void;
  /** A proposal left the staged list (applied, rejected or expired), with how it ended. */
  onProposalDecided?(proposal: Proposal, status: string): void;
}

export class LiveSession {
  private readonly active = new Map<string, () => void>();
  private connected = false;
  private stopped = false;
  private readonly unlisten: (() => void)[] = [];

  constructor(
    private readonly http: Http,
    private readonly client: Client,
    private readonly state: LiveState,
    private readonly callbacks: SessionCallbacks,
  ) {
    this.unlisten.push(
      client.on('connected', () => this.onConnected()),
      client.on('closed', () => this.onClosed()),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.onClosed();
    for (const unlisten of this.unlisten) unlisten();
    await this.client.dispose();
  }

  private onConnected(): void {
    if (this.stopped) return;
    this.connected = true;
    this.watch('prompts', () =>
      subscribe(
        this.client,
        PromptsSubscription,
        {},
        {
          onData: ({ challengePrompts: prompt }) => {
            const isNew = prompt.status === 'OPEN' && !this.state.openPrompts().some((open) => open.promptId === prompt.promptId);
            this.state.applyPrompt(prompt);
            if (isNew) this.callbacks.announce(`New prompt from ${prompt.protocolLabel}: ${prompt.prompt}`);
            // Its run may not be on the page yet (the runs feed and the prompt feed race).
            if (!this.state.hasRun(prompt.runId)) void this.loadRun(prompt.runId);
          },
          onError: (error) => this.fail(error, 'prompts'),
        },
      ),
    );
    // A run that starts anywhere the viewer reads appears at once; its own progress feed takes over.
    this.watch('runs', () =>
      subscribe(
        this.client,
        RunEventsSubscription,
        {},
        {
          onData: ({ runEvents: event }) => {
            if (!this.state.hasRun(event.runId)) void this.loadRun(event.runId);
          },
          onError: (error) => this.fail(error, 'runs'),
        },
      ),
    );
    this.watch('proposals', () =>
      subscribe(
        this.client,
        ProposalEventsSubscription,
        {},
        {
          onData: ({ proposalEvents: event }) => void this.onProposalEvent(event.stagingId, event.type),
          onError: (error) => this.fail(error, 'proposals'),
        },
      ),
    );
    for (const { summary } of this.state.runList()) this.watchRun(summary.id);
    void this.refreshRuns();
    void this.refreshProposals();
  }

  private onClosed(): void {
    this.connected = false;
    // graphql-ws would resend each subscription unchanged; dispose them and resume from the last seq instead.
    for (const dispose of this.active.values()) dispose();
    this.active.clear();
  }

  private watch(key: string, start: () => () => void): void {
    if (!this.connected || this.active.has(key)) return;
    this.active.set(key, start());
  }

  private unwatch(key: string): void {
    this.active.get(key)?.();
    this.active.delete(key);
  }

  /** Follows one run from the last seq seen; a run that has ended is replayed once and dropped. */
  private watchRun(runId: string): void {
    if (isFinished(this.state.runEvents(runId))) return;
    const key = `run:${runId}`;
    this.watch(key, () =>
      subscribe(
        this.client,
        RunProgressSubscription,
        { runId, afterSeq: this.state.lastSeq(runId) },
        {
          onData: ({ runProgress: event }) => {
            this.state.addRunEvent(event);
            if (isFinished(this.state.runEvents(runId))) this.unwatch(key);
          },
          onError: (error) => this.fail(error, 'run progress'),
        },
      ),
    );
  }

  async refreshRuns(): Promise<void> {
    try {
      const { runs } = await this.http(RunsQuery, { first: RUN_LIMIT });
      this.state.upsertRuns(runs.edges.map((edge) => edge.node));
      for (const edge of runs.edges) this.watchRun(edge.node.id);
    } catch (error) {
      this.fail(error as Error, 'runs');
    }
  }

  private async loadRun(runId: string): Promise<void> {
    try {
      const { run } = await this.http(RunQuery, { id: runId });
      if (!run) return;
      this.state.upsertRuns([run]);
      this.state.keepRecentRuns(RUN_LIMIT);
      this.watchRun(run.id);
    } catch (error) {
      this.fail(error as Error, 'run');
    }
  }

  async refreshProposals(): Promise<void> {
    try {
      const { proposals } = await this.http(StagedProposalsQuery, { first: PROPOSAL_LIMIT });
      this.state.setStagedProposals(proposals.edges.map((edge) => edge.node));
    } catch (error) {
      this.fail(error as Error, 'proposals');
    }
  }

  /**
   * Any decision can change the diff and drift of the other staged proposals (they may touch the
   * same documents), so the staged list is queried again; the decided one is announced.
   */
  private async onProposalEvent(stagingId: string, type: string): Promise<void> {
    const before = this.state.proposal(stagingId);
    if (type !== 'STAGED' && before) {
      this.callbacks.onProposalDecided?.(before, type);
      this.callbacks.announce(`Proposal ${before.intent.toLowerCase().replaceAll('_', ' ')} was ${type.toLowerCase()}`);
    }
    await this.refreshProposals();
    if (type === 'STAGED' && !this.state.proposal(stagingId)) {
      // Beyond the first page: fetch it alone so a new proposal always shows.
      try {
        const { proposal } = await this.http(ProposalQuery, { id: stagingId });
        if (proposal?.status === 'STAGED') this.state.setStagedProposals([...this.state.stagedProposals(), proposal]);
      } catch (error) {
        this.fail(error as Error, 'proposal');
      }
    }
  }

  private fail(error: Error, what: string): void {
    if (error instanceof AuthRequiredError) {
      this.callbacks.onAuthRequired();
      return;
    }
    // A lost connection is shown by the connection indicator; the reconnect catches up.
    if ((error as { code?: string }).code === 'NETWORK') return;
    this.callbacks.announce(`Could not load ${what}: ${error.message}`);
  }
}
