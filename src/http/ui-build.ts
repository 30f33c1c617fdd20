/**
 * Builds the live page (src/ui → dist/ui) and the MCP App views (src/ui/mcp-apps →
 * dist/mcp-apps, one self-contained HTML file each) when missing or older than their sources.
 * `npm start` (src/main.ts), `npm run build` and the test setup call `ensureUiBuild()` first.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONFIG = join(ROOT, 'src/ui/vite.config.ts');
const BUILT_PAGE = join(ROOT, 'dist/ui/index.html');
const VIEWS_CONFIG = join(ROOT, 'src/ui/mcp-apps/vite.config.ts');
/** The view built last: all are built together, so it stands for all of them. */
const BUILT_VIEW = join(ROOT, 'dist/mcp-apps/run-live.html');
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
  for (const [file, name] of [
    [BUILT_PAGE, 'dist/ui/index.html'],
    [BUILT_VIEW, 'dist/mcp-apps/run-live.html'],
  ] as const) {
    const built = await stat(file).catch(() => null);
    if (!built) return `${name} is missing`;
    if ((await newestSourceTime()) > built.mtimeMs) return 'src/ui changed since the last build';
  }
  return null;
}

export async function ensureUiBuild(log: (line: string) => void = console.log, options: { force?: boolean } = {}): Promise<void> {
  const reason = options.force ? 'asked to build' : await uiBuildReason();
  if (!reason) return;
  log(`[ui] building the live page with Vite (${reason})`);
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    throw new Error('[ui] Vite is not installed (it is a devDependency): run `npm install`, then `npm run build`');
  }
  await vite.build({ configFile: CONFIG, logLevel: 'warn' });
  const views = (await import(pathToFileURL(VIEWS_CONFIG).href)) as typeof import('../ui/mcp-apps/vite.config.js');
  for (const [index, view] of views.MCP_APP_VIEWS.entries()) {
    await vite.build({ configFile: false, ...views.mcpAppViewConfig(view, index === 0) });
  }
  log('[ui] built dist/ui and dist/mcp-apps');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureUiBuild(console.log, { force: process.argv.includes('--force') }).catch((error: unknown) => {
    console.error(`[ui] the live page could not be built: ${(error as Error).message}`);
    process.exit(1);
  });
}
