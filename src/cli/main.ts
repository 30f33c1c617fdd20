/**
 * `kairos-graphql proposals …|mint …|runs …`: the human side of the server, over GraphQL, and
 * `tokens create` straight in the database. Server from `--url` (its base URL, with or without
 * `/graphql`), else `KAIROS_URL`, else http://localhost:4000. Exit codes: 0 done, 1 refused or
 * failed (one line on stderr), 2 usage.
 */
import { parseArgs } from 'node:util';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { isRole, ROLES } from '../auth/viewer.js';
import { CliApplyProposalDocument, CliProposalDocument, CliProposalsDocument, CliRejectProposalDocument } from './documents.js';
import { transcriptCommand } from './transcripts.js';
import { MEMORIES_USAGE, memoriesCommand } from './memories.js';
import { mintFile } from './mint-command.js';
import { listRuns, showRun } from './run-commands.js';
import { CliError, graphqlEndpoint, request } from './server-client.js';

const USAGE = `usage: kairos-graphql <command> [--url URL] [--token TOKEN] [--json]
  proposals list [--status STAGED|APPLIED|REJECTED|EXPIRED]   staged proposals (or those with the status), newest first
  proposals review <id>                             details and the diff applying would write now
  proposals apply <id>                              apply a staged proposal
  proposals reject <id> --reason "…"                reject a staged proposal
  mint <file.md> [--space SPACE] [--force]          mint a protocol document (--force replaces one with the same title)
  runs list [--status ACTIVE|COMPLETED|ATTESTED|EXPIRED]   runs, most recently active first
  runs show <id>                                    a run's steps, proofs and events
  --url is the server (http://127.0.0.1:4000, with or without /graphql); --json prints the answer as JSON for scripts.
       kairos-graphql tokens create [--role admin|reviewer|human|agent] [--name NAME] [--group G]… [--expires-in SECONDS]
                                                    a principal (made once) and a new token, straight in the database
                                                    (MONGODB_URI/MONGODB_DB as the server uses them); the token is shown once
       kairos-graphql runs export … | verify <file> … | keys rotate|list
                                                    signed run transcripts (kairos-graphql verify --help)
       kairos-graphql reindex                      re-embed every protocol step for search with the configured provider
                                                    (KAIROS_EMBEDDINGS…), straight in the database; progress on stderr
       kairos-graphql mcp [--url URL] [--token TOKEN]       the MCP tools over stdio, relayed to a running server's /mcp
                                                    (KAIROS_URL, default http://localhost:4000)
${MEMORIES_USAGE}
The token for proposals, memories and mcp commands comes from --token or KAIROS_TOKEN (needed when the server runs with KAIROS_AUTH=on).`;

const DEFAULT_URL = 'http://localhost:4000';
const STATUSES = ['STAGED', 'APPLIED', 'REJECTED', 'EXPIRED'] as const;

export async function main(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const transcriptExit = await transcriptCommand(argv, { out, err: (line) => console.error(line) });
  if (transcriptExit !== null) return transcriptExit;
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
        first: { type: 'string' },
        'expected-version': { type: 'string' },
        space: { type: 'string' },
        force: { type: 'boolean' },
        json: { type: 'boolean' },
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
  if (group === 'mcp') return runMcp(values);
  if (group === 'reindex') {
    const { reindexCommand } = await import('./reindex.js');
    return reindexCommand(out);
  }
  if (!group || !['proposals', 'mint', 'runs', 'memories'].includes(group) || !command) throw new CliError(USAGE, 2);
  const url = graphqlEndpoint(values.url ?? process.env.KAIROS_URL ?? DEFAULT_URL);
  const token = values.token ?? process.env.KAIROS_TOKEN ?? null;
  const call = <TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables) =>
    request(url, token, document, variables);
  const json = values.json ?? false;
  if (group === 'mint') return mintFile(call, command, { space: values.space, force: values.force ?? false, json }, out);
  if (group === 'runs') {
    if (command === 'list') return listRuns(call, { status: values.status, json }, out);
    if (command === 'show' && id) return showRun(call, id, { json }, out);
    throw new CliError(command === 'show' ? `runs show needs a run id\n${USAGE}` : `unknown command "runs ${command}"\n${USAGE}`, 2);
  }
  if (group === 'memories') {
    const args = { uri: id, version: positionals[3], first: values.first, expectedVersion: values['expected-version'] };
    return memoriesCommand(command, args, call, out, (message, exitCode) => {
      throw new CliError(message, exitCode);
    });
  }
  const needId = () => {
    if (!id) throw new CliError(`proposals ${command} needs a proposal id\n${USAGE}`, 2);
    return id;
  };

  switch (command) {
    case 'list': {
      const status = (values.status ?? 'STAGED').toUpperCase();
      if (!(STATUSES as readonly string[]).includes(status)) throw new CliError(`--status must be one of ${STATUSES.join(', ')}`, 2);
      const { proposals } = await call(CliProposalsDocument, { status: status as (typeof STATUSES)[number], first: 200 });
      if (json) return printJson(out, { totalCount: proposals.totalCount, proposals: proposals.edges.map((edge) => edge.node) });
      if (proposals.edges.length === 0) out(`No ${status.toLowerCase()} proposals.`);
      for (const { node } of proposals.edges) {
        out(`${node.id}  ${node.status}  ${node.intent}  ${node.files.join(', ')}${node.rationale ? `  "${node.rationale}"` : ''}`);
      }
      return 0;
    }
    case 'review': {
      const { proposal } = await call(CliProposalDocument, { id: needId() });
      if (!proposal) throw new CliError(`NOT_FOUND: no proposal ${id} in your spaces`, 1);
      if (json) return printJson(out, proposal);
      out(`Proposal   ${proposal.id}`);
      out(
        `Status     ${proposal.status}${proposal.decisionReason ? ` (${proposal.decisionReason}${proposal.decisionNote ? `: ${proposal.decisionNote}` : ''})` : ''}`,
      );
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
      if (json) printJson(out, applyProposal);
      else {
        out(`${applyProposal.status}${applyProposal.reason ? ` (${applyProposal.reason})` : ''}: ${applyProposal.message}`);
        for (const drift of applyProposal.drift)
          out(`  drift: ${drift.file}${drift.sectionId ? `#${drift.sectionId}` : ''} expected ${drift.expected}, found ${drift.found}`);
      }
      return applyProposal.status === 'APPLIED' ? 0 : 1;
    }
    case 'reject': {
      const reason = values.reason?.trim();
      if (!reason) throw new CliError('proposals reject needs --reason "…"', 2);
      const { rejectProposal } = await call(CliRejectProposalDocument, { id: needId(), reason });
      const done = rejectProposal.reason === 'USER_REJECTED';
      if (json) printJson(out, rejectProposal);
      else
        out(
          done ? `REJECTED: ${rejectProposal.message}` : `${rejectProposal.status} (${rejectProposal.reason}): ${rejectProposal.message}`,
        );
      return done ? 0 : 1;
    }
    default:
      throw new CliError(`unknown command "${command}"\n${USAGE}`, 2);
  }
}

function printJson(out: (line: string) => void, value: unknown): number {
  out(JSON.stringify(value, null, 2));
  return 0;
}

/**
 * Bootstraps access: the first admin token cannot come from the API (that needs a token), so
 * this talks to the database the server uses, the same way the server finds it.
 */
async function createToken(
  values: { role?: string; name?: string; group?: string[]; 'expires-in'?: string },
  out: (line: string) => void,
): Promise<number> {
  const role = (values.role ?? 'admin').toUpperCase();
  if (!isRole(role)) throw new CliError(`--role must be one of ${ROLES.map((name) => name.toLowerCase()).join(', ')}`, 2);
  const expiresInSeconds = values['expires-in'] ? Number(values['expires-in']) : null;
  if (expiresInSeconds !== null && !(Number.isInteger(expiresInSeconds) && expiresInSeconds > 0))
    throw new CliError('--expires-in must be a positive number of seconds', 2);
  const { resolveDatabase } = await import('../../engine/resolve-database.js');
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

/** stdout belongs to the MCP protocol: refusals go to stderr as one line, via CliError. */
async function runMcp(values: { url?: string; token?: string }): Promise<number> {
  const { McpRelayError, runMcpRelay, DEFAULT_SERVER_URL } = await import('./mcp.js');
  try {
    return await runMcpRelay({
      url: values.url ?? process.env.KAIROS_URL ?? DEFAULT_SERVER_URL,
      token: values.token ?? process.env.KAIROS_TOKEN ?? null,
    });
  } catch (error) {
    if (error instanceof McpRelayError) throw new CliError(error.message, 1);
    throw error;
  }
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
