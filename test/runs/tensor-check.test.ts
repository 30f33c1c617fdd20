import { describe, expect, it } from 'vitest';
import type { Challenge } from '../../src/protocol/challenge.js';
import {
  argumentsContain,
  checkTensorSolution,
  MAX_TENSOR_JSON_BYTES,
  MAX_TENSOR_VALUES,
  tensorConditionHolds,
} from '../../src/runs/tensor-check.js';

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

describe('checkTensorSolution with a typed output (KAIROS 4)', () => {
  const typed = (output: NonNullable<Challenge['tensor']>['output']): Challenge => ({
    type: 'TENSOR',
    required: true,
    tensor: { name: 'out', output },
  });

  it.each([
    ['a string', { type: 'string' }, 'disk full'],
    ['a string within its lengths', { type: 'string', minLength: 2, maxLength: 9 }, 'disk full'],
    ['a string array within its items', { type: 'string[]', minItems: 1, maxItems: 2 }, ['a', 'b']],
    ['a number', { type: 'number' }, 0.25],
    ['a number array', { type: 'number[]' }, [1, 2]],
    ['a boolean', { type: 'boolean' }, false],
    ['an object', { type: 'object' }, { a: [1] }],
    ['anything for a type it does not know', { type: 'json' }, { nested: ['x', 1, null] }],
    ['a string for a type it does not know', { type: 'markdown' }, '# Title'],
  ])('accepts %s', (_name, output, value) => {
    expect(checkTensorSolution({ name: 'out', value }, typed(output))).toEqual({ ok: true, name: 'out', value });
  });

  it.each([
    ['a number for a string', { type: 'string' }, 3, 'TENSOR_OUTPUT'],
    ['a string shorter than min_length', { type: 'string', minLength: 5 }, 'abc', 'TENSOR_OUTPUT'],
    ['a string longer than max_length', { type: 'string', maxLength: 2 }, 'abc', 'TENSOR_OUTPUT'],
    ['a string for string[]', { type: 'string[]' }, 'a', 'TENSOR_OUTPUT'],
    ['a number inside string[]', { type: 'string[]' }, ['a', 1], 'TENSOR_OUTPUT'],
    ['fewer items than min_items', { type: 'string[]', minItems: 2 }, ['a'], 'TENSOR_OUTPUT'],
    ['more items than max_items', { type: 'number[]', maxItems: 1 }, [1, 2], 'TENSOR_OUTPUT'],
    ['an array for an object', { type: 'object' }, [1], 'TENSOR_OUTPUT'],
    ['a value larger than the cap', { type: 'string' }, 'x'.repeat(MAX_TENSOR_JSON_BYTES), 'MAX_JSON_BYTES'],
  ])('refuses %s', (_name, output, value, rule) => {
    expect(checkTensorSolution({ name: 'out', value }, typed(output))).toMatchObject({
      ok: false,
      code: 'INVALID_FIELD',
      field: 'tensor.value',
      requirement: { rule },
    });
  });
});

describe("tensorConditionHolds (KAIROS 4's `condition`)", () => {
  it.each([
    [undefined, {}, true],
    ["kind contains 'urgent'", { kind: 'very urgent' }, true],
    ["KIND CONTAINS 'urgent'", { KIND: 'urgent' }, true],
    ["kind contains 'urgent'", { kind: 'routine' }, false],
    ["kind contains 'urgent'", {}, false],
    ["kind contains 'urgent'", { kind: ['urgent'] }, false],
    ['kind == urgent', { kind: 'routine' }, true],
  ])('%s on %j: %s', (condition, inputs, holds) => {
    expect(tensorConditionHolds(condition, inputs)).toBe(holds);
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
