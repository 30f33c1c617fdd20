/**
 * The real server as a separate process (`node --import tsx src/main.ts`), the way it is
 * deployed: for tests that need several processes, or one that stops and comes back.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freeLoopbackPort } from './free-port.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcessOptions {
  mongoUri: string;
  dbName: string;
  redisUrl?: string;
  /** A fixed port (to restart on the same address); a free one otherwise. */
  port?: number;
  /** More settings, e.g. `{ KAIROS_AUTH: 'on' }`. */
  env?: Record<string, string>;
  /** Node options before the entry point, e.g. a preloaded probe (the bench's `--import ./bench/server-probe.ts`). */
  nodeArgs?: string[];
  /** Open an IPC channel to the child (`child.send`, `'message'`). */
  ipc?: boolean;
}

export interface ServerProcess {
  port: number;
  baseUrl: string;
  graphqlUrl: string;
  wsUrl: string;
  pid: number;
  child: ChildProcess;
  /** What the process wrote to stderr (warnings and errors at LOG_LEVEL=warn). */
  output(): string;
  /** SIGTERM (graceful: closes sockets, Redis and the database client), then waits for the exit. */
  stop(): Promise<void>;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freeLoopbackPort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    MONGODB_URI: options.mongoUri,
    MONGODB_DB: options.dbName,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL === undefined || process.env.TEST_LOG_LEVEL === 'silent' ? 'warn' : process.env.TEST_LOG_LEVEL,
    KAIROS_GRAPHIQL: 'off',
    ...options.env,
  };
  if (options.redisUrl) env.REDIS_URL = options.redisUrl;
  else delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), 'src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    port,
    baseUrl,
    graphqlUrl: `${baseUrl}/graphql`,
    wsUrl: `ws://127.0.0.1:${port}/graphql`,
    pid: child.pid!,
    child,
    output: () => output,
    stop: () => stopProcess(child),
  };
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server process not healthy within 60 s:\n${output()}`);
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
