/**
 * `kairos-graphql memories history <uri>` and `memories restore <uri> <version>`: a memory's
 * version history and restoring one of its versions, over GraphQL like the proposals commands.
 */
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/index.js';

export const MEMORIES_USAGE = `       kairos-graphql memories <command> [--url URL] [--token TOKEN]
  history <uri> [--first N]                         versions of a memory, newest first, each with its diff
  restore <uri> <version> [--expected-version N]    write that version back as a new one (deleted memories too)`;

export const CliMemoryHistoryDocument = graphql(`
  query CliMemoryHistory($uri: String!, $first: Int) {
    memory(uri: $uri) {
      ...CliMemoryHistoryFields
    }
  }
`);

export const CliDeletedMemoryDocument = graphql(`
  query CliDeletedMemory($first: Int, $after: String) {
    deletedMemories(first: $first, after: $after) {
      ...CliDeletedMemoryPageFields
    }
  }
`);

export const CliRestoreMemoryDocument = graphql(`
  mutation CliRestoreMemory($input: RestoreMemoryInput!) {
    restoreMemory(input: $input) {
      ...CliRestoreMemoryFields
    }
  }
`);

type Call = <TResult, TVariables>(document: TypedDocumentNode<TResult, TVariables>, variables: TVariables) => Promise<TResult>;

export async function memoriesCommand(
  command: string | undefined,
  args: { uri?: string; version?: string; first?: string; expectedVersion?: string },
  call: Call,
  out: (line: string) => void,
  fail: (message: string, exitCode: number) => never,
): Promise<number> {
  const uri = args.uri ?? fail(`memories ${command ?? ''} needs a memory URI\n${MEMORIES_USAGE}`, 2);
  switch (command) {
    case 'history': {
      const first = args.first === undefined ? 50 : positiveInt(args.first, '--first', fail);
      const { memory } = await call(CliMemoryHistoryDocument, { uri, first });
      if (!memory) return deletedHistory(uri, call, out, fail);
      out(`${memory.uri}: version ${memory.version}, ${memory.versions.totalCount} version(s) kept`);
      for (const { node } of memory.versions.edges) {
        const why = `${node.reason}${node.proposalId ? ` ${node.proposalId}` : ''}`;
        const fields = node.changedFields.length > 0 ? ` [${node.changedFields.join(', ')}]` : '';
        out(`\nv${node.version}${node.current ? ' (current)' : ''}  ${node.at}  ${node.principalId}  ${why}${fields}`);
        if (node.diff) out(node.diff.trimEnd());
      }
      return 0;
    }
    case 'restore': {
      const version = positiveInt(args.version ?? fail(`memories restore needs a version\n${MEMORIES_USAGE}`, 2), 'version', fail);
      const expectedVersion =
        args.expectedVersion === undefined ? undefined : positiveInt(args.expectedVersion, '--expected-version', fail);
      const { restoreMemory } = await call(CliRestoreMemoryDocument, { input: { uri, version, expectedVersion } });
      for (const result of restoreMemory.results) out(`${result.status}${result.code ? ` (${result.code})` : ''}: ${result.message}`);
      return restoreMemory.results.every((result) => result.status === 'RESTORED') ? 0 : 1;
    }
    default:
      return fail(`unknown command "memories ${command ?? ''}"\n${MEMORIES_USAGE}`, 2);
  }
}

/** A deleted memory has no `memory(uri)`; its deletion record says which version to restore. */
async function deletedHistory(
  uri: string,
  call: Call,
  out: (line: string) => void,
  fail: (message: string, exitCode: number) => never,
): Promise<number> {
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const {
      deletedMemories,
    }: {
      deletedMemories: {
        pageInfo: { hasNextPage: boolean; endCursor?: string | null };
        edges: { node: { uri: string; version: number; principalId: string; at: unknown; reason: string } }[];
      };
    } = await call(CliDeletedMemoryDocument, { first: 200, after });
    const found = deletedMemories.edges.find(({ node }) => node.uri === uri);
    if (found) {
      const { node } = found;
      out(`${uri}: deleted (version ${node.version}) at ${String(node.at)} by ${node.principalId} (${node.reason})`);
      out(`Restore it with: kairos-graphql memories restore ${uri} ${node.version - 1}`);
      return 0;
    }
    if (!deletedMemories.pageInfo.hasNextPage) break;
    after = deletedMemories.pageInfo.endCursor ?? null;
  }
  return fail(`No memory ${uri} in your spaces (live or deleted)`, 1);
}

function positiveInt(raw: string, name: string, fail: (message: string, exitCode: number) => never): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be a positive integer`, 2);
  return value;
}
