/**
 * Builds the live page (src/ui → dist/ui) when it is missing or older than its sources.
 * `npm start` (src/main.ts) and the test setup call `ensureUiBuild()` first.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG = join(ROOT, 'src/ui/vite.config.ts');
const BUILT_PAGE = join(ROOT, 'dist/ui/index.html');
const SOURCES = [join(ROOT, 'src/ui'), join(ROOT, 'src/generated/ui')];

async function newestSourceTime(): Promise<number> {
  let newest = 0;
  for (const dir of SOURCES) {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
    }
  }
  return newest;
}

/** Why a build is needed, or null when dist/ui is up to date. */
export async function uiBuildReason(): Promise<string | null> {
  const built = await stat(BUILT_PAGE).catch(() => null);
  if (!built) return 'dist/ui/index.html is missing';
  if ((await newestSourceTime()) > built.mtimeMs) return 'src/ui changed since the last build';
  return null;
}

export async function ensureUiBuild(log: (line: string) => void = console.log): Promise<void> {
  const reason = await uiBuildReason();
  if (!reason) return;
  log(`[ui] building the live page with Vite (${reason})`);
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    throw new Error('[ui] Vite is not installed (it is a devDependency): run `npm install`, then `npm run build`');
  }
  await vite.build({ configFile: CONFIG, logLevel: 'warn' });
  log('[ui] built dist/ui');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureUiBuild().catch((error: unknown) => {
    console.error(`[ui] the live page could not be built: ${(error as Error).message}`);
    process.exit(1);
  });
}
