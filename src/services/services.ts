import type { Db, MongoClient } from 'mongodb';
import type { AppConfig } from '../config.js';
import type { EventBus } from '../events/topics.js';
import { MemoryStore } from '../store/memory-store.js';
import { RunStore } from '../store/run-store.js';
import { MemoryService } from './memory-service.js';
import { ProtocolService } from './protocol-service.js';
import { RunService } from './run-service.js';

/** The long-lived services shared by every request; per-request state lives in the context. */
export interface Services {
  memoryStore: MemoryStore;
  memories: MemoryService;
  protocols: ProtocolService;
  runs: RunService;
}

export async function createServices(db: Db, client: MongoClient, events: EventBus, config: AppConfig): Promise<Services> {
  const memoryStore = new MemoryStore(db, client);
  await memoryStore.ensureIndexes();
  const runStore = new RunStore(db);
  await runStore.ensureIndexes();
  return {
    memoryStore,
    memories: new MemoryService(memoryStore, events, config),
    protocols: new ProtocolService(memoryStore, events, config),
    runs: new RunService(runStore, events, { runIdleTtlMs: config.runIdleDays * 24 * 60 * 60 * 1000 }),
  };
}
