// The markdown worker's entry (src/protocol/markdown-off-thread.ts): plain JavaScript, so that a
// worker thread runs the TypeScript parser through tsx whatever loaded its parent (tsx, vitest).
import { register } from 'tsx/esm/api';

register();
await import('./markdown-worker.ts');
