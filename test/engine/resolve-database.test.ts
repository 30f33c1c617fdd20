import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineDir } from '../../engine/documentdb/engine-dir.js';
import { isOnPath } from '../../engine/documentdb/run-command.js';
import { resolveDatabase } from '../../engine/resolve-database.js';

const mongodOnPath = await isOnPath('mongod');

describe('resolveDatabase', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('uses MONGODB_URI verbatim and starts nothing', async () => {
    const uri = 'mongodb://db.example.invalid:27017/kairos?replicaSet=rs0';
    vi.stubEnv('MONGODB_URI', uri);
    const log = vi.fn();
    const endpoint = await resolveDatabase({ log });
    expect(endpoint.uri).toBe(uri);
    expect(endpoint.description).toBe('MONGODB_URI');
    expect(log).not.toHaveBeenCalled();
    expect(existsSync(join(engineDir(), 'leases', String(process.pid)))).toBe(false);
    await expect(endpoint.stop()).resolves.toBeUndefined();
  });

  // With a mongod on PATH, resolveDatabase would rightly start it instead of failing.
  it.skipIf(mongodOnPath)('fails fast with advice to set MONGODB_URI when no engine can start', async () => {
    vi.stubEnv('MONGODB_URI', '');
    vi.stubEnv('KAIROS_ENGINE_PG_PORT', 'not-a-port');
    await expect(resolveDatabase()).rejects.toThrow(/KAIROS_ENGINE_PG_PORT[\s\S]*Set MONGODB_URI/);
  });
});
