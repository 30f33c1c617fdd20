import { describe, expect, it } from 'vitest';
import { canonicalJson, CanonicalJsonError } from '../../src/runs/canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth, so key order does not change the text', () => {
    const a = { b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } };
    const b = { a: { c: 'x', d: [3, { y: 2, z: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('keeps array order', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('drops undefined properties but keeps null', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });

  it('writes strings and numbers as JSON does', () => {
    expect(canonicalJson({ s: 'é"\n', n: -0, f: 1.5e-7, t: true })).toBe('{"f":1.5e-7,"n":0,"s":"é\\"\\n","t":true}');
  });

  it('sorts keys by code unit order', () => {
    expect(canonicalJson({ b: 1, B: 2, a: 3, é: 4 })).toBe('{"B":2,"a":3,"b":1,"é":4}');
  });

  it.each([
    ['NaN', { n: Number.NaN }],
    ['Infinity', { n: Number.POSITIVE_INFINITY }],
    ['-Infinity', [Number.NEGATIVE_INFINITY]],
    ['bigint', { n: 1n }],
    ['function', { f: () => 1 }],
    ['symbol', { s: Symbol('x') }],
    ['undefined in an array', [1, undefined]],
    ['undefined at the top', undefined],
    ['Date', { d: new Date(0) }],
    ['Map', new Map()],
  ])('rejects %s', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(CanonicalJsonError);
  });

  it('rejects cycles but accepts a shared, acyclic object twice', () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/cycle/);
  });

  it('accepts objects without a prototype', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.k = 1;
    expect(canonicalJson(bare)).toBe('{"k":1}');
  });
});
