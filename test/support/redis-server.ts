/**
 * A throwaway `redis-server` on a free loopback port for the scale-out tests: no persistence,
 * stopped at teardown. Debian's package provides the binary (`.ci/run` installs it).
 */
import { spawn } from 'node:child_process';
import { freeLoopbackPort } from './free-port.js';

export type StartedRedis = { url: string; stop(): Promise<void> } | { missing: string };

export async function startRedisServer(): Promise<StartedRedis> {
  const port = await freeLoopbackPort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(`redis-server did not start within 10 s:\n${output}`), 10_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve(`redis-server could not be started (${error.message}); install Debian's redis-server package`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(`redis-server exited with ${code}:\n${output}`);
    });
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(null);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  if (ready !== null) {
    child.kill('SIGKILL');
    return { missing: ready };
  }
  child.stdout.resume();
  child.stderr.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
