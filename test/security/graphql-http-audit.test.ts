/**
 * The GraphQL-over-HTTP conformance audit of the `graphql-http` package against the real server.
 * Every MUST and SHOULD passes; a failing MAY is listed in MAY_CHOICES with the reason.
 */
import { serverAudits } from 'graphql-http';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/app.js';

const server = useTestServer({ rateLimitPerMinute: 0 });

/**
 * Every request carries the header CSRF prevention asks of non-browser clients (README "Security
 * model"): without it a GET or a form-encoded POST is refused with 403 CSRF_HEADER_REQUIRED.
 */
const fetchWithCsrfHeader: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('x-graphql-yoga-csrf', '1');
  return fetch(input, { ...init, headers });
};

/** MAYs this server does not do, on purpose. */
const MAY_CHOICES: Record<string, string> = {};

describe('graphql-http server audits', () => {
  const audits = serverAudits({ url: () => server.running.graphqlUrl, fetchFn: fetchWithCsrfHeader });
  for (const audit of audits) {
    it(`${audit.name}`, async () => {
      const result = await audit.fn();
      if (result.status === 'ok') return;
      if (audit.name.startsWith('MAY') && MAY_CHOICES[audit.id]) return;
      throw new Error(`${audit.id} ${audit.name}: ${result.reason}${'response' in result ? ` (HTTP ${result.response.status})` : ''}`);
    });
  }
  it('runs every audit', () => expect(audits.length).toBeGreaterThan(40));
});
