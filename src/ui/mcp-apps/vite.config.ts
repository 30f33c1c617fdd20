import type { UserConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

// Paths relative to this file, so the build works from any working directory.
const here = decodeURIComponent(new URL('.', import.meta.url).pathname);

/** The views a host shows inline for a tool result; each is built alone into one HTML file. */
export const MCP_APP_VIEWS = ['activate', 'forward', 'spaces', 'run-live'] as const;
export type McpAppView = (typeof MCP_APP_VIEWS)[number];
export const MCP_APP_OUT_DIR = `${here}../../../dist/mcp-apps`;

/**
 * One view as one self-contained file (script and styles inlined): a host hands it to a sandboxed
 * iframe as text, where nothing may be fetched. Built one at a time because inlining needs a
 * single entry.
 */
export function mcpAppViewConfig(view: McpAppView, emptyOutDir: boolean): UserConfig {
  return {
    root: here,
    base: './',
    envDir: false,
    logLevel: 'warn',
    plugins: [viteSingleFile({ removeViteModuleLoader: true })],
    build: {
      outDir: MCP_APP_OUT_DIR,
      emptyOutDir,
      target: 'es2022',
      rollupOptions: { input: `${here}${view}.html` },
    },
  };
}
