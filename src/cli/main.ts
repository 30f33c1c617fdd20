/**
 * `kairos-graphql proposals list|review <id>|apply <id>|reject <id> --reason "…"`: the human side
 * of proposals, talking to a running server over GraphQL. Server URL from `--url`, else
 * `KAIROS_URL`, else http://localhost:4000/graphql. Exit codes: 0 done, 1 refused or failed, 2 usage.
 */
import { parseArgs } from 'node:util';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import { isRole, ROLES } from '../auth/viewer.js';
import { CliApplyProposalDocument, CliProposalDocument, CliProposalsDocument, CliRejectProposalDocument } from './documents.js';

const USAGE = `usage: kairos-graphql proposals <command> [--url URL] [--token TOKEN]
  list [--status STAGED|APPLIED|REJECTED|EXPIRED]   staged proposals (or those with the status), newest first
  review <id>                                       details and the diff applying would write now
  apply <id>                                        apply a staged proposal
  reject <id> --reason "…"                          reject a staged proposal
       kairos-graphql tokens create [--role admin|reviewer|human|agent] [--name NAME] [--group G]… [--expires-in SECONDS]
                                                    a principal (made once) and a new token, straight in the database
                                                    (MONGODB_URI/MONGODB_DB as the server uses them); the token is shown once
The token for proposals commands comes from --token or KAIROS_TOKEN (needed when the server runs with KAIROS_AUTH=on).`;

const DEFAULT_URL = 'http://localhost:4000/graphql';
const STATUSES = ['STAGED', 'APPLIED', 'REJECTED', 'EXPIRED'] as const;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export async function main(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        status: { type: 'string' },
        reason: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        group: { type: 'string', multiple: true },
        'expires-in': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const { values, positionals } = parsed;
  const [group, command, id] = positionals;
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if (group === 'tokens' && command === 'create') return createToken(values, out);
  if (group !== 'proposals' || !command) throw new CliError(USAGE, 2);
  const url = values.url ?? process.env.KAIROS_URL ?? DEFAULT_URL;
  const token = values.token ?? process.env.KAIROS_TOKEN ?? null;
  const call = <TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables) => request(url, token, document, variables);
  const needId = () => {
    if (!id) throw new CliError(`proposals ${command} needs a proposal id\n${USAGE}`, 2);
    return id;
  };

  switch (command) {
    case 'list': {
      const status = (values.status ?? 'STAGED').toUpperCase();
      if (!(STATUSES as readonly string[]).includes(status)) throw new CliError(`--status must be one of ${STATUSES.join(', ')}`, 2);
      const { proposals } = await call(CliProposalsDocument, { status: status as (typeof STATUSES)[number], first: 200 });
      if (proposals.edges.length === 0) out(`No ${status.toLowerCase()} proposals.`);
      for (const { node } of proposals.edges) {
        out(`${node.id}  ${node.status}  ${node.intent}  ${node.files.join(', ')}${node.rationale ? `  "${node.rationale}"` : ''}`);
      }
      return 0;
    }
    case 'review': {
      const { proposal } = await call(CliProposalDocument, { id: needId() });
      if (!proposal) throw new CliError(`No proposal ${id}`, 1);
      out(`Proposal   ${proposal.id}`);
      out(`Status     ${proposal.status}${proposal.decisionReason ? ` (${proposal.decisionReason}${proposal.decisionNote ? `: ${proposal.decisionNote}` : ''})` : ''}`);
      out(`Intent     ${proposal.intent}, confidence ${proposal.confidence}`);
      out(`Rationale  ${proposal.rationale ?? '(none)'}`);
      out(`Space      ${proposal.space}, proposed by ${proposal.proposedBy} at ${proposal.stagedAt}, expires ${proposal.expiresAt}`);
      out(`Routing    ${proposal.routing.mode}: ${proposal.routing.reason}`);
      out(`Sources    ${proposal.sources.map((source) => `${source.type}${source.ref ? `:${source.ref}` : ''}`).join(', ') || '(none)'}`);
      out(`Files      ${proposal.files.join(', ')}`);
      if (proposal.applyBlockedBy) out(`Blocked    ${proposal.applyBlockedBy.reason}: ${proposal.applyBlockedBy.message}`);
      if (proposal.diff) out(`\n${proposal.diff}`);
      return 0;
    }
    case 'apply': {
      const { applyProposal } = await call(CliApplyProposalDocument, { id: needId() });
      out(`${applyProposal.status}${applyProposal.reason ? ` (${applyProposal.reason})` : ''}: ${applyProposal.message}`);
      for (const drift of applyProposal.drift) out(`  drift: ${drift.file}${drift.sectionId ? `#${drift.sectionId}` : ''} expected ${drift.expected}, found ${drift.found}`);
      return applyProposal.status === 'APPLIED' ? 0 : 1;
    }
    case 'reject': {
      const reason = values.reason?.trim();
      if (!reason) throw new CliError('proposals reject needs --reason "…"', 2);
      const { rejectProposal } = await call(CliRejectProposalDocument, { id: needId(), reason });
      const done = rejectProposal.reason === 'USER_REJECTED';
      out(done ? `REJECTED: ${rejectProposal.message}` : `${rejectProposal.status} (${rejectProposal.reason}): ${rejectProposal.message}`);
      return done ? 0 : 1;
    }
    default:
      throw new CliError(`unknown command "${command}"\n${USAGE}`, 2);
  }
}

/**
 * Bootstraps access: the first admin token cannot come from the API (that needs a token), so
 * this talks to the database the server uses, the same way the server finds it.
 */
async function createToken(values: { role?: string; name?: string; group?: string[]; 'expires-in'?: string }, out: (line: string) => void): Promise<number> {
  const role = (values.role ?? 'admin').toUpperCase();
  if (!isRole(role)) throw new CliError(`--role must be one of ${ROLES.map((name) => name.toLowerCase()).join(', ')}`, 2);
  const expiresInSeconds = values['expires-in'] ? Number(values['expires-in']) : null;
  if (expiresInSeconds !== null && !(Number.isInteger(expiresInSeconds) && expiresInSeconds > 0)) throw new CliError('--expires-in must be a positive number of seconds', 2);
  const { resolveDatabase } = await import('../engine/resolve-database.js');
  const { connectMongo } = await import('../store/mongo.js');
  const { AuthStore } = await import('../store/auth-store.js');
  const { AuthService } = await import('../services/auth-service.js');
  const { loadConfig } = await import('../config.js');
  const database = await resolveDatabase({ log: (line) => console.error(line) });
  const mongo = await connectMongo(database.uri, loadConfig().mongoDbName);
  try {
    const store = new AuthStore(mongo.db);
    await store.ensureIndexes();
    const issued = await new AuthService(store, { enabled: true }).bootstrap({
      name: values.name ?? role.toLowerCase(),
      role,
      groups: values.group ?? [],
      tokenName: 'cli',
      expiresInSeconds,
    });
    out(`Principal ${issued.principal.name} (${issued.principal.role}, id ${issued.principal._id})`);
    out(`Token (shown once; send it as Authorization: Bearer <token>):`);
    out(issued.token);
    return 0;
  } finally {
    await mongo.close();
    await database.stop();
  }
}

async function request<TResult, TVariables>(url: string, token: string | null, document: TypedDocumentNode<TResult, TVariables>, variables: TVariables): Promise<TResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: print(document), variables }),
    });
  } catch (error) {
    throw new CliError(`Cannot reach ${url}: ${(error as Error).message}`, 1);
  }
  const body = (await response.json().catch(() => null)) as { data?: TResult; errors?: { message: string; extensions?: { code?: string } }[] } | null;
  if (body?.errors?.length) throw new CliError(body.errors.map((error) => `${error.extensions?.code ?? 'ERROR'}: ${error.message}`).join('\n'), 1);
  if (!body?.data) throw new CliError(`Unexpected answer from ${url} (HTTP ${response.status})`, 1);
  return body.data;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (invokedDirectly || process.env.KAIROS_CLI_ENTRY === '1') {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(error instanceof CliError ? error.exitCode : 1);
    },
  );
}
