/**
 * Runs in a worker thread (src/protocol/markdown-off-thread.ts): reads protocol documents so that
 * a large one never holds the server's event loop. Answers the parse, or what it threw, as data.
 */
import { parentPort } from 'node:worker_threads';
import { ProtocolStructureError } from './challenge-json.js';
import { parseProtocolMarkdown, parseStepMarkdown } from './markdown-protocol.js';
import type { WorkerAnswer, WorkerRequest } from './markdown-off-thread.js';

parentPort!.on('message', ({ id, task, markdown }: WorkerRequest) => {
  let answer: WorkerAnswer;
  try {
    answer = { id, parsed: task === 'step' ? parseStepMarkdown(markdown) : parseProtocolMarkdown(markdown) };
  } catch (error) {
    if (error instanceof ProtocolStructureError)
      answer = { id, failure: { type: 'structure', line: error.line, reason: error.reason, kind: error.kind } };
    else if (error instanceof RangeError) answer = { id, failure: { type: 'range', message: error.message } };
    else answer = { id, failure: { type: 'other', message: String((error as Error)?.message ?? error) } };
  }
  parentPort!.postMessage(answer);
});
