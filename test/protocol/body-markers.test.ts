import { describe, expect, it } from 'vitest';
import { extractBody, hasBodyMarkers, trimMarkdownBlock } from '../../src/protocol/body-markers.js';

describe('extractBody', () => {
  it('returns only the text between the markers, trimmed', () => {
    const text = 'Header\n<!-- KAIROS:BODY-START -->\n\nThe body.\n\n<!-- KAIROS:BODY-END -->\nFooter';
    expect(extractBody(text)).toBe('The body.');
  });

  it('matches case-insensitively and tolerates whitespace inside the comment', () => {
    expect(extractBody('<!--kairos:body-start-->\nx\n<!--   Kairos : Body-End   -->')).toBe('x');
  });

  it('leaves the text unchanged unless both markers are present in order', () => {
    const onlyStart = '<!-- KAIROS:BODY-START -->\ntext';
    const reversed = '<!-- KAIROS:BODY-END -->\ntext\n<!-- KAIROS:BODY-START -->';
    expect(extractBody(onlyStart)).toBe(onlyStart);
    expect(extractBody(reversed)).toBe(reversed);
    expect(extractBody('  plain  ')).toBe('  plain  ');
    expect(hasBodyMarkers(reversed)).toBe(false);
  });

  it('takes the outermost pair', () => {
    const text = '<!-- KAIROS:BODY-START -->\na <!-- KAIROS:BODY-END --> b\n<!-- KAIROS:BODY-END -->';
    expect(extractBody(text)).toBe('a <!-- KAIROS:BODY-END --> b');
  });

  it('keeps the indentation of the first line, which is significant in markdown', () => {
    expect(extractBody('<!-- KAIROS:BODY-START -->\n\n    # code\n<!-- KAIROS:BODY-END -->')).toBe('    # code');
  });
});

describe('trimMarkdownBlock', () => {
  it('drops blank lines at the start and whitespace at the end only', () => {
    expect(trimMarkdownBlock('\n  \n  indented\ntext  \n\n')).toBe('  indented\ntext');
    expect(trimMarkdownBlock(' \n\t\n ')).toBe('');
  });
});
