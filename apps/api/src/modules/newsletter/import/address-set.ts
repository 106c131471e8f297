import { withRoom } from "./grown-buffer.ts";

/**
 * The addresses an import has met, to merge a file's repeats however far apart they are. A Set of
 * strings costs about 80 bytes an address in V8; this keeps each as its UTF-8 bytes in one buffer,
 * found through an open-addressing table of 32-bit fingerprints: under 80 bytes an address (a
 * 25-character one), about 7 MB per 100,000, and no object per address for the garbage collector to trace. Exact: a matching
 * fingerprint is confirmed against the stored bytes.
 */
export class AddressSet {
  private bytes: Buffer<ArrayBuffer>;
  private used = 0;
  /** Per slot: where the address starts in `bytes`, plus one (0 is an empty slot). */
  private starts: Int32Array;
  /** Per slot: the address's hash, kept so growing never reads the addresses again. */
  private hashes: Int32Array;
  /** Per slot: a second hash of the address, so most mismatches never touch `bytes`. */
  private prints: Int32Array;
  /** Per slot: the address's length in bytes. */
  private lengths: Uint16Array;
  size = 0;

  /** `expected`: how many addresses are likely, so the table is made big enough at once. */
  constructor(expected = 0) {
    let slots = 1 << 12;
    while (slots < expected * 2) slots *= 2;
    this.bytes = Buffer.allocUnsafe(Math.max(1 << 16, expected * 24));
    this.starts = new Int32Array(slots);
    this.hashes = new Int32Array(slots);
    this.prints = new Int32Array(slots);
    this.lengths = new Uint16Array(slots);
  }

  /** Adds `value`; false when it was already here. */
  add(value: string): boolean {
    const { slot, hash, print, found } = this.find(value);
    if (found) return false;
    this.bytes = withRoom(this.bytes, this.used, value.length * 3);
    const length = this.bytes.write(value, this.used);
    this.starts[slot] = this.used + 1;
    this.hashes[slot] = hash;
    this.prints[slot] = print;
    this.lengths[slot] = length;
    this.used += length;
    this.size += 1;
    // Kept at most half full, so a probe ends within a few slots.
    if (this.size * 2 > this.starts.length) this.grow();
    return true;
  }

  has(value: string): boolean {
    return this.size > 0 && this.find(value).found;
  }

  private find(value: string): { slot: number; hash: number; print: number; found: boolean } {
    const hash = hashes(value);
    const print = lastPrint;
    const mask = this.starts.length - 1;
    let slot = hash & mask;
    for (;;) {
      const start = this.starts[slot] ?? 0;
      if (start === 0) return { slot, hash, print, found: false };
      if (this.prints[slot] === print && this.matches(start - 1, this.lengths[slot] ?? 0, value))
        return { slot, hash, print, found: true };
      slot = (slot + 1) & mask;
    }
  }

  private matches(start: number, length: number, value: string): boolean {
    return this.bytes.toString("utf8", start, start + length) === value;
  }

  private grow(): void {
    const { starts, hashes, prints, lengths } = this;
    this.starts = new Int32Array(starts.length * 2);
    this.hashes = new Int32Array(starts.length * 2);
    this.prints = new Int32Array(starts.length * 2);
    this.lengths = new Uint16Array(starts.length * 2);
    const mask = this.starts.length - 1;
    for (let old = 0; old < starts.length; old += 1) {
      const start = starts[old] ?? 0;
      if (start === 0) continue;
      const hash = hashes[old] ?? 0;
      let slot = hash & mask;
      while ((this.starts[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      this.starts[slot] = start;
      this.hashes[slot] = hash;
      this.prints[slot] = prints[old] ?? 0;
      this.lengths[slot] = lengths[old] ?? 0;
    }
  }
}

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
