import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '../support/app.js';

const bin = fileURLToPath(new URL('../../bin/kairos-graphql.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The real command-line tool in its own process, pointed at `server` (its URL and its database). */
export function cli(server: TestServer, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      {
        env: {
          ...process.env,
          KAIROS_URL: server.running.graphqlUrl,
          MONGODB_URI: server.mongoUri,
          MONGODB_DB: server.dbName,
          KAIROS_TOKEN: '',
          ...env,
        },
        timeout: 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A scratch directory for the files a test writes and verifies. */
export async function scratch(): Promise<(name: string, content: string) => Promise<string>> {
  const dir = await mkdtemp(join(tmpdir(), 'kairos-transcripts-'));
  return async (name, content) => {
    const path = join(dir, name);
    await writeFile(path, content);
    return path;
  };
}
