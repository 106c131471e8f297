/**
 * The addresses an import has met, to merge a file's repeats however far apart they are. A Set of
 * strings costs about 140 bytes an address in V8; this keeps each as its UTF-8 bytes in 1 MB chunks
 * (filled in turn: nothing is copied or doubled as the file grows), found through an open-addressing table of 32-bit fingerprints, at most three quarters full: about
 * 50 bytes an address (a 31-character one, table sized from the estimate), and no object per address
 * for the garbage collector to trace. Exact: a matching fingerprint is confirmed against the stored
 * bytes. Decision 013.
 */
export class AddressSet {
  private chunks: Buffer[] = [];
  /** Where the next address goes: chunk number × chunkBytes + offset in it. */
  private used = 0;
  /** Per slot: where the address starts (as `used`), plus one (0 is an empty slot). */
  private starts: Int32Array;
  /** Per slot: a second hash of the address, so most mismatches never touch `bytes`. */
  private prints: Int32Array;
  /** Per slot: the address's length in bytes. */
  private lengths: Uint16Array;
  size = 0;

  /** `expected`: how many addresses are likely, so the table is made big enough at once. */
  constructor(expected = 0) {
    let slots = 1 << 12;
    while (slots * maxLoad < expected) slots *= 2;
    this.starts = new Int32Array(slots);
    this.prints = new Int32Array(slots);
    this.lengths = new Uint16Array(slots);
  }

  /** Adds `value`; false when it was already here. */
  add(value: string): boolean {
    const { slot, print, found } = this.find(value);
    if (found) return false;
    // An address never spans two chunks: one that may not fit starts the next.
    if ((this.used % chunkBytes) + value.length * 3 > chunkBytes)
      this.used = Math.ceil(this.used / chunkBytes) * chunkBytes;
    const chunk = Math.floor(this.used / chunkBytes);
    if (chunk === this.chunks.length) this.chunks.push(Buffer.allocUnsafe(chunkBytes));
    const length = (this.chunks[chunk] as Buffer).write(value, this.used % chunkBytes);
    this.starts[slot] = this.used + 1;
    this.prints[slot] = print;
    this.lengths[slot] = length;
    this.used += length;
    this.size += 1;
    // Kept at most three quarters full: with the fingerprints, a probe past a few slots is cheap.
    if (this.size > this.starts.length * maxLoad) this.grow();
    return true;
  }

  has(value: string): boolean {
    return this.size > 0 && this.find(value).found;
  }

  private find(value: string): { slot: number; print: number; found: boolean } {
    const hash = hashes(value);
    const print = lastPrint;
    const mask = this.starts.length - 1;
    let slot = hash & mask;
    for (;;) {
      const start = this.starts[slot] ?? 0;
      if (start === 0) return { slot, print, found: false };
      if (this.prints[slot] === print && this.matches(start - 1, this.lengths[slot] ?? 0, value))
        return { slot, print, found: true };
      slot = (slot + 1) & mask;
    }
  }

  private matches(start: number, length: number, value: string): boolean {
    return this.textAt(start, length) === value;
  }

  private textAt(start: number, length: number): string {
    const offset = start % chunkBytes;
    return (this.chunks[Math.floor(start / chunkBytes)] as Buffer).toString("utf8", offset, offset + length);
  }

  /**
   * Twice the slots. Each address's slot hash is worked out again from its bytes: rare when the
   * table was sized from the import's estimate, and 4 bytes a slot less than keeping it.
   */
  private grow(): void {
    const { starts, prints, lengths } = this;
    this.starts = new Int32Array(starts.length * 2);
    this.prints = new Int32Array(starts.length * 2);
    this.lengths = new Uint16Array(starts.length * 2);
    const mask = this.starts.length - 1;
    for (let old = 0; old < starts.length; old += 1) {
      const start = starts[old] ?? 0;
      if (start === 0) continue;
      const length = lengths[old] ?? 0;
      let slot = hashes(this.textAt(start - 1, length)) & mask;
      while ((this.starts[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      this.starts[slot] = start;
      this.prints[slot] = prints[old] ?? 0;
      this.lengths[slot] = length;
    }
  }
}

/** How full the table may get before it grows. */
const maxLoad = 0.75;
/** 1 MB: at most one address's length (under 1 kB) is left unused at the end of each. */
const chunkBytes = 1 << 20;

/** The fingerprint computed with the last hash, handed over without an object per call. */
let lastPrint = 0;

/**
 * Two unrelated hashes in one pass over the UTF-16 code units: FNV-1a for the slot (returned), and a
 * multiplicative one for the fingerprint (lastPrint), so equal fingerprints in one probe run are rare.
 */
function hashes(value: string): number {
  let hash = 0x811c9dc5;
  let print = 0x9e3779b9;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    hash = Math.imul(hash ^ code, 0x01000193);
    print = Math.imul(print ^ code, 0x5bd1e995) ^ (print >>> 15);
  }
  lastPrint = print;
  return hash;
}
