import { randomBytes } from "node:crypto";
import { urlSlug } from "@shop/shared/slugify";

/**
 * The slug a name makes (urlSlug), or, for a name with no Latin spelling (Japanese, Arabic…), the
 * kind and eight random hex digits: one of its own, so the next such name is no conflict.
 */
export function slugOfName(name: string, kind: string): string {
  return urlSlug(name) || `${kind}-${randomBytes(4).toString("hex")}`;
}
