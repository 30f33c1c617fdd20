/** What an HTTP span may say of its URL: parameter names, never their values; no download token. */
import { describe, expect, it } from 'vitest';
import { scrubbedUrl } from '../../src/observability/tracing.js';

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
