import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where everything of the local engine lives: outside the repository, shared by every checkout on the machine. */
export function engineDir(): string {
  return process.env.KAIROS_ENGINE_DIR ?? join(process.env.KAIROS_DATA_DIR || '/var/lib/kairos-graphql', 'engine');
}

export interface EngineLayout {
  root: string;
  rootfs: string;
  /** Written only after debootstrap and the package install both completed. */
  installedMarker: string;
  /** The PostgreSQL data directory as seen from inside the chroot. */
  dataDirInChroot: string;
  dataDir: string;
  /** Written inside the data directory only after initdb completed. */
  dataDirMarker: string;
  logFileInChroot: string;
  lockDir: string;
  leasesDir: string;
}

export function engineLayout(root = engineDir()): EngineLayout {
  const rootfs = join(root, 'rootfs');
  const dataDirInChroot = '/var/lib/kairos/pgdata';
  const dataDir = join(rootfs, dataDirInChroot);
  return {
    root,
    rootfs,
    installedMarker: join(root, 'rootfs.installed'),
    dataDirInChroot,
    dataDir,
    dataDirMarker: join(dataDir, 'kairos-initialized'),
    logFileInChroot: '/var/lib/kairos/postgres.log',
    lockDir: join(root, 'lock'),
    leasesDir: join(root, 'leases'),
  };
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwnerPid(lockDir: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(join(lockDir, 'pid'), 'utf8'), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

const LOCK_POLL_MS = 250;
// A first build takes 1-2 minutes; waiting longer than this means something is wrong.
const LOCK_WAIT_LIMIT_MS = 10 * 60_000;
// mkdir and the pid write are not atomic together; a lock younger than this without a pid is still being taken.
const LOCK_PID_GRACE_MS = 5_000;

/**
 * Runs `work` while holding a directory lock, so two processes starting at once (the server
 * and a test run) never build or start the engine twice. A lock whose owner died is taken over.
 */
export async function withEngineLock<T>(layout: EngineLayout, work: () => Promise<T>): Promise<T> {
  await mkdir(layout.root, { recursive: true });
  const startedWaiting = Date.now();
  let firstMissingPidAt: number | undefined;
  for (;;) {
    try {
      await mkdir(layout.lockDir);
      await writeFile(join(layout.lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwnerPid(layout.lockDir);
    if (owner === undefined) firstMissingPidAt ??= Date.now();
    const ownerDied = owner !== undefined && !isProcessAlive(owner);
    const ownerNeverWrotePid = owner === undefined && Date.now() - (firstMissingPidAt ?? Date.now()) > LOCK_PID_GRACE_MS;
    if (ownerDied || ownerNeverWrotePid) {
      await rm(layout.lockDir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() - startedWaiting > LOCK_WAIT_LIMIT_MS) {
      throw new Error(`Timed out waiting for the engine lock ${layout.lockDir} held by pid ${owner}`);
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
  try {
    return await work();
  } finally {
    await rm(layout.lockDir, { recursive: true, force: true });
  }
}

/** Records that this process uses the running engine, so whoever started it does not stop it underneath us. */
export async function takeLease(layout: EngineLayout): Promise<void> {
  await mkdir(layout.leasesDir, { recursive: true });
  await writeFile(join(layout.leasesDir, String(process.pid)), '');
}

export async function dropLease(layout: EngineLayout): Promise<void> {
  await rm(join(layout.leasesDir, String(process.pid)), { force: true });
}

/** Live processes other than this one that hold a lease; leases of dead processes are cleaned up on the way. */
export async function otherLeaseHolders(layout: EngineLayout): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir(layout.leasesDir);
  } catch {
    return [];
  }
  const holders: number[] = [];
  for (const name of names) {
    const pid = Number.parseInt(name, 10);
    if (pid === process.pid) continue;
    if (Number.isFinite(pid) && isProcessAlive(pid)) holders.push(pid);
    else await rm(join(layout.leasesDir, name), { force: true });
  }
  return holders;
}
