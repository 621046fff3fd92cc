/**
 * A line diff of two texts, for a reviewer comparing a creative as approved with its edit. Each line
 * is kept, added or removed (the page says which in words and with a sign, never by colour alone).
 */
export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

/** Past this many line pairs the longest-common-subsequence table is not built: the whole text is shown as replaced. */
const MAX_CELLS = 4_000_000;

/** HTML bodies are often one long line: break after block ends and `<br>` so a diff points at the paragraph that changed. */
export function htmlLines(html: string): string[] {
  return html
    .replace(/(<\/(?:p|div|h[1-6]|li|tr|table|ul|ol|blockquote)>|<br\s*\/?>)/gi, '$1\n')
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
}

export function lineDiff(before: readonly string[], after: readonly string[]): DiffLine[] {
  // Common head and tail first: most edits touch a few lines in the middle.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const same = (lines: readonly string[]) => lines.map((text): DiffLine => ({ kind: 'same', text }));
  const middle: DiffLine[] = [];
  if (a.length * b.length > MAX_CELLS) {
    middle.push(...a.map((text): DiffLine => ({ kind: 'removed', text })), ...b.map((text): DiffLine => ({ kind: 'added', text })));
  } else {
    // lcs[i][j] = length of the longest common subsequence of a[i..] and b[j..].
    const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
    for (let i = a.length - 1; i >= 0; i--)
      for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i] === b[j]) (middle.push({ kind: 'same', text: a[i] }), i++, j++);
      // On a tie the removal goes first: a changed line reads as "- old" then "+ new".
      else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) middle.push({ kind: 'removed', text: a[i++] });
      else middle.push({ kind: 'added', text: b[j++] });
    }
  }
  return [...same(before.slice(0, head)), ...middle, ...same(before.slice(before.length - tail))];
}

/** The diff as plain text lines with a sign (`+` added, `-` removed, two spaces kept): what a screen reader or a copy gets. */
export const diffAsText = (lines: readonly DiffLine[]) =>
  lines.map((l) => `${l.kind === 'added' ? '+' : l.kind === 'removed' ? '-' : ' '} ${l.text}`).join('\n');
