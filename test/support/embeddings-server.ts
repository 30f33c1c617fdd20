/**
 * A real local HTTP server speaking the OpenAI `POST /v1/embeddings` API, for tests: it answers
 * with deterministic vectors (feature hashing of the words and their 4-letter prefixes into 64
 * dimensions), records the requests it got, and can be told to fail, to hang, or to answer a
 * huge body (streamed, so the test server itself never holds it).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_EMBEDDING_DIMENSIONS = 64;

export interface EmbeddingsTestServer {
  /** Base URL, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  requests: { model: string; inputs: string[]; authorization: string | undefined }[];
  /** Answer the next requests with this HTTP status (null: answer normally). */
  failWith: number | null;
  /** Answer with this body instead (malformed-answer tests). */
  bodyOverride: unknown;
  /** Never answer the next requests (they are released at `close`). */
  hang: boolean;
  /** Answer with a valid-looking JSON array this many bytes long (0: answer normally). */
  hugeBytes: number;
  /** Bytes of the huge answers actually written before the client went away. */
  hugeBytesSent: number;
  close(): Promise<void>;
}

export function hashedEmbedding(text: string, dimensions = TEST_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2)) {
    for (const feature of [word, `p:${word.slice(0, 4)}`]) {
      const digest = createHash('sha256').update(feature).digest();
      vector[digest[0]! % dimensions]! += digest[1]! & 1 ? 1 : -1;
    }
  }
  return vector;
}

export async function startEmbeddingsServer(): Promise<EmbeddingsTestServer> {
  const state: Pick<EmbeddingsTestServer, 'requests' | 'failWith' | 'bodyOverride' | 'hang' | 'hugeBytes' | 'hugeBytesSent'> = {
    requests: [],
    failWith: null,
    bodyOverride: undefined,
    hang: false,
    hugeBytes: 0,
    hugeBytesSent: 0,
  };
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
        response.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { model: string; input: string | string[] };
      const inputs = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
      state.requests.push({ model: parsed.model, inputs, authorization: request.headers.authorization });
      if (state.hang) {
        hanging.add(response);
        return;
      }
      if (state.hugeBytes > 0) {
        streamHugeAnswer(response, state.hugeBytes, (sent) => (state.hugeBytesSent += sent));
        return;
      }
      if (state.failWith) {
        response.writeHead(state.failWith, { 'content-type': 'application/json' }).end('{"error":{"message":"unavailable"}}');
        return;
      }
      const answer = state.bodyOverride ?? {
        object: 'list',
        model: parsed.model,
        data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: hashedEmbedding(input) })),
        usage: { prompt_tokens: 0, total_tokens: 0 },
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as EmbeddingsTestServer;
}

/** `{"data":[{"index":0,"embedding":[0.1,0.1,…` for `total` bytes, written as the client reads; stops when it goes away. */
function streamHugeAnswer(response: ServerResponse, total: number, counted: (bytes: number) => void): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.from('0.1,'.repeat(16 * 1024));
  let sent = 0;
  const head = Buffer.from('{"data":[{"index":0,"embedding":[');
  response.write(head);
  sent += head.length;
  const pump = () => {
    while (sent < total && !response.destroyed) {
      sent += chunk.length;
      counted(chunk.length);
      if (!response.write(chunk)) {
        response.once('drain', pump);
        return;
      }
    }
    if (!response.destroyed) response.end('0.1]}]}');
  };
  response.on('close', () => response.removeListener('drain', pump));
  pump();
}
