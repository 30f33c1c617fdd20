/**
 * KAIROS 4 additions to the solution rules, kept apart from src/runs/solution-check.ts so that
 * file only dispatches to them: a tensor solution (a named value: numbers shaped as our own
 * contract says, or of the type and bounds KAIROS's `output` declares) and an mcp contract's
 * `arguments` (a solution's arguments must contain them, deep subset).
 */
import type { Challenge, TensorOutputSpec } from '../protocol/challenge.js';
import { canonicalJson, CanonicalJsonError } from './canonical-json.js';
import { MAX_RUN_TENSOR_BYTES } from '../limits.js';

/** Most numbers a tensor value may hold (a run document must stay bounded). */
export const MAX_TENSOR_VALUES = 10_000;
/** Largest value of a typed (KAIROS `output`) tensor, as canonical JSON in UTF-8 bytes. */
export const MAX_TENSOR_JSON_BYTES = 64 * 1024;

export type TensorValue = number | TensorValue[];

/** A refused tensor: which field, and what it must be (the door words it). */
export type TensorRefusal =
  | { code: 'MISSING_FIELD' }
  | { code: 'INVALID_FIELD'; field: 'tensor.name'; requirement: { rule: 'EQUALS'; expected: string } }
  | {
      code: 'INVALID_FIELD';
      field: 'tensor.value';
      requirement: { rule: 'TENSOR_VALUE'; maxValues: number; shape: readonly number[] | null };
    }
  | { code: 'INVALID_FIELD'; field: 'tensor.value'; requirement: { rule: 'TENSOR_OUTPUT'; output: TensorOutputSpec } }
  | { code: 'INVALID_FIELD'; field: 'tensor.value'; requirement: { rule: 'MAX_JSON_BYTES'; bytes: number } }
  | { code: 'INVALID_FIELD'; field: 'tensor.value'; requirement: { rule: 'PLAIN_JSON'; problem: string } }
  | { code: 'INVALID_FIELD'; field: 'tensor.value'; requirement: { rule: 'MAX_RUN_TENSOR_BYTES'; bytes: number; held: number } };

export type TensorCheck = { ok: true; name: string; value: unknown } | ({ ok: false } & TensorRefusal);

/** A tensor value's size as the run counts it: UTF-8 bytes of its canonical JSON (the value is already checked plain). */
export function tensorBytes(value: unknown): number {
  return Buffer.byteLength(canonicalJson(value), 'utf8');
}

/** `heldBytes`: the run's tensor values proven so far; the new value must fit beside them under MAX_RUN_TENSOR_BYTES. */
export function checkTensorSolution(tensor: unknown, challenge: Challenge, heldBytes = 0): TensorCheck {
  const checked = checkTensorValue(tensor, challenge);
  if (checked.ok && heldBytes + tensorBytes(checked.value) > MAX_RUN_TENSOR_BYTES)
    return {
      ok: false,
      code: 'INVALID_FIELD',
      field: 'tensor.value',
      requirement: { rule: 'MAX_RUN_TENSOR_BYTES', bytes: MAX_RUN_TENSOR_BYTES, held: heldBytes },
    };
  return checked;
}

function checkTensorValue(tensor: unknown, challenge: Challenge): TensorCheck {
  if (
    !isObject(tensor) ||
    typeof tensor.name !== 'string' ||
    tensor.name.trim() === '' ||
    tensor.value === undefined ||
    tensor.value === null
  ) {
    return { ok: false, code: 'MISSING_FIELD' };
  }
  const expected = challenge.tensor?.name;
  if (expected !== undefined && tensor.name.trim() !== expected) {
    return { ok: false, code: 'INVALID_FIELD', field: 'tensor.name', requirement: { rule: 'EQUALS', expected } };
  }
  const output = challenge.tensor?.output;
  if (output) return checkTypedValue(tensor.name.trim(), tensor.value, output);
  const shape = challenge.tensor?.shape;
  const badValue = {
    ok: false,
    code: 'INVALID_FIELD',
    field: 'tensor.value',
    requirement: { rule: 'TENSOR_VALUE', maxValues: MAX_TENSOR_VALUES, shape: shape ?? null },
  } as const;
  const counted = { values: 0 };
  if (!isTensorValue(tensor.value, counted, 0)) return badValue;
  if (shape !== undefined && !hasShape(tensor.value, shape)) return badValue;
  // Without a shape: a number or a flat array of numbers.
  if (shape === undefined && Array.isArray(tensor.value) && tensor.value.some(Array.isArray)) return badValue;
  return { ok: true, name: tensor.name.trim(), value: tensor.value };
}

/**
 * Whether a tensor contract's KAIROS 4 `condition` holds on the values it requires, as KAIROS
 * reads one: `<name> contains '<text>'` holds when that input is a string containing the text;
 * no condition, or one in any other form, holds.
 */
export function tensorConditionHolds(condition: string | undefined, inputs: Readonly<Record<string, unknown>>): boolean {
  if (!condition) return true;
  const test = /^([A-Za-z0-9_]+)\s+contains\s+'([^']+)'$/i.exec(condition.trim());
  if (!test) return true;
  const value = Object.hasOwn(inputs, test[1]!) ? inputs[test[1]!] : undefined;
  return typeof value === 'string' && value.includes(test[2]!);
}

/** Item types a KAIROS `output.type` ending in `[]` may name; any other type takes any JSON value. */
const ITEM_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  object: (value) => isObject(value),
};

/**
 * A value of the type KAIROS's `output` declares: `string`, `number`, `boolean`, `object` and the
 * arrays of these are checked (KAIROS checks only `string` and that a `string[]` is an array),
 * lengths bound strings and item counts bound arrays, as in KAIROS; any other type takes any
 * JSON value. Every value is plain JSON of bounded size.
 */
function checkTypedValue(name: string, value: unknown, output: TensorOutputSpec): TensorCheck {
  let size: number;
  try {
    size = Buffer.byteLength(canonicalJson(value), 'utf8');
  } catch (error) {
    if (!(error instanceof CanonicalJsonError)) throw error;
    return { ok: false, code: 'INVALID_FIELD', field: 'tensor.value', requirement: { rule: 'PLAIN_JSON', problem: error.message } };
  }
  if (size > MAX_TENSOR_JSON_BYTES)
    return {
      ok: false,
      code: 'INVALID_FIELD',
      field: 'tensor.value',
      requirement: { rule: 'MAX_JSON_BYTES', bytes: MAX_TENSOR_JSON_BYTES },
    };
  const refused = { ok: false, code: 'INVALID_FIELD', field: 'tensor.value', requirement: { rule: 'TENSOR_OUTPUT', output } } as const;
  const type = output.type.trim();
  const item = type.endsWith('[]') ? ITEM_CHECKS[type.slice(0, -2).trim()] : undefined;
  const whole = ITEM_CHECKS[type];
  if (item && !(Array.isArray(value) && value.every(item))) return refused;
  if (whole && !whole(value)) return refused;
  if (typeof value === 'string') {
    const length = value.length;
    if ((output.minLength !== undefined && length < output.minLength) || (output.maxLength !== undefined && length > output.maxLength))
      return refused;
  }
  if (Array.isArray(value)) {
    if (
      (output.minItems !== undefined && value.length < output.minItems) ||
      (output.maxItems !== undefined && value.length > output.maxItems)
    )
      return refused;
  }
  return { ok: true, name, value };
}

function isTensorValue(value: unknown, counted: { values: number }, depth: number): value is TensorValue {
  if (typeof value === 'number') return Number.isFinite(value) && ++counted.values <= MAX_TENSOR_VALUES;
  if (!Array.isArray(value) || depth >= 8) return false;
  return value.every((item) => isTensorValue(item, counted, depth + 1));
}

function hasShape(value: TensorValue, shape: readonly number[]): boolean {
  const [size, ...rest] = shape;
  if (size === undefined) return typeof value === 'number';
  return Array.isArray(value) && value.length === size && value.every((item) => hasShape(item, rest));
}

/**
 * Whether `actual` contains `expected`: objects key by key (extra keys allowed), arrays element
 * by element at the same positions (extra trailing elements allowed), anything else equal.
 */
export function argumentsContain(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) && expected.length <= actual.length && expected.every((item, index) => argumentsContain(item, actual[index]))
    );
  }
  if (isObject(expected)) {
    return (
      isObject(actual) && Object.entries(expected).every(([key, item]) => Object.hasOwn(actual, key) && argumentsContain(item, actual[key]))
    );
  }
  return Object.is(expected, actual) || expected === actual;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
