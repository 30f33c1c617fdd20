/**
 * `kairos-graphql keys rotate | list [--json]`: the transcript signing keys, straight in the
 * database the server uses (found the way the server finds it), as `tokens create` does: rotating
 * is an operator's act, not an API call.
 */
import { parseArgs } from 'node:util';
import type { SigningKeyService } from '../services/signing-key-service.js';
import { CliError, type CommandOutput } from './server-client.js';

export async function keysCommand(args: string[], io: CommandOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { json: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError((error as Error).message, 2);
  }
  const [command] = parsed.positionals;
  if (command !== 'rotate' && command !== 'list') throw new CliError('usage: kairos-graphql keys rotate | list [--json]', 2);
  return withSigningKeys(async (keys) => {
    if (command === 'rotate') {
      const added = await keys.rotate();
      io.out(
        `New signing key ${added.id} (Ed25519, created ${added.createdAt.toISOString()}) signs from now on; older keys stay published.`,
      );
      return 0;
    }
    if (parsed.values.json) {
      io.out(JSON.stringify(await keys.publicKeySet(), null, 2));
      return 0;
    }
    for (const key of await keys.publicKeys())
      io.out(`${key.id}  ${key.algorithm}  ${key.createdAt.toISOString()}${key.active ? '  active' : ''}`);
    return 0;
  });
}

async function withSigningKeys(work: (keys: SigningKeyService) => Promise<number>): Promise<number> {
  const { resolveDatabase } = await import('../../engine/resolve-database.js');
  const { connectMongo } = await import('../store/mongo.js');
  const { SigningKeyStore } = await import('../store/signing-key-store.js');
  const { SigningKeyService } = await import('../services/signing-key-service.js');
  const { loadConfig } = await import('../config.js');
  const { resolveKeyEncryptionSecret } = await import('../transcripts/key-encryption-secret.js');
  const config = loadConfig();
  const database = await resolveDatabase({ log: (line) => console.error(line) });
  const mongo = await connectMongo(database.uri, config.mongoDbName);
  try {
    const store = new SigningKeyStore(mongo.db);
    await store.ensureIndexes();
    const keySecret = await resolveKeyEncryptionSecret({ configured: config.signingSecret, dataDir: config.dataDir });
    if (keySecret.source === 'generated') console.error(`generated a key-encryption secret in ${keySecret.path} (mode 0600)`);
    const keys = new SigningKeyService(store, { secret: keySecret.secret });
    await keys.ensureKey();
    return await work(keys);
  } finally {
    await mongo.close();
    await database.stop();
  }
}
