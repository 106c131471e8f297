import { withRoom } from "./grown-buffer.ts";

/**
 * Rows in PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html,
 * "Binary Format"). The database reads ids from it as they are stored, where text would be parsed
 * again per row: on PGlite that parsing was more than half of a bulk load's COPY.
 */
const signature = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
/** The signature, then flags and header-extension length, both 0. */
const headerBytes = signature.length + 8;

/** A uuid field from its text. */
export function uuidField(id: string): Buffer {
  const field = Buffer.allocUnsafe(20);
  field.writeInt32BE(16, 0);
  field.write(id.replaceAll("-", ""), 4, "hex");
  return field;
}

export class BinaryRows {
  private bytes = Buffer.allocUnsafe(1 << 20);
  private used = headerBytes;
  count = 0;

  constructor() {
    this.writeHeader();
  }

  private writeHeader(): void {
    signature.copy(this.bytes, 0);
    this.bytes.writeInt32BE(0, signature.length);
    this.bytes.writeInt32BE(0, signature.length + 4);
  }

  private reserve(extra: number): void {
    this.bytes = withRoom(this.bytes, this.used, extra);
  }

  /** Starts a row of `fields` fields; the caller adds exactly that many. */
  row(fields: number): void {
    this.reserve(2);
    this.bytes.writeInt16BE(fields, this.used);
    this.used += 2;
    this.count += 1;
  }

  /** A uuid field written by `write` (16 bytes at the offset given); answers where the bytes went. */
  uuid(write: (target: Buffer, offset: number) => void): number {
    this.reserve(20);
    this.bytes.writeInt32BE(16, this.used);
    write(this.bytes, this.used + 4);
    this.used += 20;
    return this.used - 16;
  }

  /** A uuid field copied from another row set's bytes. */
  uuidFrom(source: BinaryRows, at: number): void {
    this.reserve(20);
    this.bytes.writeInt32BE(16, this.used);
    source.bytes.copy(this.bytes, this.used + 4, at, at + 16);
    this.used += 20;
  }

  /** A text field, or NULL. */
  text(value: string | null): void {
    if (value === null) {
      this.reserve(4);
      this.bytes.writeInt32BE(-1, this.used);
      this.used += 4;
      return;
    }
    this.reserve(4 + value.length * 3);
    const length = this.bytes.write(value, this.used + 4, "utf8");
    this.bytes.writeInt32BE(length, this.used);
    this.used += 4 + length;
  }

  /** Fields made once (uuidField) and the same in every row. */
  fields(prepared: Buffer): void {
    this.reserve(prepared.length);
    prepared.copy(this.bytes, this.used);
    this.used += prepared.length;
  }

  /**
   * Every row so far as one COPY stream (header, rows, trailer), leaving the set empty. The bytes are
   * handed over, not copied: the set goes on in a new buffer of the same size (copying them was a
   * tenth of a bulk load's time in Node, docs/decisions/007).
   */
  take(): Buffer {
    this.reserve(2);
    this.bytes.writeInt16BE(-1, this.used);
    const taken = this.bytes.subarray(0, this.used + 2);
    this.bytes = Buffer.allocUnsafe(this.bytes.length);
    this.writeHeader();
    this.used = headerBytes;
    this.count = 0;
    return taken;
  }
}
