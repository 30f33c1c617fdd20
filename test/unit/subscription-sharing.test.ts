import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { localViewer, type Viewer } from '../../src/auth/viewer.js';
import { graphqlRenderer } from '../../src/render/graphql-renderer.js';
import { mcpV3Renderer } from '../../src/render/mcp-v3-renderer.js';
import { SharedExecutions, sharingKey } from '../../src/http/subscription-sharing.js';

const document = parse('subscription($space: String, $first: Int) { memoryEvents(space: $space) { uri } }');
const viewer: Viewer = {
  ...localViewer(),
  principalId: 'p1',
  readableSpaces: ['user:p1', 'group:a', 'app'],
  authenticated: true,
  role: 'AGENT',
};
const context = (overrides: Partial<Viewer> = {}) => ({
  viewer: { ...viewer, ...overrides },
  renderer: graphqlRenderer,
  answerAtHost: false,
});
const key = (variables: Record<string, unknown>, ctx = context(), operationName: string | null = null) =>
  sharingKey({ document, operationName, variableValues: variables }, ctx);

describe('sharingKey', () => {
  it('is the same for the same document, variables (in any key order) and viewer', () => {
    expect(key({ space: 'group:a', first: 1 })).toBe(key({ first: 1, space: 'group:a' }));
    // When the credential expires does not change what an event shows.
    expect(key({}, context({ credentialExpiresAt: new Date(1) }))).toBe(key({}, context({ credentialExpiresAt: null })));
  });

  it('differs whenever what the subscriber may see or asked for differs', () => {
    const base = key({ space: 'group:a' });
    const others = [
      key({ space: 'group:b' }),
      key({ space: 'group:a' }, context(), 'Named'),
      key({ space: 'group:a' }, context({ principalId: 'p2' })),
      key({ space: 'group:a' }, context({ readableSpaces: ['user:p1', 'group:a'] })),
      key({ space: 'group:a' }, context({ role: 'ADMIN' })),
      key({ space: 'group:a' }, context({ narrowed: true })),
      key({ space: 'group:a' }, { ...context(), renderer: mcpV3Renderer }),
      sharingKey({ document: parse('subscription { memoryEvents { uri space } }'), variableValues: { space: 'group:a' } }, context()),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });
});

describe('SharedExecutions', () => {
  it('executes once per event and group, and again for another event or group', async () => {
    const shared = new SharedExecutions();
    let runs = 0;
    const run = () => ({ data: { n: ++runs } });
    const [first, second] = [{ seq: 1 }, { seq: 2 }];
    expect(await shared.resultFor(first, 'g1', run)).toEqual({ data: { n: 1 } });
    expect(await shared.resultFor(first, 'g1', run)).toEqual({ data: { n: 1 } });
    expect(await shared.resultFor(first, 'g2', run)).toEqual({ data: { n: 2 } });
    expect(await shared.resultFor(second, 'g1', run)).toEqual({ data: { n: 3 } });
    // An event that is not an object cannot be told apart from an equal one: never shared.
    expect(await shared.resultFor(7, 'g1', run)).toEqual({ data: { n: 4 } });
    expect(await shared.resultFor(7, 'g1', run)).toEqual({ data: { n: 5 } });
  });
});
