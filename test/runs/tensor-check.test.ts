import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/protocol/challenge.js';
import { argumentsContain, checkTensorSolution, MAX_TENSOR_VALUES } from '../../src/runs/tensor-check.js';

const tensor = (shape?: number[]): Challenge => ({ type: 'TENSOR', required: true, tensor: { name: 'scores', ...(shape && { shape }) } });

describe('checkTensorSolution', () => {
  it.each([
    ['a number, no shape', undefined, 0.5],
    ['a flat array, no shape', undefined, [1, 2, 3]],
    ['a scalar shape', [], 7],
    ['a [3] shape', [3], [0.1, 0.2, 0.3]],
    [
      'a [2, 2] shape',
      [2, 2],
      [
        [1, 2],
        [3, 4],
      ],
    ],
  ])('accepts %s', (_name, shape, value) => {
    expect(checkTensorSolution({ name: 'scores', value }, tensor(shape))).toEqual({ ok: true, name: 'scores', value });
  });

  it.each([
    ['no solution', undefined, undefined, 'MISSING_FIELD'],
    ['no value', { name: 'scores' }, undefined, 'MISSING_FIELD'],
    ['another name', { name: 'other', value: 1 }, undefined, 'INVALID_FIELD'],
    ['a string value', { name: 'scores', value: '1' }, undefined, 'INVALID_FIELD'],
    ['a non-finite number', { name: 'scores', value: [1, Number.POSITIVE_INFINITY] }, undefined, 'INVALID_FIELD'],
    ['the wrong length', { name: 'scores', value: [1, 2] }, [3], 'INVALID_FIELD'],
    ['an array for a scalar shape', { name: 'scores', value: [1] }, [], 'INVALID_FIELD'],
    ['a nested array without a shape', { name: 'scores', value: [[1]] }, undefined, 'INVALID_FIELD'],
    ['too many numbers', { name: 'scores', value: Array.from({ length: MAX_TENSOR_VALUES + 1 }, () => 1) }, undefined, 'INVALID_FIELD'],
  ])('refuses %s', (_name, solution, shape, code) => {
    expect(checkTensorSolution(solution, tensor(shape))).toMatchObject({ ok: false, code });
  });
});

describe('argumentsContain (mcp contract arguments, deep subset)', () => {
  it.each([
    [{ uri: 'kairos://adapter/x' }, { uri: 'kairos://adapter/x', extra: 1 }, true],
    [{ a: { b: [1, 2] } }, { a: { b: [1, 2, 3], c: 0 } }, true],
    [{ uri: 'kairos://adapter/x' }, { uri: 'kairos://adapter/y' }, false],
    [{ a: { b: 1 } }, { a: {} }, false],
    [{ a: 1 }, undefined, false],
    [[1, 2], [2, 1], false],
    ['x', 'x', true],
  ])('%j in %j: %s', (expected, actual, contained) => {
    expect(argumentsContain(expected, actual)).toBe(contained);
  });
});
