/**
 * Drops any line longer than `maxBytes` before the CSV parser sees it (the parser would otherwise
 * give up on the whole file), keeping the newline so later line numbers stay true.
 */
export function createLineGuard(maxBytes: number, onDropped: (line: number) => void) {
  let line = 1;
  let length = 0;
  let dropping = false;
  return (chunk: Buffer): Buffer => {
    const kept: Buffer[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      const piece = chunk.subarray(start, end);
      length += piece.length;
      if (!dropping && length > maxBytes) {
        dropping = true;
        onDropped(line);
      }
      if (dropping) {
        if (newline !== -1) kept.push(Buffer.from("\n"));
      } else {
        kept.push(piece);
      }
      if (newline !== -1) {
        line += 1;
        length = 0;
        dropping = false;
      }
      start = end;
    }
    return kept.length === 1 && kept[0] ? kept[0] : Buffer.concat(kept);
  };
}
