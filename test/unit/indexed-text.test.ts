import { describe, expect, it } from 'vitest';
import {
  INDEXED_FIELD_MAX_CHARS,
  INDEXED_WORD_MAX_CHARS,
  indexableText,
  indexedTextOf,
  indexedTextSet,
} from '../../src/store/indexed-text.js';

describe('the text-index copy of a memory', () => {
  it('keeps words of letters, digits and marks, one space apart', () => {
    expect(indexableText('Deploy the_service: run `npm ci` -- now!')).toBe('Deploy the service run npm ci now');
    expect(indexableText('_a_a_a_')).toBe('a a a');
    expect(indexableText("don't café 中文 e\u0301 x²")).toBe('don t café 中文 e\u0301 x²');
    expect(indexableText('  \n\t ')).toBe('');
    expect(indexableText(null)).toBe('');
  });

  it('cuts overlong words and the whole field', () => {
    expect(indexableText(`${'a'.repeat(200_000)} b`)).toBe(`${'a'.repeat(INDEXED_WORD_MAX_CHARS)} b`);
    const long = indexableText('ab '.repeat(100_000));
    expect(long.length).toBeLessThanOrEqual(INDEXED_FIELD_MAX_CHARS);
    expect(long.startsWith('ab ab')).toBe(true);
    // An astral letter cut in half at the cap would leave a lone surrogate.
    const astral = indexableText('𝐀𝐀 '.repeat(INDEXED_FIELD_MAX_CHARS));
    expect(INDEXED_FIELD_MAX_CHARS % '𝐀𝐀 '.length).toBe(1);
    expect(astral.length).toBe(INDEXED_FIELD_MAX_CHARS - 1);
    expect(astral).not.toMatch(/[\ud800-\udbff]$/);
  });

  it('covers title, triggers, label and text of a whole record, and only what a patch sets', () => {
    expect(indexedTextOf({ label: 'Step_1', text: 'x', chain: { label: 'My-Title', triggers: null } })).toEqual({
      version: 1,
      title: 'My Title',
      triggers: '',
      label: 'Step 1',
      text: 'x',
    });
    expect(indexedTextSet({ text: 'a_b' })).toEqual({ 'indexedText.text': 'a b' });
    expect(indexedTextSet({})).toEqual({});
  });
});
