/**
 * An MCP App view whose HTML was never built: the MCP client, who cannot build it, is told only
 * that the view is not available; the operator's log says what to run.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIEW_NOT_AVAILABLE, viewHtml } from '../../src/mcp/apps/views.js';

describe('a view that is not built', () => {
  it('answers "view not available" and logs the build command for the operator', async () => {
    const dir = `${await mkdtemp(join(tmpdir(), 'kairos-views-'))}/`;
    const logged: { fields: Record<string, unknown>; message: string }[] = [];
    const log = { error: (fields: Record<string, unknown>, message: string) => logged.push({ fields, message }) };
    try {
      const missing = viewHtml('activate', log as never, dir);
      await expect(missing).rejects.toThrow(VIEW_NOT_AVAILABLE);
      await missing.catch((error: Error) => expect(error.message).not.toMatch(/npm|build/));
      expect(logged).toHaveLength(1);
      expect(logged[0]!.message).toContain('npm run build');
      expect(logged[0]!.fields).toMatchObject({ view: 'activate' });

      // Built afterwards: the next read finds it (a failed read is not kept).
      await writeFile(`${dir}activate.html`, '<html>built</html>');
      expect(await viewHtml('activate', log as never, dir)).toBe('<html>built</html>');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
