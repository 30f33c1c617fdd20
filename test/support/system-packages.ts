/**
 * `npm test` on a fresh machine of this kind: the browser tests need Debian's chromium and the
 * scale-out tests a redis-server. As root, install whichever is missing (as .ci/run does);
 * otherwise say so once; the tests that need them then fail with the same advice.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NEEDED = [
  { binary: '/usr/bin/chromium', pkg: 'chromium' },
  { binary: '/usr/bin/redis-server', pkg: 'redis-server' },
];

export function ensureSystemPackages(log: (line: string) => void): void {
  const missing = NEEDED.filter((need) => !existsSync(need.binary)).map((need) => need.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    log(`[setup] missing ${missing.join(', ')}: run \`apt-get install -y ${missing.join(' ')}\` as root`);
    return;
  }
  log(`[setup] installing ${missing.join(', ')} from Debian (first run only)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}
