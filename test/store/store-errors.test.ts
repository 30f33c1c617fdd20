import { MongoServerError } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { isDuplicateKey, isTransientWriteConflict } from '../../src/store/store-errors.js';

describe('driver errors the stores translate', () => {
  it('a deadlock under the local engine and a WriteConflict may be sent again; a duplicate key may not', () => {
    expect(isTransientWriteConflict(new MongoServerError({ message: 'deadlock detected', code: 16908292 }))).toBe(true);
    expect(isTransientWriteConflict(new MongoServerError({ message: 'Write conflict', code: 112 }))).toBe(true);
    const duplicate = new MongoServerError({ message: 'E11000 duplicate key', code: 11000 });
    expect(isTransientWriteConflict(duplicate)).toBe(false);
    expect(isDuplicateKey(duplicate)).toBe(true);
    expect(isTransientWriteConflict(new Error('deadlock detected'))).toBe(false);
  });
});
