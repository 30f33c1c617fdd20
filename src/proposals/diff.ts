/**
 * A unified diff of two texts, for people reviewing a proposal. Common leading and trailing lines
 * are set aside first, so the quadratic table only covers the changed middle; past that size the
 * middle is shown as removed and added whole.
 */
const CONTEXT_LINES = 3;
// 1,000 × 1,000 changed lines: about 50 ms; a bigger table would hold the event loop for hundreds.
const MAX_TABLE_CELLS = 1_000_000;

type Edit = { kind: ' ' | '-' | '+'; line: string };

export function unifiedDiff(path: string, before: string | null, after: string | null): string {
  const oldLines = splitLines(before);
  const newLines = splitLines(after);
  const edits = diffLines(oldLines, newLines);
  if (edits.every((edit) => edit.kind === ' ')) return '';
  const header = [`--- ${before === null ? '/dev/null' : `a/${path}`}`, `+++ ${after === null ? '/dev/null' : `b/${path}`}`];
  return [...header, ...hunks(edits)].join('\n') + '\n';
}

function splitLines(text: string | null): string[] {
  if (text === null || text === '') return [];
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
}

function diffLines(a: string[], b: string[]): Edit[] {
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);
  const middle: Edit[] = [];
  if ((midA.length + 1) * (midB.length + 1) > MAX_TABLE_CELLS) {
    for (const line of midA) middle.push({ kind: '-', line });
    for (const line of midB) middle.push({ kind: '+', line });
  } else {
    // Longest common subsequence, walked from the front.
    const width = midB.length + 1;
    const table = new Uint32Array((midA.length + 1) * width);
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        table[i * width + j] =
          midA[i] === midB[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        middle.push({ kind: ' ', line: midA[i]! });
        i++;
        j++;
      } else if (i < midA.length && (j === midB.length || table[(i + 1) * width + j]! >= table[i * width + j + 1]!)) {
        // Removals before additions, as diff(1) shows them.
        middle.push({ kind: '-', line: midA[i++]! });
      } else {
        middle.push({ kind: '+', line: midB[j++]! });
      }
    }
  }
  return [
    ...a.slice(0, prefix).map((line): Edit => ({ kind: ' ', line })),
    ...middle,
    ...a.slice(a.length - suffix).map((line): Edit => ({ kind: ' ', line })),
  ];
}

function hunks(edits: Edit[]): string[] {
  const changed = edits.map((edit, index) => (edit.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  const output: string[] = [];
  // Line numbers before edits[scanned], kept as the hunks move forward (recounting from the top per hunk is quadratic).
  let scanned = 0;
  let oldStart = 1;
  let newStart = 1;
  let cursor = 0;
  while (cursor < changed.length) {
    const start = Math.max(0, changed[cursor]! - CONTEXT_LINES);
    let end = Math.min(edits.length, changed[cursor]! + CONTEXT_LINES + 1);
    while (cursor + 1 < changed.length && changed[cursor + 1]! - CONTEXT_LINES <= end) {
      cursor++;
      end = Math.min(edits.length, changed[cursor]! + CONTEXT_LINES + 1);
    }
    cursor++;
    for (; scanned < start; scanned++) {
      if (edits[scanned]!.kind !== '+') oldStart++;
      if (edits[scanned]!.kind !== '-') newStart++;
    }
    const slice = edits.slice(start, end);
    const oldCount = slice.filter((edit) => edit.kind !== '+').length;
    const newCount = slice.filter((edit) => edit.kind !== '-').length;
    output.push(`@@ -${oldCount === 0 ? oldStart - 1 : oldStart},${oldCount} +${newCount === 0 ? newStart - 1 : newStart},${newCount} @@`);
    for (const edit of slice) output.push(`${edit.kind}${edit.line}`);
  }
  return output;
}
