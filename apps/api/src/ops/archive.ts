/**
 * The little of tar (ustar) that backups need. A backup is a tar of PGlite's dump (itself a tar),
 * the secret and the uploads folder, readable with `tar`; restore reads it itself first, so a damaged
 * file is refused here with a reason instead of failing half-way inside PGlite (whose gzip fallback
 * throws where no caller can catch it).
 *
 * Our own rather than tar-stream: the backup writes only regular files and one folder, and restore
 * must refuse everything else (links above all) before anything is written, which is a few lines
 * here and a check on top of a general parser there; and it adds no dependency (nor a lock-file change)
 * for about a hundred lines that `tar -tzf` tests against.
 */
type TarEntry = { name: string; data: Buffer };

/** An entry to stream: its bytes as a Buffer, or read from `open()` when they are written (a picture). */
export type TarSource = {
  name: string;
  mtime: Date;
  type?: "file" | "folder";
  size: number;
  data?: Buffer;
  open?: () => AsyncIterable<Buffer>;
};

/** An entry as it is read: its body streams, and must be read (or is skipped) before the next entry comes. */
export type TarItem = {
  name: string;
  size: number;
  mtime: Date;
  /** Links, devices and extended headers are "other": never something a backup of ours holds. */
  type: "file" | "folder" | "other";
  body: AsyncIterable<Buffer>;
};

const block = 512;
/** Eleven octal digits: what a ustar size field holds. */
const largestSize = 0o77777777777;

export class DamagedArchive extends Error {}

export function readTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let at = 0; at + block <= tar.length; ) {
    const header = tar.subarray(at, at + block);
    if (header.every((byte) => byte === 0)) return entries;
    const { name, size } = decodeHeader(header, at);
    const data = tar.subarray(at + block, at + block + size);
    if (data.length < size) throw new DamagedArchive(`${name} is cut short`);
    entries.push({ name, data });
    at += block + roundedUp(size);
  }
  return entries;
}

/**
 * The tar of `entries`, a chunk at a time, as the gzip stream after it asks for them: one picture's
 * chunk in memory at a time however large the folder. A file whose size changed since it was listed
 * fails the archive, since its header already says how long it is.
 */
export async function* tarStream(entries: AsyncIterable<TarSource> | Iterable<TarSource>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield encodeHeader(entry);
    let written = 0;
    for await (const chunk of entry.open ? entry.open() : [entry.data ?? Buffer.alloc(0)]) {
      written += chunk.length;
      if (written > entry.size) break;
      yield chunk;
    }
    if (written !== entry.size) throw new Error(`${entry.name} changed while it was being backed up`);
    yield Buffer.alloc(roundedUp(entry.size) - entry.size);
  }
  yield Buffer.alloc(2 * block);
}

/**
 * The entries of a tar as it streams in. The whole stream is read, past the end marker too, so that
 * the gzip stream underneath checks its checksum: a damaged end is refused like a damaged start.
 */
export async function* readTarStream(source: AsyncIterable<Buffer>): AsyncGenerator<TarItem> {
  const input = new ByteReader(source);
  try {
    for (let at = 0; ; ) {
      const header = await input.exactly(block);
      // Like readTar, a tar that ends without its end marker is taken as ended.
      if (header.length === 0 || header.every((byte) => byte === 0)) {
        while ((await input.some(64 * 1024)).length > 0);
        return;
      }
      if (header.length < block) throw new DamagedArchive(`cut short at byte ${at}`);
      const { name, size, mtime, type } = decodeHeader(header, at);
      let left = size;
      async function* body(): AsyncGenerator<Buffer> {
        while (left > 0) {
          const chunk = await input.some(Math.min(left, 64 * 1024));
          if (chunk.length === 0) throw new DamagedArchive(`${name} is cut short`);
          left -= chunk.length;
          yield chunk;
        }
      }
      yield { name, size, mtime, type, body: body() };
      // What the reader of this entry left unread (it was skipped, or reading it stopped early).
      for await (const _ of body());
      const pad = roundedUp(size) - size;
      if ((await input.exactly(pad)).length < pad) throw new DamagedArchive(`${name} is cut short`);
      at += block + roundedUp(size);
    }
  } finally {
    // A reader that stopped early (a refused entry) closes the stream under it, and so the file.
    await input.close();
  }
}

/** Pulls chunks from a stream and hands out as many bytes as asked for, never more than one chunk ahead. */
class ByteReader {
  #source: AsyncIterator<Buffer>;
  #pending: Buffer = Buffer.alloc(0);
  constructor(source: AsyncIterable<Buffer>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  /** At most `max` bytes, as soon as there are some; none only at the end of the stream. */
  async some(max: number): Promise<Buffer> {
    if (this.#pending.length === 0) {
      const next = await this.#source.next();
      if (next.done) return Buffer.alloc(0);
      this.#pending = next.value;
    }
    const taken = this.#pending.subarray(0, max);
    this.#pending = this.#pending.subarray(taken.length);
    return taken;
  }

  /** `count` bytes, fewer only where the stream ends. */
  async exactly(count: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let got = 0; got < count; ) {
      const part = await this.some(count - got);
      if (part.length === 0) break;
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts);
  }

  async close(): Promise<void> {
    await this.#source.return?.();
  }
}

function encodeHeader({ name, size, mtime, type = "file" }: Omit<TarSource, "data" | "open">): Buffer {
  if (size > largestSize) throw new Error(`${name} is too large for a tar entry (8 GiB at most)`);
  const [prefix, rest] = splitName(name);
  const header = Buffer.alloc(block);
  header.write(rest, 0, 100, "utf8");
  header.write(type === "folder" ? "0000700\0" : "0000600\0", 100);
  header.write("0000000\0", 108);
  header.write("0000000\0", 116);
  header.write(`${size.toString(8).padStart(11, "0")}\0`, 124);
  header.write(
    `${Math.max(0, Math.floor(mtime.getTime() / 1000))
      .toString(8)
      .padStart(11, "0")}\0`,
    136,
  );
  header.write(type === "folder" ? "5" : "0", 156);
  header.write("ustar\0", 257);
  header.write("00", 263);
  header.write(prefix, 345, 155, "utf8");
  header.write(`${checksumOf(header).toString(8).padStart(6, "0")}\0 `, 148);
  return header;
}

/**
 * A name longer than the 100-byte field goes in two: the folders before a slash in the 155-byte
 * prefix field, the rest in the name field. One that cannot be split so is refused: the pax and GNU
 * extensions that could hold it are more than a shop's picture names ever need.
 */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ["", name];
  for (let slash = name.indexOf("/"); slash !== -1; slash = name.indexOf("/", slash + 1)) {
    const [prefix, rest] = [name.slice(0, slash), name.slice(slash + 1)];
    if (Buffer.byteLength(prefix) <= 155 && rest && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`${name}: the name is too long for a tar entry (a file name of 100 bytes at most, 255 in all)`);
}

function decodeHeader(header: Buffer, at: number): Omit<TarItem, "body"> {
  const size = octal(header, 124, 12);
  if (checksumOf(header) !== octal(header, 148, 8) || size < 0) {
    throw new DamagedArchive(`a damaged tar header at byte ${at}`);
  }
  const prefix = text(header, 345, 155);
  const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
  const flag = String.fromCharCode(header[156] ?? 0);
  const type = flag === "0" || flag === "\0" ? "file" : flag === "5" ? "folder" : "other";
  return { name, size, mtime: new Date(Math.max(0, octal(header, 136, 12)) * 1000), type };
}

/** A size rounded up to whole blocks, as entries are laid out. */
function roundedUp(size: number): number {
  return Math.ceil(size / block) * block;
}

/** The header's bytes summed with its own checksum field counted as spaces. */
function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < block; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

function text(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function octal(header: Buffer, offset: number, length: number): number {
  const digits = text(header, offset, length).trim();
  return /^[0-7]+$/.test(digits) ? Number.parseInt(digits, 8) : -1;
}
