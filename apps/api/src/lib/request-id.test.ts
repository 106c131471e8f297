import { expect, it } from "vitest";
import { createRequestIds } from "./request-id.ts";

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

it("answers UUID-shaped ids, as crypto.randomUUID did, each one different", () => {
  const next = createRequestIds();
  const ids = Array.from({ length: 1000 }, () => next());
  for (const id of ids) expect(id).toMatch(uuidV4);
  expect(new Set(ids).size).toBe(ids.length);
});

it("gives two processes (two generators) different ids", () => {
  expect(createRequestIds()()).not.toBe(createRequestIds()());
});
