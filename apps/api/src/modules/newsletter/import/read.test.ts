import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { fileEncoding } from "./read.ts";

const folder = await mkdtemp(join(tmpdir(), "file-encoding-"));
afterAll(() => rm(folder, { recursive: true, force: true }));

async function encodingOf(bytes: Buffer): Promise<string> {
  const path = join(folder, `${Math.random()}.csv`);
  await writeFile(path, bytes);
  return fileEncoding(path);
}

const mebibyte = 1024 * 1024;

it("reads UTF-8 whose character is cut by the end of a piece read (1 MiB) as UTF-8", async () => {
  const ascii = Buffer.alloc(mebibyte - 1, "a");
  expect(await encodingOf(Buffer.concat([ascii, Buffer.from("é\n")]))).toBe("UTF-8");
});

it("reads a file with one Windows-1252 byte after megabytes of ASCII, or ending halfway through a character, as Windows-1252", async () => {
  const ascii = Buffer.alloc(2 * mebibyte + 7, "a");
  expect(await encodingOf(Buffer.concat([ascii, Buffer.from("Ren\xE9\n", "latin1")]))).toBe("Windows-1252");
  expect(await encodingOf(Buffer.concat([ascii, Buffer.from("é").subarray(0, 1)]))).toBe("Windows-1252");
});

it("takes a byte order mark's word for it", async () => {
  expect(await encodingOf(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toBe("UTF-8 with BOM");
  expect(await encodingOf(Buffer.from([0xff, 0xfe, 0x61, 0x00]))).toBe("UTF-16LE");
  expect(await encodingOf(Buffer.from([0xfe, 0xff, 0x00, 0x61]))).toBe("UTF-16BE");
});
