import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineLayout } from './engine-dir.js';
import { isOnPath, runCommand } from './run-command.js';

const DEBIAN_MIRROR = 'http://deb.debian.org/debian';
const DOCUMENTDB_PACKAGE = 'postgresql-18-documentdb';
export const POSTGRES_BIN = '/usr/lib/postgresql/18/bin';

type Log = (message: string) => void;

async function mountPoints(): Promise<string[]> {
  const mountinfo = await readFile('/proc/self/mountinfo', 'utf8');
  // Field 5 is the mount point; octal escapes (\040 for space) do not occur under our paths.
  return mountinfo
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((point): point is string => Boolean(point));
}

/** PostgreSQL needs /dev (including /dev/shm for dynamic shared memory) and apt needs /proc inside the chroot. */
export async function mountSystemDirs(rootfs: string): Promise<void> {
  const mounted = new Set(await mountPoints());
  const proc = join(rootfs, 'proc');
  const dev = join(rootfs, 'dev');
  if (!mounted.has(proc)) await runCommand('mount', ['-t', 'proc', 'proc', proc]);
  if (!mounted.has(dev)) await runCommand('mount', ['--rbind', '/dev', dev]);
}

export async function unmountSystemDirs(rootfs: string): Promise<void> {
  const mounted = new Set(await mountPoints());
  for (const point of [join(rootfs, 'dev'), join(rootfs, 'proc')]) {
    if (!mounted.has(point)) continue;
    try {
      await runCommand('umount', ['-R', point]);
    } catch {
      // Something still holds a file open there; detach now, the kernel finishes when it closes.
      await runCommand('umount', ['-R', '-l', point]);
    }
  }
}

/** Removes a half-built chroot. Unmounting first and --one-file-system keep rm away from the host's /dev. */
async function removeRootfs(layout: EngineLayout): Promise<void> {
  if (!existsSync(layout.rootfs)) return;
  await unmountSystemDirs(layout.rootfs);
  await runCommand('rm', ['-rf', '--one-file-system', layout.rootfs]);
}

async function ensureDebootstrap(log: Log): Promise<void> {
  if (await isOnPath('debootstrap')) return;
  log('Installing debootstrap with apt-get...');
  try {
    await runCommand('apt-get', ['update']);
    await runCommand('apt-get', ['install', '-y', 'debootstrap'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (error) {
    throw new Error(`debootstrap is missing and could not be installed: ${(error as Error).message}`);
  }
}

export function chrootCommand(
  layout: EngineLayout,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; userspec?: string } = {},
): Promise<string> {
  const userspec = options.userspec ? [`--userspec=${options.userspec}`] : [];
  return runCommand('chroot', [...userspec, layout.rootfs, ...args], {
    env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8', HOME: '/root', ...options.env },
  });
}

/**
 * Builds the Debian sid chroot holding PostgreSQL 18 and DocumentDB, unless a complete build exists.
 * The marker is written last, so an interrupted build is thrown away and redone.
 */
export async function ensureDocumentDbInstalled(layout: EngineLayout, log: Log): Promise<void> {
  if (existsSync(layout.installedMarker) && existsSync(join(layout.rootfs, POSTGRES_BIN, 'postgres'))) return;
  await ensureDebootstrap(log);
  log(`Building the DocumentDB engine in ${layout.rootfs} (first run only; takes 1-2 minutes)...`);
  await rm(layout.installedMarker, { force: true });
  await removeRootfs(layout);
  await mkdir(layout.root, { recursive: true });

  log('  debootstrap --variant=minbase sid...');
  await runCommand('debootstrap', ['--variant=minbase', 'sid', layout.rootfs, DEBIAN_MIRROR]);
  await mountSystemDirs(layout.rootfs);
  await copyFile('/etc/resolv.conf', join(layout.rootfs, 'etc/resolv.conf'));

  log(`  apt-get install ${DOCUMENTDB_PACKAGE} inside the chroot...`);
  // sid's Release file reads as expired from these machines; the archive itself is fine.
  await chrootCommand(layout, ['apt-get', '-o', 'Acquire::Check-Valid-Until=false', 'update']);
  await chrootCommand(layout, ['apt-get', 'install', '-y', '--no-install-recommends', DOCUMENTDB_PACKAGE], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
  await chrootCommand(layout, ['apt-get', 'clean']);

  await writeFile(layout.installedMarker, `${DOCUMENTDB_PACKAGE} installed ${new Date().toISOString()}\n`);
  log('DocumentDB engine built.');
}
