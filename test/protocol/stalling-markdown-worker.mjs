// The markdown worker, except that a document holding `<!-- stall -->` is never answered: the
// worker spins on it as a parser stuck on hostile input would.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const on = parentPort.on.bind(parentPort);
parentPort.on = (event, listener) =>
  on(event, (message) => {
    if (event === 'message' && message.markdown.includes('<!-- stall -->')) for (;;);
    listener(message);
  });
await import('../../src/protocol/markdown-worker.ts');
