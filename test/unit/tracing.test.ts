/** When tracing is on, and what an HTTP span may say of its URL: parameter names, never their values; no download token. */
import { afterEach, describe, expect, it } from 'vitest';
import { scrubbedUrl, tracingWanted } from '../../src/observability/tracing.js';

const VARIABLES = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_SDK_DISABLED',
  'OTEL_TRACES_EXPORTER',
] as const;
const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));

function withEnvironment(values: Partial<Record<(typeof VARIABLES)[number], string>>): boolean {
  for (const name of VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
  return tracingWanted();
}

afterEach(() => {
  for (const name of VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('tracingWanted', () => {
  it('is off without an OTLP endpoint, on with one', () => {
    expect(withEnvironment({})).toBe(false);
    expect(withEnvironment({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(withEnvironment({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
  });

  it('stays off when the SDK is disabled or the traces exporter is none', () => {
    expect(withEnvironment({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(withEnvironment({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});

describe('scrubbedUrl', () => {
  it('keeps the names of query parameters and drops their values', () => {
    const url = `/graphql?query=${encodeURIComponent('{ me { id } }')}&variables=${encodeURIComponent('{"token":"ghp_secret"}')}&space=team`;
    expect(scrubbedUrl(url)).toEqual({ path: '/graphql', query: 'query=REDACTED&variables=REDACTED&space=REDACTED' });
  });

  it('replaces the one-time token of an export download', () => {
    expect(scrubbedUrl('/export/download/abc.def-123?x=1')).toEqual({ path: '/export/download/{token}', query: 'x=REDACTED' });
    expect(scrubbedUrl('/mcp')).toEqual({ path: '/mcp', query: null });
  });
});
