/** Runs bin/kairos-graphql.js as a person would, in a child process, and keeps what it printed. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const bin = fileURLToPath(new URL('../../bin/kairos-graphql.js', import.meta.url));

/** `env` is added to this process's environment (KAIROS_URL, KAIROS_TOKEN, …). */
export function runCli(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
