/**
 * Protocol documents past `OFF_THREAD_MIN_CHARS` are read in a worker thread: the reader is linear
 * (src/protocol/markdown-blocks.ts) but a document near the 1 MB limit still takes a few hundred
 * milliseconds of CPU, which on the event loop would hold every other request, /healthz
 * included (no single request may hold the loop more than 200 ms). One worker, started
 * on first use, unreferenced while idle so it never keeps the process alive, and stopped after
 * `IDLE_MS` without work. Documents queue here and go to it one at a time, so the one it reads
 * is the one timed, and a document it cannot finish fails alone. The queue is bounded in length
 * and in time: past `MAX_QUEUED_DOCUMENTS` a document is refused at once, and one not answered
 * within `QUEUE_DEADLINE_MS` of being queued fails, both as a busy server (SERVICE_UNAVAILABLE).
 * Small documents, the common case, are read in place: the hop would cost more than the parse.
 */
import { Worker } from 'node:worker_threads';
import { RequestError } from '../services/errors.js';
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
  request: WorkerRequest;
  resolve(parsed: ParsedProtocol | ParsedStep): void;
  reject(error: Error): void;
}

/** Documents waiting for the worker (the one it reads included) past which the next is refused. */
export const MAX_QUEUED_DOCUMENTS = 16;

/** A document not answered this long after it was queued fails, wherever it is in the queue. */
export const QUEUE_DEADLINE_MS = 60_000;

const BOOT = new URL('./markdown-worker-boot.mjs', import.meta.url);

/** An idle worker is stopped after this long: it holds about 70 MB (its own V8 heap, tsx, the parser). */
const IDLE_MS = 30_000;

/**
 * The request the worker is reading fails if it has not answered within this long, and the worker
 * (stuck on it) is replaced; the requests queued behind it go on in the new one.
 */
export const WORKER_ANSWER_TIMEOUT_MS = 20_000;

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 0;
let answerTimeoutMs = WORKER_ANSWER_TIMEOUT_MS;
let maxQueued = MAX_QUEUED_DOCUMENTS;
let queueDeadlineMs = QUEUE_DEADLINE_MS;
let bootUrl = BOOT;
/** Requests in order; the head is the one the worker holds (one at a time, so only it is timed). */
const queue: Pending[] = [];
let headTimer: NodeJS.Timeout | null = null;

/**
 * For tests: another worker entry (one that can be made to stall), answer timeout, queue length
 * and queue deadline. Called with nothing, puts back the shipped ones.
 */
export function setMarkdownWorkerForTests(
  options: { boot?: URL; answerTimeoutMs?: number; maxQueued?: number; queueDeadlineMs?: number } = {},
): void {
  stopWorker();
  bootUrl = options.boot ?? BOOT;
  answerTimeoutMs = options.answerTimeoutMs ?? WORKER_ANSWER_TIMEOUT_MS;
  maxQueued = options.maxQueued ?? MAX_QUEUED_DOCUMENTS;
  queueDeadlineMs = options.queueDeadlineMs ?? QUEUE_DEADLINE_MS;
  // Documents still queued go on in a worker of the new kind.
  sendHead();
}

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
  if (queue.length >= maxQueued) {
    return Promise.reject(
      new RequestError('SERVICE_UNAVAILABLE', `${queue.length} large documents are waiting to be read; retry shortly`, {
        retryAfterSeconds: 1,
      }),
    );
  }
  return new Promise((resolve, reject) => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const pending: Pending = {
      request: { id: nextId++, task, markdown },
      resolve: (parsed) => {
        clearTimeout(deadline);
        resolve(parsed);
      },
      reject: (error) => {
        clearTimeout(deadline);
        reject(error);
      },
    };
    const deadline = setTimeout(() => {
      const late = new RequestError('SERVICE_UNAVAILABLE', `The document waited ${queueDeadlineMs} ms to be read; retry shortly`, {
        retryAfterSeconds: 1,
      });
      // The head is the one the worker holds: the worker goes with it, as on its own timeout.
      if (queue[0] === pending) failHead(late);
      else {
        const index = queue.indexOf(pending);
        if (index >= 0) queue.splice(index, 1);
        pending.reject(late);
      }
    }, queueDeadlineMs);
    deadline.unref();
    queue.push(pending);
    if (queue.length === 1) sendHead();
  });
}

/** Hands the head of the queue to the worker (started if need be) and times it alone. */
function sendHead(): void {
  const head = queue[0];
  if (!head) return;
  const running = worker ?? startWorker();
  running.ref();
  headTimer = setTimeout(() => {
    headTimer = null;
    failHead(new Error(`the markdown worker did not answer within ${answerTimeoutMs} ms`));
  }, answerTimeoutMs);
  headTimer.unref();
  running.postMessage(head.request);
}

/** The worker failed on the head (timeout, error, exit): it alone fails, a new worker takes the rest. */
function failHead(error: Error): void {
  stopWorker();
  queue.shift()?.reject(error);
  sendHead();
}

/** Lets the worker go without its exit failing anything (the exit may come once a new worker holds requests). */
function stopWorker(): void {
  if (headTimer) clearTimeout(headTimer);
  headTimer = null;
  const stopped = worker;
  worker = null;
  if (!stopped) return;
  stopped.removeAllListeners('exit').removeAllListeners('error').removeAllListeners('messageerror').removeAllListeners('message');
  void stopped.terminate();
}

/** Takes the answered head off the queue and sends the next; the worker is let go once nothing waits. */
function settleHead(started: Worker, id: number): Pending | undefined {
  const head = queue[0];
  if (worker !== started || head?.request.id !== id) return undefined;
  queue.shift();
  if (headTimer) clearTimeout(headTimer);
  headTimer = null;
  if (queue.length > 0) sendHead();
  else {
    started.unref();
    idleTimer = setTimeout(() => {
      if (worker === started && queue.length === 0) stopWorker();
    }, IDLE_MS).unref();
  }
  return head;
}

function startWorker(): Worker {
  // execArgv empty: the boot file registers tsx itself, whether the parent runs under tsx or vitest.
  const started = new Worker(bootUrl, { execArgv: [] });
  started.on('message', (answer: WorkerAnswer) => {
    const waiting = settleHead(started, answer.id);
    if (!waiting) return;
    if ('parsed' in answer) waiting.resolve(answer.parsed);
    else waiting.reject(toError(answer.failure));
  });
  // An answer that cannot be rebuilt on this thread (structured clone recurses: hostile nesting)
  // names no request; the worker holds one at a time, so it is the head.
  started.on('messageerror', () => {
    const head = queue[0];
    const waiting = head ? settleHead(started, head.request.id) : undefined;
    waiting?.reject(new RangeError('Maximum call stack size exceeded while reading the parsed document'));
  });
  const fail = (error: Error) => {
    if (worker === started) failHead(error);
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
