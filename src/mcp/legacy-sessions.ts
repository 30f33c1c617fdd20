/**
 * The 2025-era MCP sessions (Mcp-Session-Id) and their limits (issue 23 §3): each belongs to the
 * principal that opened it; a principal holds at most `perPrincipal` (opening one more closes its
 * oldest idle one, or is refused when none is idle); an idle session closes after `idleMs`; and a
 * session ends, with its GET stream, the moment its token is revoked or expires. The total cap
 * only ever closes idle sessions, so another principal under its own cap can always open one
 * while any session anywhere is idle.
 */
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { CredentialWatch } from '../http/credential-watch.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import type { Authentication } from '../services/auth-service.js';

export interface LegacySession {
  id: string;
  transport: NodeStreamableHTTPServerTransport;
  principalId: string;
  lastUsed: number;
  /**
   * Calls still running (a tool call may wait on a person for minutes): never idle meanwhile.
   * A client's standing GET stream does not count, or an abandoned host would hold its session forever.
   */
  open: number;
  releaseWatch: () => void;
}

export interface SessionLimits {
  perPrincipal: number;
  total: number;
  idleMs: number;
}

/** Why a new session cannot open: every slot it could take is busy. */
export type AdmissionRefusal = { code: 'RATE_LIMITED' | 'SERVICE_UNAVAILABLE'; message: string };

export class LegacySessions {
  private readonly sessions = new Map<string, LegacySession>();
  private readonly sweep: NodeJS.Timeout;

  constructor(
    private readonly limits: SessionLimits,
    private readonly credentials: CredentialWatch,
    private readonly log: Logger,
    private readonly metrics: Metrics,
  ) {
    this.sweep = setInterval(
      () => {
        const idleSince = Date.now() - limits.idleMs;
        for (const session of [...this.sessions.values()])
          if (session.open === 0 && session.lastUsed < idleSince) void this.close(session.id, 'idle');
      },
      Math.min(60_000, Math.max(1_000, limits.idleMs / 2)),
    );
    this.sweep.unref();
  }

  get(id: string): LegacySession | undefined {
    return this.sessions.get(id);
  }

  count(principalId?: string): number {
    if (principalId === undefined) return this.sessions.size;
    let count = 0;
    for (const session of this.sessions.values()) if (session.principalId === principalId) count++;
    return count;
  }

  /**
   * Makes room for one more session of this principal: closes its oldest idle session when it is
   * at its cap, and the oldest idle session anywhere when the server is at its total. Null when
   * there is room; otherwise why not (every candidate is busy with a call).
   */
  async admit(principalId: string): Promise<AdmissionRefusal | null> {
    const own = [...this.sessions.values()].filter((session) => session.principalId === principalId);
    if (own.length >= this.limits.perPrincipal) {
      const oldest = oldestIdle(own);
      if (!oldest)
        return {
          code: 'RATE_LIMITED',
          message: `This principal already has ${this.limits.perPrincipal} MCP sessions, each busy with a call; end one (DELETE) or retry later`,
        };
      await this.close(oldest.id, 'principal at its session cap');
    }
    if (this.sessions.size >= this.limits.total) {
      const oldest = oldestIdle([...this.sessions.values()]);
      if (!oldest) return { code: 'SERVICE_UNAVAILABLE', message: 'Too many open MCP sessions; retry later' };
      await this.close(oldest.id, 'server at its session total');
    }
    return null;
  }

  add(id: string, transport: NodeStreamableHTTPServerTransport, authentication: Authentication): void {
    const releaseWatch = this.credentials.watch(
      authentication,
      (reason) => void this.close(id, reason === 'revoked' ? 'token revoked' : 'token expired'),
    );
    this.sessions.set(id, { id, transport, principalId: authentication.viewer.principalId, lastUsed: Date.now(), open: 0, releaseWatch });
    this.metrics.mcpSessions.set(this.sessions.size);
    this.log.info({ sessionId: id, principal: authentication.viewer.principalId }, 'mcp session opened');
  }

  /** Forgets a session the transport ended itself. */
  forget(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    session.releaseWatch();
    this.sessions.delete(id);
    this.metrics.mcpSessions.set(this.sessions.size);
  }

  async close(id: string, why: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.forget(id);
    this.log.info({ sessionId: id, why }, 'mcp session closed');
    await session.transport.close().catch(() => {});
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweep);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id, 'server stopping')));
  }
}

function oldestIdle(sessions: LegacySession[]): LegacySession | undefined {
  let oldest: LegacySession | undefined;
  for (const session of sessions) if (session.open === 0 && (!oldest || session.lastUsed < oldest.lastUsed)) oldest = session;
  return oldest;
}
