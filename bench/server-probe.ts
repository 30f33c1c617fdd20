/**
 * Preloaded into the benchmarked server process (`node --import tsx --import ./bench/server-probe.ts`)
 * so the server code stays untouched: counts database commands per name through the driver's
 * command monitoring, and answers samples (RSS, heap, open handles) over the IPC channel.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { MongoClient } from 'mongodb';
import { SemanticIndex } from '../src/search/indexes/semantic-index.js';

const commands = new Map<string, number>();
/** When the last counted command started: `settle` waits for a quiet moment after it. */
let lastCountedAt = 0;
let background = 0;
const retries = { failedCommands: 0, abortedTransactions: 0, lostVersionRaces: 0 };
/** Milliseconds the driver waited for each command's reply, summed by name (bench --profile). */
const commandMs = new Map<string, number>();
const connect = MongoClient.prototype.connect;
MongoClient.prototype.connect = function patchedConnect(this: MongoClient) {
  // For an A/B of what command monitoring itself costs (it deserialises every reply once more):
  // BENCH_MONITOR_COMMANDS=off turns it off, and with it the counts.
  this.options.monitorCommands = process.env.BENCH_MONITOR_COMMANDS !== 'off';
  this.on('commandStarted', (event) => {
    // Timed work no request caused (the stamp check between processes every 10 s, the minute's
    // sweeps) would land in whichever count it happens to overlap: counted apart.
    const collection = event.command[event.commandName];
    const fromTimer =
      (event.commandName === 'find' && collection === 'search_changes') ||
      collection === 'proposals' ||
      (collection === 'runs' && /expiresAt|pendingUsage/.test(JSON.stringify(event.command.filter ?? {})));
    if (fromTimer) {
      background++;
      return;
    }
    commands.set(event.commandName, (commands.get(event.commandName) ?? 0) + 1);
    lastCountedAt = Date.now();
    if (event.commandName === 'abortTransaction') retries.abortedTransactions++;
  });
  const timed = (event: { commandName: string; duration: number }) =>
    commandMs.set(event.commandName, (commandMs.get(event.commandName) ?? 0) + event.duration);
  // A failed command (a write conflict) and a conditional run write that matched nothing (another
  // call moved the run) are each followed by a retry: together they count the work done twice.
  this.on('commandFailed', (event) => {
    retries.failedCommands++;
    timed(event);
  });
  this.on('commandSucceeded', (event) => {
    timed(event);
    const reply = event.reply as { n?: number; lastErrorObject?: { n?: number } } | undefined;
    const matched =
      event.commandName === 'update' ? reply?.n : event.commandName === 'findAndModify' ? reply?.lastErrorObject?.n : undefined;
    if (matched === 0) retries.lostVersionRaces++;
  });
  return connect.call(this);
};

// The search index of the server, so `settle` can wait for the work that trails a write's answer
// (stored vectors, the change stamp) and count it with the call that caused it.
const indexes = new Set<SemanticIndex>();
const start = SemanticIndex.prototype.start;
SemanticIndex.prototype.start = function patchedStart(this: SemanticIndex) {
  indexes.add(this);
  return start.call(this);
};
/**
 * Quiet this long after the last counted command: work an answer left running has landed. Vectors
 * a busy machine could not embed within a write's budget are stored by a retry on a timer (5 s
 * later): waited out too, or they land in whichever call's count they overlap.
 */
const QUIET_MS = 150;
const QUIET_WAIT_MAX_MS = 30_000;

async function settle(): Promise<void> {
  const allSettled = () => Promise.all([...indexes].map((index) => index.settled()));
  await allSettled();
  const deadline = Date.now() + QUIET_WAIT_MAX_MS;
  const busy = () => Date.now() - lastCountedAt < QUIET_MS || [...indexes].some((index) => index.hasPendingRepairs());
  while (busy() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    await allSettled();
  }
}

process.on('message', (message: { type: string }) => {
  if (message?.type !== 'settle') return;
  void settle().then(() => process.send?.({ type: 'settled' }));
});

export interface ProbeSample {
  rssBytes: number;
  heapUsedBytes: number;
  /** Sockets, servers, timers… still open (`process.getActiveResourcesInfo()`). */
  activeResources: number;
  activeHandles: number;
  commands: Record<string, number>;
  /** Commands of timed background work, left out of `commands`. */
  background: number;
  /** Since the last reset: failed commands, transactions aborted (each one retried) and writes that lost a version race. */
  retries: { failedCommands: number; abortedTransactions: number; lostVersionRaces: number };
  commandMs: Record<string, number>;
  /** process.cpuUsage() of the server, µs: CPU time is steadier than wall time on a shared machine. */
  cpuMicros: number;
}

process.on('message', (message: { type: 'sample'; gc?: boolean; resetCommands?: boolean }) => {
  if (message?.type !== 'sample') return;
  if (message.gc) (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const sample: ProbeSample = {
    rssBytes: memory.rss,
    heapUsedBytes: memory.heapUsed,
    activeResources: process.getActiveResourcesInfo().length,
    activeHandles: (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles().length,
    commands: Object.fromEntries(commands),
    background,
    retries: { ...retries },
    commandMs: Object.fromEntries(commandMs),
    cpuMicros: process.cpuUsage().user + process.cpuUsage().system,
  };
  if (message.resetCommands) {
    commands.clear();
    background = 0;
    commandMs.clear();
    retries.failedCommands = retries.abortedTransactions = retries.lostVersionRaces = 0;
  }
  process.send?.({ type: 'sample', sample });
});

// A CPU profile of one phase only (`bench --profile`): started and stopped by the bench around it.
let profiler: Session | null = null;
process.on('message', (message: { type: 'profile'; action: 'start' | 'stop'; file?: string }) => {
  if (message?.type !== 'profile') return;
  if (message.action === 'start') {
    profiler = new Session();
    profiler.connect();
    profiler.post('Profiler.enable', () => profiler!.post('Profiler.start', () => process.send?.({ type: 'profile', done: true })));
    return;
  }
  profiler?.post('Profiler.stop', (error, result) => {
    if (!error && message.file) writeFileSync(message.file, JSON.stringify(result.profile));
    profiler?.disconnect();
    profiler = null;
    process.send?.({ type: 'profile', done: true });
  });
});
