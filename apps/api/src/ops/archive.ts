/**
 * The little of tar (ustar) that backups need. A backup is a tar of PGlite's dump (itself a tar) and
 * the files beside it, readable with `tar`; restore reads both itself first, so a damaged file is
 * refused here with a reason instead of failing half-way inside PGlite (whose gzip fallback throws
 * where no caller can catch it).
 */
export type TarEntry = { name: string; data: Buffer };

const block = 512;

export class DamagedArchive extends Error {}

export function readTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let at = 0; at + block <= tar.length; ) {
    const header = tar.subarray(at, at + block);
    if (header.every((byte) => byte === 0)) return entries;
    if (checksumOf(header) !== octal(header, 148, 8)) throw new DamagedArchive(`a damaged tar header at byte ${at}`);
    const size = octal(header, 124, 12);
    if (size < 0) throw new DamagedArchive(`a damaged tar header at byte ${at}`);
    const prefix = text(header, 345, 155);
    const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
    const data = tar.subarray(at + block, at + block + size);
    if (data.length < size) throw new DamagedArchive(`${name} is cut short`);
    entries.push({ name, data });
    at += block + Math.ceil(size / block) * block;
  }
  return entries;
}

/** Regular files, owner-only (a backup may hold the signing secret); names under 100 bytes. */
export function writeTar(entries: TarEntry[], now = new Date()): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of entries) {
    const header = Buffer.alloc(block);
    header.write(name, 0, 100, "utf8");
    header.write("0000600\0", 100);
    header.write("0000000\0", 108);
    header.write("0000000\0", 116);
    header.write(`${data.length.toString(8).padStart(11, "0")}\0`, 124);
    header.write(
      `${Math.floor(now.getTime() / 1000)
        .toString(8)
        .padStart(11, "0")}\0`,
      136,
    );
    header.write("0", 156);
    header.write("ustar\0", 257);
    header.write("00", 263);
    header.write(`${checksumOf(header).toString(8).padStart(6, "0")}\0 `, 148);
    parts.push(header, data, Buffer.alloc((block - (data.length % block)) % block));
  }
  parts.push(Buffer.alloc(2 * block));
  return Buffer.concat(parts);
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
