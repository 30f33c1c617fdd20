/**
 * `kairos-graphql runs export …`, `verify …` and `keys …`: signed run transcripts.
 * Export talks to a running server over GraphQL (so a token only ever exports its own spaces);
 * verify needs neither server nor database when given a key file; keys talks to the database.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { PUBLIC_KEYS_PATH } from '../transcripts/transcript-signature.js';
import { keysFromJson, verifyTranscript, type VerificationKey } from '../transcripts/verify-transcript.js';
import type { CliRunTranscriptsQueryVariables } from '../generated/graphql.js';
import { CliError, type CommandOutput, request } from './server-client.js';
import { keysCommand } from './keys.js';
import { CliRunTranscriptDocument, CliRunTranscriptsDocument } from './transcript-documents.js';

const DEFAULT_GRAPHQL_URL = 'http://localhost:4000/graphql';

export const TRANSCRIPT_USAGE = `usage: kairos-graphql runs export <runId> [--url URL] [--token TOKEN]
                                                    one run's transcript (canonical JSON) on stdout
       kairos-graphql runs export [--since DATE] [--space SPACE] [--url URL] [--token TOKEN]
                                                    every run begun since DATE, one transcript per line (JSON Lines),
                                                    oldest first; progress on stderr
       kairos-graphql verify <file> (--key-file F | --url URL)
                                                    checks a transcript (or a JSON Lines export): canonical form,
                                                    every proof hash, the chain, the signature; exit 0 verified, 1 not
       kairos-graphql keys rotate | list [--json]   add a new signing key (old ones stay published) | the public keys
                                                    (--json: a key file for verify), straight in the database
The server URL comes from --url, else KAIROS_URL, else ${DEFAULT_GRAPHQL_URL}; the token from --token or KAIROS_TOKEN.`;

const EXPORT_PAGE_SIZE = 50;

/** Runs a transcript command and returns its exit code, or null when `argv` names none of them. */
export async function transcriptCommand(argv: string[], io: CommandOutput): Promise<number | null> {
  const [group, command] = argv;
  const isExport = group === 'runs' && command === 'export';
  if (!isExport && group !== 'verify' && group !== 'keys') return null;
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(TRANSCRIPT_USAGE);
    return 0;
  }
  try {
    if (isExport) return await exportCommand(argv.slice(2), io);
    if (group === 'verify') return await verifyCommand(argv.slice(1), io);
    return await keysCommand(argv.slice(1), io);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    io.err(error.message);
    return error.exitCode;
  }
}

function parse<T extends NonNullable<Parameters<typeof parseArgs>[0]>['options']>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${TRANSCRIPT_USAGE}`, 2);
  }
}

async function exportCommand(args: string[], io: CommandOutput): Promise<number> {
  const { values, positionals } = parse(args, {
    url: { type: 'string' },
    token: { type: 'string' },
    since: { type: 'string' },
    space: { type: 'string' },
  });
  const url = values.url ?? process.env.KAIROS_URL ?? DEFAULT_GRAPHQL_URL;
  const token = values.token ?? process.env.KAIROS_TOKEN ?? null;
  const [runId, extra] = positionals;
  if (extra !== undefined) throw new CliError(`runs export takes at most one run id\n${TRANSCRIPT_USAGE}`, 2);
  if (runId !== undefined) {
    if (values.since || values.space) throw new CliError('runs export <runId> takes neither --since nor --space', 2);
    const { run } = await request(url, token, CliRunTranscriptDocument, { id: runId });
    if (!run) throw new CliError(`No run ${runId} in your spaces`, 1);
    io.out(run.transcript);
    return 0;
  }
  let since: string | null = null;
  if (values.since) {
    const date = new Date(values.since);
    if (Number.isNaN(date.getTime()))
      throw new CliError(`--since must be a date (2026-11-01 or an ISO 8601 time), got "${values.since}"`, 2);
    since = date.toISOString();
  }
  let after: string | null = null;
  let written = 0;
  for (;;) {
    const variables: CliRunTranscriptsQueryVariables = { space: values.space ?? null, since, first: EXPORT_PAGE_SIZE, after };
    const { runTranscripts } = await request(url, token, CliRunTranscriptsDocument, variables);
    for (const { node } of runTranscripts.edges) io.out(node.transcript);
    written += runTranscripts.edges.length;
    io.err(`runs export: ${written} of ${runTranscripts.totalCount} runs`);
    if (!runTranscripts.pageInfo.hasNextPage) return 0;
    after = runTranscripts.pageInfo.endCursor ?? null;
  }
}

async function verifyCommand(args: string[], io: CommandOutput): Promise<number> {
  const { values, positionals } = parse(args, { 'key-file': { type: 'string' }, url: { type: 'string' } });
  const [file, extra] = positionals;
  if (!file || extra !== undefined) throw new CliError(`verify takes one file\n${TRANSCRIPT_USAGE}`, 2);
  if (Boolean(values['key-file']) === Boolean(values.url))
    throw new CliError(`verify needs exactly one of --key-file or --url\n${TRANSCRIPT_USAGE}`, 2);
  const keys = values['key-file'] ? await keysFromFile(values['key-file']) : await keysFromServer(values.url!);
  let content: Buffer;
  try {
    content = await readFile(file);
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as Error).message}`, 2);
  }
  const lines = splitJsonLines(content);
  if (lines.length === 1) {
    const result = verifyTranscript(lines[0]!, keys);
    (result.verified ? io.out : io.err)(result.message);
    return result.verified ? 0 : 1;
  }
  for (const [index, line] of lines.entries()) {
    const result = verifyTranscript(line, keys);
    if (!result.verified) {
      io.err(`line ${index + 1}: ${result.message}`);
      return 1;
    }
  }
  io.out(`verified: ${lines.length} transcripts`);
  return 0;
}

/**
 * A transcript has no raw newline (canonical JSON escapes them), so a file of several is JSON
 * Lines. A file that parses as one JSON document is one transcript (if it is pretty-printed, the
 * verifier says it is not in canonical form).
 */
function splitJsonLines(content: Buffer): Buffer[] {
  try {
    JSON.parse(content.toString('utf8'));
    return [content];
  } catch {
    // Not one document: read it as JSON Lines.
  }
  const lines: Buffer[] = [];
  let start = 0;
  for (let index = content.indexOf(0x0a); index !== -1; index = content.indexOf(0x0a, start)) {
    lines.push(content.subarray(start, index));
    start = index + 1;
  }
  if (start < content.length || lines.length === 0) lines.push(content.subarray(start));
  return lines;
}

async function keysFromFile(path: string): Promise<VerificationKey[]> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new CliError(`Cannot read the key file ${path}: ${(error as Error).message}`, 2);
  }
  const keys = keysFromJson(json);
  if (keys.length === 0) throw new CliError(`The key file ${path} holds no Ed25519 key (a JWK, or {"keys": [...]})`, 2);
  return keys;
}

/** `--url` may name the key list itself, or the server (its GraphQL endpoint or its root). */
async function keysFromServer(url: string): Promise<VerificationKey[]> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw new CliError(`--url is not a URL: ${url}`, 2);
  }
  if (!address.pathname.endsWith('.json')) address = new URL(PUBLIC_KEYS_PATH, address);
  let json: unknown;
  try {
    const response = await fetch(address);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    json = await response.json();
  } catch (error) {
    throw new CliError(`Cannot read the key list at ${address.href}: ${(error as Error).message}`, 1);
  }
  return keysFromJson(json);
}
