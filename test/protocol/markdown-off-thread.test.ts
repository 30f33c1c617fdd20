/**
 * The markdown worker reads one large document at a time and times only that one: a document it
 * never finishes fails alone after the answer timeout, the worker is replaced, and the documents
 * queued behind it are still read. Before, the timer started when a document was queued and a
 * timeout failed every document waiting.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  OFF_THREAD_MIN_CHARS,
  parseProtocolMarkdownOffThread,
  parseStepMarkdownOffThread,
  setMarkdownWorkerForTests,
} from '../../src/protocol/markdown-off-thread.js';

const ANSWER_TIMEOUT_MS = 4_000;

/** A valid protocol of at least OFF_THREAD_MIN_CHARS, so that the worker reads it. */
function largeProtocol(title: string, extra = ''): string {
  const padding = 'Plain words to make the document long enough for the worker. '.repeat(Math.ceil(OFF_THREAD_MIN_CHARS / 60));
  return `# ${title}\n\n## First\n\n${padding}\n${extra}\n\n## Second\n\nThe end.\n`;
}

afterAll(() => setMarkdownWorkerForTests());

describe('the markdown worker queue', () => {
  it('a document the worker never finishes fails alone; the ones queued before and behind it are read', async () => {
    setMarkdownWorkerForTests({
      boot: new URL('./stalling-markdown-worker.mjs', import.meta.url),
      answerTimeoutMs: ANSWER_TIMEOUT_MS,
    });
    const before = parseProtocolMarkdownOffThread(largeProtocol('Before'));
    const stalled = parseProtocolMarkdownOffThread(largeProtocol('Stalled', '<!-- stall -->'));
    const behind = [1, 2, 3].map((n) => parseProtocolMarkdownOffThread(largeProtocol(`Behind ${n}`)));
    const step = parseStepMarkdownOffThread(largeProtocol('A step'));
    const settled = await Promise.allSettled([before, stalled, ...behind, step]);

    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.message).toBe(`the markdown worker did not answer within ${ANSWER_TIMEOUT_MS} ms`);
    const titles = settled.slice(2, 5).map((outcome) => (outcome as PromiseFulfilledResult<{ title: string }>).value.title);
    expect(titles).toEqual(['Behind 1', 'Behind 2', 'Behind 3']);

    // The replacement worker is there for the next document too.
    expect((await parseProtocolMarkdownOffThread(largeProtocol('After'))).title).toBe('After');
  }, 60_000);

  it('refuses a document past the queue bound at once as a busy server, and reads the rest', async () => {
    setMarkdownWorkerForTests({
      boot: new URL('./stalling-markdown-worker.mjs', import.meta.url),
      answerTimeoutMs: ANSWER_TIMEOUT_MS,
      maxQueued: 3,
    });
    const stalled = parseProtocolMarkdownOffThread(largeProtocol('Stalled', '<!-- stall -->'));
    const queued = [1, 2].map((n) => parseProtocolMarkdownOffThread(largeProtocol(`Queued ${n}`)));
    const refused = parseProtocolMarkdownOffThread(largeProtocol('One too many'));
    await expect(refused).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retryAfterSeconds: 1 } });
    const settled = await Promise.allSettled([stalled, ...queued]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    // Once the queue has drained, the next document is taken again.
    expect((await parseProtocolMarkdownOffThread(largeProtocol('After'))).title).toBe('After');
  }, 60_000);

  it('fails a document still queued past the deadline from when it was queued, not only the one being read', async () => {
    setMarkdownWorkerForTests({
      boot: new URL('./stalling-markdown-worker.mjs', import.meta.url),
      answerTimeoutMs: ANSWER_TIMEOUT_MS,
      queueDeadlineMs: 1_000,
    });
    const stalled = parseProtocolMarkdownOffThread(largeProtocol('Stalled', '<!-- stall -->'));
    const behind = parseProtocolMarkdownOffThread(largeProtocol('Behind'));
    const settled = await Promise.allSettled([stalled, behind]);
    // Before, the one behind waited out the stalled one's whole answer timeout and was then read.
    expect(settled.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retryAfterSeconds: 1 } });
    expect((settled[1] as PromiseRejectedResult).reason.message).toBe('The document waited 1000 ms to be read; retry shortly');
    expect((await parseProtocolMarkdownOffThread(largeProtocol('After'))).title).toBe('After');
  }, 60_000);
});
