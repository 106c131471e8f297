/**
 * The addresses an import has met, to merge a file's repeats however far apart they are. A Set of
 * strings costs about 80 bytes an address in V8; this keeps each as its UTF-8 bytes in one buffer,
 * found through an open-addressing table of 32-bit fingerprints: under 70 bytes an address (a
 * 25-character one), about 6 MB per 100,000, and no object per address for the garbage collector to trace. Exact: a matching
 * fingerprint is confirmed against the stored bytes.
 */
export class AddressSet {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  /** Per slot: where the address starts in `bytes`, plus one (0 is an empty slot). */
  private starts = new Int32Array(1 << 12);
  /** Per slot: a second hash of the address, so most mismatches never touch `bytes`. */
  private prints = new Int32Array(1 << 12);
  /** Per slot: the address's length in bytes. */
  private lengths = new Uint16Array(1 << 12);
  size = 0;

  /** Adds `value`; false when it was already here. */
  add(value: string): boolean {
    const { slot, print, found } = this.find(value);
    if (found) return false;
    if (this.used + value.length * 3 > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + value.length * 3));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    const length = this.bytes.write(value, this.used);
    this.starts[slot] = this.used + 1;
    this.prints[slot] = print;
    this.lengths[slot] = length;
    this.used += length;
    this.size += 1;
    // Kept at most half full, so a probe ends within a few slots.
    if (this.size * 2 > this.starts.length) this.grow();
    return true;
  }

  has(value: string): boolean {
    return this.find(value).found;
  }

  private find(value: string): { slot: number; print: number; found: boolean } {
    const print = fingerprint(value);
    const mask = this.starts.length - 1;
    let slot = slotHash(value) & mask;
    for (;;) {
      const start = this.starts[slot] ?? 0;
      if (start === 0) return { slot, print, found: false };
      if (this.prints[slot] === print && this.matches(start - 1, this.lengths[slot] ?? 0, value))
        return { slot, print, found: true };
      slot = (slot + 1) & mask;
    }
  }

  private matches(start: number, length: number, value: string): boolean {
    return this.bytes.toString("utf8", start, start + length) === value;
  }

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
      let slot = slotHash(this.bytes.toString("utf8", start - 1, start - 1 + length)) & mask;
      while ((this.starts[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      this.starts[slot] = start;
      this.prints[slot] = prints[old] ?? 0;
      this.lengths[slot] = length;
    }
  }
}

/** FNV-1a over UTF-16 code units. */
function slotHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
  return hash;
}

/** A multiplicative hash unrelated to the slot's, so equal fingerprints in one probe run are rare. */
function fingerprint(value: string): number {
  let print = 0x9e3779b9;
  for (let i = 0; i < value.length; i += 1) print = Math.imul(print ^ value.charCodeAt(i), 0x5bd1e995) ^ (print >>> 15);
  return print;
}
