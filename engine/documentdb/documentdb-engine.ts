import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { chrootCommand, ensureDocumentDbInstalled, mountSystemDirs, POSTGRES_BIN, unmountSystemDirs } from './chroot.js';
import { dropLease, engineLayout, type EngineLayout, otherLeaseHolders, takeLease, withEngineLock } from './engine-dir.js';

type Log = (message: string) => void;

export interface RunningDocumentDb {
  /** PostgreSQL with the DocumentDB extension, on 127.0.0.1. */
  pgPort: number;
  /** Stops PostgreSQL only if this process started it and nobody else is using it. */
  stop(): Promise<void>;
}

const DEFAULT_PG_PORT = 54329;

function configuredPort(): number {
  const raw = process.env.KAIROS_ENGINE_PG_PORT;
  if (raw === undefined || raw === '') return DEFAULT_PG_PORT;
  const port = Number.parseInt(raw, 10);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`KAIROS_ENGINE_PG_PORT must be a TCP port, got "${raw}"`);
  }
  return port;
}

/**
 * This engine is for local development and tests only (production sets MONGODB_URI),
 * so durability is traded for speed: no fsync, no synchronous commit, no full-page writes.
 */
function engineSettings(port: number): string {
  return [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    "unix_socket_directories = ''",
    "shared_preload_libraries = 'pg_cron,pg_documentdb_core,pg_documentdb'",
    "cron.database_name = 'postgres'",
    'max_connections = 200',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    '',
  ].join('\n');
}

async function postgresUser(layout: EngineLayout): Promise<{ uid: number; gid: number }> {
  const passwd = await readFile(join(layout.rootfs, 'etc/passwd'), 'utf8');
  const entry = passwd.split('\n').find((line) => line.startsWith('postgres:'));
  const [, , uid, gid] = entry?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('The chroot has no postgres user; delete it to rebuild');
  return { uid: Number(uid), gid: Number(gid) };
}

async function asPostgres(layout: EngineLayout, args: string[]): Promise<string> {
  const { uid, gid } = await postgresUser(layout);
  return chrootCommand(layout, args, { userspec: `${uid}:${gid}`, env: { HOME: '/var/lib/postgresql' } });
}

async function ensureDataDir(layout: EngineLayout, log: Log): Promise<void> {
  if (existsSync(layout.dataDirMarker)) return;
  log('Initialising the PostgreSQL data directory...');
  await rm(layout.dataDir, { recursive: true, force: true });
  await mkdir(layout.dataDir, { recursive: true });
  const { uid, gid } = await postgresUser(layout);
  await chown(dirname(layout.dataDir), uid, gid);
  await chown(layout.dataDir, uid, gid);
  await asPostgres(layout, [
    join(POSTGRES_BIN, 'initdb'),
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '-D',
    layout.dataDirInChroot,
  ]);
  const conf = join(layout.dataDir, 'postgresql.conf');
  await writeFile(conf, `${await readFile(conf, 'utf8')}\ninclude_if_exists = 'kairos.conf'\n`);
  await writeFile(layout.dataDirMarker, '');
}

/** The port of the postmaster running on our data directory, if one is running. */
async function runningPostmasterPort(layout: EngineLayout): Promise<number | undefined> {
  if (!existsSync(join(layout.dataDir, 'postmaster.pid'))) return undefined;
  try {
    await asPostgres(layout, [join(POSTGRES_BIN, 'pg_ctl'), 'status', '-D', layout.dataDirInChroot]);
  } catch {
    return undefined;
  }
  // postmaster.pid line 4 holds the port.
  const lines = (await readFile(join(layout.dataDir, 'postmaster.pid'), 'utf8')).split('\n');
  const port = Number.parseInt(lines[3] ?? '', 10);
  return Number.isInteger(port) ? port : undefined;
}

async function startPostgres(layout: EngineLayout, port: number): Promise<void> {
  await writeFile(join(layout.dataDir, 'kairos.conf'), engineSettings(port));
  try {
    await asPostgres(layout, [
      join(POSTGRES_BIN, 'pg_ctl'),
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      layout.dataDirInChroot,
      '-l',
      layout.logFileInChroot,
    ]);
  } catch (error) {
    const logTail = await readFile(join(layout.rootfs, layout.logFileInChroot), 'utf8').catch(() => '');
    throw new Error(
      `PostgreSQL did not start on port ${port} (set KAIROS_ENGINE_PG_PORT if the port is taken): ` +
        `${(error as Error).message}\n${logTail.slice(-1_500)}`,
    );
  }
}

async function ensureExtension(port: number): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS documentdb CASCADE');
  } finally {
    await client.end();
  }
}

async function stopPostgres(layout: EngineLayout): Promise<void> {
  await asPostgres(layout, [join(POSTGRES_BIN, 'pg_ctl'), 'stop', '-w', '-m', 'fast', '-D', layout.dataDirInChroot]);
  await unmountSystemDirs(layout.rootfs);
}

/**
 * Builds (first run), starts or reuses PostgreSQL + DocumentDB in its chroot. Needs root.
 */
export async function startDocumentDb(options: { log: Log }): Promise<RunningDocumentDb> {
  const { log } = options;
  if (process.getuid?.() !== 0) {
    throw new Error('the DocumentDB engine needs root (it runs in a chroot with bind mounts)');
  }
  const layout = engineLayout();
  const wantedPort = configuredPort();
  return withEngineLock(layout, async () => {
    await ensureDocumentDbInstalled(layout, log);
    await mountSystemDirs(layout.rootfs);
    let pgPort = await runningPostmasterPort(layout);
    const startedHere = pgPort === undefined;
    if (pgPort === undefined) {
      await ensureDataDir(layout, log);
      log(`Starting PostgreSQL + DocumentDB on 127.0.0.1:${wantedPort}...`);
      await startPostgres(layout, wantedPort);
      pgPort = wantedPort;
    } else {
      log(`Reusing PostgreSQL + DocumentDB already running on 127.0.0.1:${pgPort}.`);
    }
    await ensureExtension(pgPort);
    await takeLease(layout);
    return {
      pgPort,
      stop: () =>
        withEngineLock(layout, async () => {
          await dropLease(layout);
          if (!startedHere) return;
          const others = await otherLeaseHolders(layout);
          if (others.length > 0) {
            log(`Leaving PostgreSQL running: still used by pid ${others.join(', ')}.`);
            return;
          }
          await stopPostgres(layout);
        }),
    };
  });
}

export interface DocumentDbStatus {
  installed: boolean;
  pgPort?: number;
}

export async function documentDbStatus(): Promise<DocumentDbStatus> {
  const layout = engineLayout();
  const installed = existsSync(layout.installedMarker);
  return { installed, pgPort: installed ? await runningPostmasterPort(layout) : undefined };
}

/** Stops the engine whoever started it (for `npm run engine -- stop`). */
export async function forceStopDocumentDb(): Promise<boolean> {
  const layout = engineLayout();
  return withEngineLock(layout, async () => {
    if ((await runningPostmasterPort(layout)) === undefined) return false;
    await stopPostgres(layout);
    return true;
  });
}
