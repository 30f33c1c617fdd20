import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { engineDir } from './documentdb/engine-dir.js';

const READY_TIMEOUT_MS = 30_000;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts the `mongod` found on PATH with a throwaway data directory; stopping it deletes the data. */
export async function startLocalMongod(log: (message: string) => void) {
  const port = await freePort();
  const dbPath = join(engineDir(), 'mongod', String(port));
  await mkdir(dbPath, { recursive: true });
  log(`Starting mongod on 127.0.0.1:${port} (data in ${dbPath})...`);
  const mongod = spawn('mongod', ['--bind_ip', '127.0.0.1', '--port', String(port), '--dbpath', dbPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  mongod.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2_000);
  });
  const exited = new Promise<number | null>((resolve) => mongod.once('exit', resolve));

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await accepts(port))) {
    if (mongod.exitCode !== null || Date.now() > deadline) {
      mongod.kill('SIGKILL');
      throw new Error(`mongod did not start (exit code ${mongod.exitCode}): ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    uri: `mongodb://127.0.0.1:${port}/?directConnection=true`,
    description: `mongod from PATH on 127.0.0.1:${port}`,
    async stop() {
      if (mongod.exitCode === null) {
        mongod.kill('SIGTERM');
        await exited;
      }
      await rm(dbPath, { recursive: true, force: true });
    },
  };
}
