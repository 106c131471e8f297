import { withRoom } from "./grown-buffer.ts";

/** What COPY's text format cannot hold as is; NUL cannot be stored in text at all, so it goes. */
const copySpecial = /[\\\t\n\r\0]/g;
const copyEscapes: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\0": "" };

/** A value as COPY text (tab-separated format). */
export function copyText(value: string): string {
  return value.replace(copySpecial, (c) => copyEscapes[c] ?? "");
}

const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

export type IdGenerator = {
  /** The next id as text. */
  text(): string;
  /** The next id as its 16 bytes, written into `target` at `offset`. */
  write(target: Buffer, offset: number): void;
};

/**
 * UUIDv7 ids (RFC 9562) for an import's 100,000 rows, in increasing order: the millisecond, a 12-bit
 * sequence within it (method 1), then 62 random bits. Made straight as text or bytes: the uuidv7
 * package builds an object per id and asks the system for randomness every few ids.
 */
export function createIdGenerator(): IdGenerator {
  const random = new Uint8Array(8 * 1024);
  let next = random.length;
  let millisecond = 0;
  let sequence = 0;
  let prefix = "";
  const startMillisecond = (ms: number) => {
    millisecond = ms;
    sequence = 0;
    const digits = ms.toString(16).padStart(12, "0");
    prefix = `${digits.slice(0, 8)}-${digits.slice(8)}-7`;
  };
  /** Moves to the next id; answers where its 8 random bytes start in `random`. */
  const advance = () => {
    const now = Date.now();
    if (now > millisecond) startMillisecond(now);
    else if (++sequence > 0xfff) startMillisecond(millisecond + 1);
    if (next === random.length) {
      crypto.getRandomValues(random);
      next = 0;
    }
    next += 8;
    return next - 8;
  };
  return {
    text() {
      const i = advance();
      const r = random;
      return `${prefix}${sequence.toString(16).padStart(3, "0")}-${hex[0x80 | ((r[i] ?? 0) & 0x3f)]}${hex[r[i + 1] ?? 0]}-${hex[r[i + 2] ?? 0]}${hex[r[i + 3] ?? 0]}${hex[r[i + 4] ?? 0]}${hex[r[i + 5] ?? 0]}${hex[r[i + 6] ?? 0]}${hex[r[i + 7] ?? 0]}`;
    },
    write(target, offset) {
      const i = advance();
      target.writeUIntBE(millisecond, offset, 6);
      target[offset + 6] = 0x70 | (sequence >> 8);
      target[offset + 7] = sequence & 0xff;
      target[offset + 8] = 0x80 | ((random[i] ?? 0) & 0x3f);
      target.set(random.subarray(i + 1, i + 8), offset + 9);
    },
  };
}

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
    this.bytes = withRoom(this.bytes, this.used, extra);
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
