import { defineConfig } from 'vite';

// Paths relative to this file, so the build works from any working directory.
const here = decodeURIComponent(new URL('.', import.meta.url).pathname);

/** The live page: `npm run build` writes it to dist/ui, which the server serves at /ui. */
export default defineConfig({
  root: here,
  base: '/ui/',
  // The page reads nothing from the environment; keep Vite from looking for .env files.
  envDir: false,
  build: {
    outDir: `${here}../../dist/ui`,
    emptyOutDir: true,
    target: 'es2022',
    // Assets stay files of their own so the strict Content-Security-Policy needs no data: URLs.
    assetsInlineLimit: 0,
  },
});
