/**
 * A small OTLP/HTTP trace receiver: accepts `POST /v1/traces` in both encodings the SDK speaks
 * (`http/protobuf` and `http/json`) and keeps every span, decoded into one plain shape.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import protobuf from 'protobufjs';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  status: { code: number; message: string };
  resource: Record<string, unknown>;
  /** Which encoding carried it: `protobuf` or `json`. */
  encoding: 'protobuf' | 'json';
}

export interface OtlpReceiver {
  /** e.g. http://127.0.0.1:43181: give it as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Waits until a span matching `where` arrived (spans are exported in batches). */
  waitFor(where: (span: ReceivedSpan) => boolean, timeoutMs?: number): Promise<ReceivedSpan>;
  close(): Promise<void>;
}

// The OTLP trace messages (opentelemetry-proto: collector/trace/v1, trace/v1, common/v1, resource/v1), field numbers as published.
const keyValue = { fields: { key: { type: 'string', id: 1 }, value: { type: 'AnyValue', id: 2 } } };
const OTLP = protobuf.Root.fromJSON({
  nested: {
    ExportTraceServiceRequest: { fields: { resourceSpans: { rule: 'repeated', type: 'ResourceSpans', id: 1 } } },
    ResourceSpans: {
      fields: {
        resource: { type: 'Resource', id: 1 },
        scopeSpans: { rule: 'repeated', type: 'ScopeSpans', id: 2 },
        schemaUrl: { type: 'string', id: 3 },
      },
    },
    Resource: { fields: { attributes: { rule: 'repeated', type: 'KeyValue', id: 1 }, droppedAttributesCount: { type: 'uint32', id: 2 } } },
    ScopeSpans: {
      fields: {
        scope: { type: 'InstrumentationScope', id: 1 },
        spans: { rule: 'repeated', type: 'Span', id: 2 },
        schemaUrl: { type: 'string', id: 3 },
      },
    },
    InstrumentationScope: {
      fields: {
        name: { type: 'string', id: 1 },
        version: { type: 'string', id: 2 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 3 },
      },
    },
    Span: {
      fields: {
        traceId: { type: 'bytes', id: 1 },
        spanId: { type: 'bytes', id: 2 },
        traceState: { type: 'string', id: 3 },
        parentSpanId: { type: 'bytes', id: 4 },
        name: { type: 'string', id: 5 },
        kind: { type: 'int32', id: 6 },
        startTimeUnixNano: { type: 'fixed64', id: 7 },
        endTimeUnixNano: { type: 'fixed64', id: 8 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 9 },
        events: { rule: 'repeated', type: 'Event', id: 11 },
        links: { rule: 'repeated', type: 'Link', id: 13 },
        status: { type: 'Status', id: 15 },
        flags: { type: 'fixed32', id: 16 },
      },
    },
    Event: {
      fields: {
        timeUnixNano: { type: 'fixed64', id: 1 },
        name: { type: 'string', id: 2 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 3 },
      },
    },
    Link: {
      fields: {
        traceId: { type: 'bytes', id: 1 },
        spanId: { type: 'bytes', id: 2 },
        traceState: { type: 'string', id: 3 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 4 },
      },
    },
    Status: { fields: { message: { type: 'string', id: 2 }, code: { type: 'int32', id: 3 } } },
    KeyValue: keyValue,
    AnyValue: {
      oneofs: { value: { oneof: ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue', 'kvlistValue', 'bytesValue'] } },
      fields: {
        stringValue: { type: 'string', id: 1 },
        boolValue: { type: 'bool', id: 2 },
        intValue: { type: 'int64', id: 3 },
        doubleValue: { type: 'double', id: 4 },
        arrayValue: { type: 'ArrayValue', id: 5 },
        kvlistValue: { type: 'KeyValueList', id: 6 },
        bytesValue: { type: 'bytes', id: 7 },
      },
    },
    ArrayValue: { fields: { values: { rule: 'repeated', type: 'AnyValue', id: 1 } } },
    KeyValueList: { fields: { values: { rule: 'repeated', type: 'KeyValue', id: 1 } } },
  },
});
const ExportTraceServiceRequest = OTLP.lookupType('ExportTraceServiceRequest');

/** Both encodings, once protobuf's bytes are hex and its longs numbers, have the OTLP/JSON shape. */
interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: OtlpKeyValue[];
        events?: { name: string; attributes?: OtlpKeyValue[] }[];
        status?: { code?: number; message?: string };
      }[];
    }[];
  }[];
}
interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}
interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
  bytesValue?: string;
}

function anyValue(value: OtlpAnyValue | undefined): unknown {
  if (!value) return null;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(anyValue);
  if (value.kvlistValue) return attributes(value.kvlistValue.values);
  if (value.bytesValue !== undefined) return value.bytesValue;
  return null;
}

function attributes(list: OtlpKeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((entry) => [entry.key, anyValue(entry.value)]));
}

function flatten(body: OtlpJson, encoding: ReceivedSpan['encoding']): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) =>
    (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: span.traceId.toLowerCase(),
        spanId: span.spanId.toLowerCase(),
        parentSpanId: (span.parentSpanId ?? '').toLowerCase(),
        name: span.name,
        kind: span.kind ?? 0,
        attributes: attributes(span.attributes),
        events: (span.events ?? []).map((event) => ({ name: event.name, attributes: attributes(event.attributes) })),
        status: { code: span.status?.code ?? 0, message: span.status?.message ?? '' },
        resource: attributes(resourceSpans.resource?.attributes),
        encoding,
      })),
    ),
  );
}

export function decodeTraceRequest(body: Buffer, contentType: string): ReceivedSpan[] {
  if (contentType.startsWith('application/json')) return flatten(JSON.parse(body.toString('utf8')) as OtlpJson, 'json');
  if (contentType.startsWith('application/x-protobuf')) {
    const message = ExportTraceServiceRequest.decode(body);
    const plain = ExportTraceServiceRequest.toObject(message, { bytes: String, longs: String, defaults: false }) as OtlpJson;
    // protobufjs writes bytes as base64; OTLP/JSON writes trace and span ids as hex.
    for (const resourceSpans of plain.resourceSpans ?? []) {
      for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
        for (const span of scopeSpans.spans ?? []) {
          span.traceId = Buffer.from(span.traceId, 'base64').toString('hex');
          span.spanId = Buffer.from(span.spanId, 'base64').toString('hex');
          span.parentSpanId = Buffer.from(span.parentSpanId ?? '', 'base64').toString('hex');
        }
      }
    }
    return flatten(plain, 'protobuf');
  }
  throw new Error(`unexpected content type ${contentType}`);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/v1/traces') {
      response.writeHead(404).end();
      return;
    }
    readBody(request).then(
      (body) => {
        spans.push(...decodeTraceRequest(body, request.headers['content-type'] ?? ''));
        for (const wake of waiters) wake();
        const json = (request.headers['content-type'] ?? '').startsWith('application/json');
        response.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
        // An empty ExportTraceServiceResponse: `{}` in JSON, no bytes in protobuf.
        response.end(json ? '{}' : undefined);
      },
      (error: unknown) => {
        response.writeHead(400).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    waitFor(where, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = spans.find(where);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching span within ${timeoutMs} ms (${spans.length} received: ${[...new Set(spans.map((span) => span.name))].join(', ')})`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
