/** Property sweep of the size and character limits in src/limits.ts. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDepth, sanitizeForLog, TEXT_LIMITS, type TextField } from '../../src/limits.js';
import { checkText } from '../../src/services/check-text.js';
import { RequestError } from '../../src/services/errors.js';

const fields = Object.keys(TEXT_LIMITS) as TextField[];
const hostile = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];

function refusal(run: () => void): RequestError | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
}

describe('checkText', () => {
  it('refuses exactly the values longer than their field limit, with PAYLOAD_TOO_LARGE and the limit', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.integer({ min: -20, max: 20 }), (field, offset) => {
        const limit = TEXT_LIMITS[field];
        const length = Math.max(0, limit + offset);
        const error = refusal(() => checkText(field, 'a'.repeat(length)));
        if (length <= limit) expect(error).toBeNull();
        else expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { field, limit } });
      }),
    );
  });

  it('refuses control and bidi characters anywhere in a plain field, and accepts printable text with newlines and tabs', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom(...hostile), fc.nat(), (text, bad, at) => {
        const clean = text.replace(
          /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/g,
          '',
        );
        expect(refusal(() => checkText('title', `${clean}\t\n`, { plain: true }))).toBeNull();
        const position = at % (clean.length + 1);
        const poisoned = clean.slice(0, position) + bad + clean.slice(position);
        expect(refusal(() => checkText('title', poisoned, { plain: true }))).toMatchObject({
          code: 'BAD_USER_INPUT',
          details: { field: 'title' },
        });
      }),
    );
  });
});

describe('jsonDepth', () => {
  it('measures nesting of arrays and objects', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 200 }), (shape) => {
        let value: unknown = 1;
        for (const asArray of shape) value = asArray ? [value] : { inner: value };
        expect(jsonDepth(value, 1_000)).toBe(shape.length);
      }),
    );
  });
});

describe('sanitizeForLog', () => {
  it('keeps only printable ASCII, at most the limit, and null for nothing left', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.integer({ min: 1, max: 200 }), (text, limit) => {
        const cleaned = sanitizeForLog(text, limit);
        if (cleaned === null) return;
        expect(cleaned.length).toBeLessThanOrEqual(limit);
        expect(cleaned).toMatch(/^[\x21-\x7e]+$/);
      }),
    );
  });
});
