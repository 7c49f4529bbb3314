/**
 * Whitespace clean-up for extracted text, written as plain loops: a regex such as /[ \t]+\n/ is
 * scanned again from every space of a long run of spaces that does not end a line, which makes it
 * quadratic on hostile input.
 */

const isSpaceOrTab = (code: number) => code === 0x20 || code === 0x09;

export function trimEndSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && isSpaceOrTab(line.charCodeAt(end - 1))) end -= 1;
  return end === line.length ? line : line.slice(0, end);
}

export function trimStartSpaces(line: string): string {
  let start = 0;
  while (start < line.length && isSpaceOrTab(line.charCodeAt(start))) start += 1;
  return start === 0 ? line : line.slice(start);
}

/** Lines without trailing spaces, at most one blank line in a row, no blank lines around. */
export function joinTidyLines(lines: readonly string[]): string {
  const kept: string[] = [];
  let blankRun = 0;
  for (const line of lines) {
    if (line === '') {
      blankRun += 1;
      if (blankRun > 1 || kept.length === 0) continue;
    } else blankRun = 0;
    kept.push(line);
  }
  while (kept.length > 0 && kept.at(-1) === '') kept.pop();
  return kept.join('\n').trim();
}

/** Plain text as read from a file: Unix line ends, no NUL characters, tidy lines. */
export function tidyText(text: string): string {
  return joinTidyLines(
    text
      .replaceAll('\u0000', '')
      .split(/\r\n?|\n/)
      .map(trimEndSpaces),
  );
}
