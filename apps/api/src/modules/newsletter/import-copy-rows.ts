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

  /** The first `count` rows as one buffer of their own, leaving the rest. */
  take(count: number): Buffer {
    const end = this.ends[count - 1] ?? 0;
    const taken = Buffer.from(this.bytes.subarray(0, end));
    this.bytes.copy(this.bytes, 0, end, this.used);
    this.ends = this.ends.slice(count).map((rowEnd) => rowEnd - end);
    return taken;
  }
}
