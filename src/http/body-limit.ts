import type { IncomingMessage } from 'node:http';

/** Bodies must declare their size (Content-Length) and stay under the limit. */
export function bodyRefusal(req: IncomingMessage, limit: number): { status: number; code: string; message: string } | null {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return null;
  const declared = req.headers['content-length'];
  if (declared === undefined) {
    if (req.headers['transfer-encoding']) return { status: 411, code: 'BAD_USER_INPUT', message: 'Send a Content-Length header' };
    return null;
  }
  const size = Number(declared);
  if (!Number.isFinite(size) || size > limit) {
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: `Request body is larger than ${limit} bytes` };
  }
  return null;
}
