/**
 * Protocol documents past `OFF_THREAD_MIN_CHARS` are read in a worker thread: the reader is linear
 * (src/protocol/markdown-blocks.ts) but a document near the 1 MB limit still takes a few hundred
 * milliseconds of CPU, which on the event loop would hold every other request, /healthz
 * included (no single request may hold the loop more than 200 ms). One worker, started
 * on first use, unreferenced while idle so it never keeps the process alive, and stopped after
 * `IDLE_MS` without work; documents queue in it.
 * Small documents, the common case, are read in place: the hop would cost more than the parse.
 */
import { Worker } from 'node:worker_threads';
import { ProtocolStructureError, type StructureErrorKind } from './challenge-json.js';
import { parseProtocolMarkdown, parseStepMarkdown, type ParsedProtocol } from './markdown-protocol.js';

/**
 * Characters from which a document is read off the event loop. Low on purpose: plain text parses
 * quickly, but dense structure (thousands of headings in a few KB) can hold the loop for seconds.
 */
export const OFF_THREAD_MIN_CHARS = 8 * 1024;

/** What the worker reads: a whole document (mint) or one step (updateMemories' markdownDoc). */
export type WorkerTask = 'protocol' | 'step';
export type ParsedStep = ReturnType<typeof parseStepMarkdown>;

export interface WorkerRequest {
  id: number;
  task: WorkerTask;
  markdown: string;
}

export type WorkerFailure =
  | { type: 'structure'; line: number | null; reason: string; kind: StructureErrorKind }
  | { type: 'range'; message: string }
  | { type: 'other'; message: string };

export type WorkerAnswer = { id: number; parsed: ParsedProtocol | ParsedStep } | { id: number; failure: WorkerFailure };

interface Pending {
  resolve(parsed: ParsedProtocol | ParsedStep): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

const BOOT = new URL('./markdown-worker-boot.mjs', import.meta.url);

/** An idle worker is stopped after this long: it holds about 70 MB (its own V8 heap, tsx, the parser). */
const IDLE_MS = 30_000;

/**
 * A request the worker has not answered within this long fails, and the worker (stuck on it, or
 * on one queued before it) is replaced: no request waits forever for its answer.
 */
export const WORKER_ANSWER_TIMEOUT_MS = 20_000;

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

/** What `parseProtocolMarkdown` answers, with the same errors, read off the event loop when the document is large. */
export function parseProtocolMarkdownOffThread(markdown: string): Promise<ParsedProtocol> {
  return offThread(markdown, 'protocol', parseProtocolMarkdown) as Promise<ParsedProtocol>;
}

/** What `parseStepMarkdown` answers, with the same errors, read off the event loop when the step is large. */
export function parseStepMarkdownOffThread(markdown: string): Promise<ParsedStep> {
  return offThread(markdown, 'step', parseStepMarkdown) as Promise<ParsedStep>;
}

function offThread(
  markdown: string,
  task: WorkerTask,
  inPlace: (markdown: string) => ParsedProtocol | ParsedStep,
): Promise<ParsedProtocol | ParsedStep> {
  if (markdown.length < OFF_THREAD_MIN_CHARS) {
    try {
      return Promise.resolve(inPlace(markdown));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return new Promise((resolve, reject) => {
    const id = nextId++;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const running = worker ?? startWorker();
    const timer = setTimeout(() => {
      if (worker !== running) return;
      worker = null;
      running.removeAllListeners('exit').removeAllListeners('error').removeAllListeners('messageerror');
      void running.terminate();
      failAll(new Error(`the markdown worker did not answer within ${WORKER_ANSWER_TIMEOUT_MS} ms`));
    }, WORKER_ANSWER_TIMEOUT_MS);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    running.ref();
    running.postMessage({ id, task, markdown } satisfies WorkerRequest);
  });
}

function failAll(error: Error): void {
  for (const waiting of pending.values()) {
    clearTimeout(waiting.timer);
    waiting.reject(error);
  }
  pending.clear();
}

/** Takes a request off the waiting list; the worker is let go once nothing waits. */
function settle(started: Worker, id: number): Pending | undefined {
  const waiting = pending.get(id);
  if (!waiting) return undefined;
  pending.delete(id);
  clearTimeout(waiting.timer);
  if (pending.size === 0) {
    started.unref();
    idleTimer = setTimeout(() => {
      if (worker === started && pending.size === 0) {
        worker = null;
        // Its exit comes later, perhaps once a new worker holds requests: it must not fail them.
        started.removeAllListeners('exit').removeAllListeners('error').removeAllListeners('messageerror');
        void started.terminate();
      }
    }, IDLE_MS).unref();
  }
  return waiting;
}

function startWorker(): Worker {
  // execArgv empty: the boot file registers tsx itself, whether the parent runs under tsx or vitest.
  const started = new Worker(BOOT, { execArgv: [] });
  started.on('message', (answer: WorkerAnswer) => {
    const waiting = settle(started, answer.id);
    if (!waiting) return;
    if ('parsed' in answer) waiting.resolve(answer.parsed);
    else waiting.reject(toError(answer.failure));
  });
  // An answer that cannot be rebuilt on this thread (structured clone recurses: hostile nesting)
  // names no request; the worker answers in order, so it is the oldest one waiting.
  started.on('messageerror', () => {
    const [oldest] = pending.keys();
    const waiting = oldest === undefined ? undefined : settle(started, oldest);
    waiting?.reject(new RangeError('Maximum call stack size exceeded while reading the parsed document'));
  });
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    failAll(error);
  };
  started.on('error', fail);
  // A worker that stops while reading fails what it was reading (an idle one is let go without this).
  started.on('exit', (code) => fail(new Error(`the markdown worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

function toError(failure: WorkerFailure): Error {
  switch (failure.type) {
    case 'structure':
      return new ProtocolStructureError(failure.line, failure.reason, failure.kind);
    case 'range':
      // A stack overflow on hostile nesting reads as such (protocol-service's isTooDeep).
      return new RangeError(failure.message);
    case 'other':
      return new Error(failure.message);
  }
}
