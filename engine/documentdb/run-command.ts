import { spawn } from 'node:child_process';

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/** Runs a command to completion; rejects with the tail of its output so failures explain themselves. */
export function runCommand(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      // Only the tail matters for diagnostics; apt output can be megabytes.
      output = (output + chunk.toString('utf8')).slice(-8_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} could not be run: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else {
        const reason = signal ? `killed by ${signal}` : `exit code ${code}`;
        reject(new Error(`${command} ${args.join(' ')} failed (${reason}):\n${output.slice(-2_000)}`));
      }
    });
  });
}

/** Whether an executable of this name is on PATH. */
export async function isOnPath(executable: string): Promise<boolean> {
  try {
    await runCommand('sh', ['-c', `command -v ${executable}`]);
    return true;
  } catch {
    return false;
  }
}
