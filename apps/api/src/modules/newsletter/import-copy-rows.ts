/**
 * Rows of COPY text in one growing buffer. Rows wait here across database round trips, long
 * enough for the garbage collector to promote anything that waits; as bytes they add no object per
 * row, so an import's heap stays flat instead of filling with old rows between collections.
 */
export class CopyRows {
  private bytes = Buffer.allocUnsafe(1 << 20);
  /** Where each row ends in `bytes`. */
  private ends: number[] = [];

  get count(): number {
    return this.ends.length;
  }

  private get used(): number {
    return this.ends[this.ends.length - 1] ?? 0;
  }

  private reserve(extra: number): void {
    if (this.used + extra <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + extra));
    this.bytes.copy(grown, 0, 0, this.used);
    this.bytes = grown;
  }

  /** `row` must be COPY text ending in a newline. */
  add(row: string): void {
    this.reserve(row.length * 3);
    this.ends.push(this.used + this.bytes.write(row, this.used));
  }

  /** Appends rows `from` to `to` (exclusive) of another set. */
  addRange(source: CopyRows, from: number, to: number): void {
    if (from >= to) return;
    const start = source.ends[from - 1] ?? 0;
    const end = source.ends[to - 1] ?? 0;
    this.reserve(end - start);
    const base = this.used - start;
    source.bytes.copy(this.bytes, this.used, start, end);
    for (let row = from; row < to; row += 1) this.ends.push((source.ends[row] ?? 0) + base);
  }

  /** The first `count` rows as one buffer of their own, leaving the rest. */
  take(count: number): Buffer {
    const end = this.ends[count - 1] ?? 0;
    const taken = Buffer.from(this.bytes.subarray(0, end));
    this.bytes.copy(this.bytes, 0, end, this.used);
    this.ends = this.ends.slice(count).map((rowEnd) => rowEnd - end);
    return taken;
  }

  /** All rows, as a view that is valid until the next change. */
  view(): Buffer {
    return this.bytes.subarray(0, this.used);
  }

  clear(): void {
    this.ends = [];
  }
}
