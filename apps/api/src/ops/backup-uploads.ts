import { createReadStream, createWriteStream, type Dirent } from "node:fs";
import { lstat, mkdir, readdir, utimes } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { DamagedArchive, type TarItem, type TarSource } from "./archive.ts";

/** The uploads folder in a backup; its files are `uploads/<path in the folder>`. */
export const uploadsEntry = "uploads/";

/**
 * The uploads folder as tar entries, one file open at a time: the folder itself first, so that a
 * restore tells a backup of an empty folder (put back, empty) from one made before the uploads were
 * kept (the folder left alone); then every regular file under it, in name order.
 */
export async function* uploadSources(uploadsDir: string, now: Date): AsyncGenerator<TarSource> {
  yield { name: uploadsEntry, type: "folder", size: 0, mtime: now };
  yield* filesUnder(uploadsDir, "");
}

/**
 * What storage.ts writes beside a picture's final name and renames into place once whole: a
 * leftover is half a picture. A file set aside by a reclaim killed half-way (.….reclaim) is kept,
 * though: it is whole, and the next reclaim run puts it back under its name.
 */
const isPartial = (name: string) => name.startsWith(".") && name.endsWith(".partial");

async function* filesUnder(root: string, under: string): AsyncGenerator<TarSource> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(root, under), { withFileTypes: true });
  } catch (error) {
    // A shop that has not started yet has no folder (the server makes it): it has no pictures either.
    if (under === "" && (error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const name = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      yield* filesUnder(root, name);
    } else if (entry.isFile() && !isPartial(entry.name)) {
      const file = path.join(root, name);
      const { size, mtime } = await lstat(file);
      yield { name: `${uploadsEntry}${name}`, size, mtime, open: () => createReadStream(file) };
    }
    // Links and the like are not what the store writes: never followed, never taken (as its list does).
  }
}

/**
 * Writes one `uploads/…` entry of a backup into `into`, the folder being restored, not yet in use.
 * A backup is a file someone hands over: a name that could land outside the folder is refused, and
 * so is anything but a file or a folder (through a link, the next entry would write anywhere).
 */
export async function unpackUpload(into: string, item: TarItem): Promise<void> {
  if (item.type === "other") throw new DamagedArchive(`${item.name} is a link or a device, not a picture`);
  const relative = item.name.slice(uploadsEntry.length);
  const parts = (item.type === "folder" && relative.endsWith("/") ? relative.slice(0, -1) : relative).split("/");
  if (item.type === "folder" && parts.join("") === "") return;
  const root = path.resolve(into);
  const target = path.resolve(root, ...parts);
  if (
    parts.some((part) => part === "" || part === "." || part === ".." || part.includes("\\")) ||
    !target.startsWith(`${root}${path.sep}`)
  ) {
    throw new DamagedArchive(`${item.name} would be written outside the uploads folder`);
  }
  try {
    if (item.type === "folder") {
      await mkdir(target, { recursive: true });
      return;
    }
    await mkdir(path.dirname(target), { recursive: true });
    // "wx": a name that is there already is a second entry for it, which no backup of ours has.
    await pipeline(item.body, createWriteStream(target, { flags: "wx" }));
    await utimes(target, item.mtime, item.mtime);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ENOTDIR") throw new DamagedArchive(`${item.name} is in it twice`);
    throw error;
  }
}
