import { describe, expect, it } from "vitest";
import { CopyRows, copyText, createIdGenerator } from "./copy-rows.ts";

const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("createIdGenerator", () => {
  it("makes unique UUIDv7 ids in increasing order, stamped with the time, as text or bytes", () => {
    const newId = createIdGenerator();
    const before = Date.now();
    // More than 4,096 in a millisecond forces the sequence to roll over into the next one.
    const ids = Array.from({ length: 20_000 }, (_, i) => {
      if (i % 2 === 0) return newId.text();
      // Half as bytes: the same ids, written where a binary COPY row wants them.
      const bytes = Buffer.alloc(16);
      newId.write(bytes, 0);
      const hex = bytes.toString("hex");
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    });
    for (const id of ids) expect(id).toMatch(v7);
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i += 1) expect((ids[i] ?? "") > (ids[i - 1] ?? "")).toBe(true);
    const stamped = Number.parseInt((ids[0] ?? "").replace("-", "").slice(0, 12), 16);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(Date.now());
  });
});

describe("CopyRows", () => {
  it("hands out whole rows in order, as COPY text", () => {
    const rows = new CopyRows();
    for (let i = 0; i < 3; i += 1) rows.add(`${i}\t${copyText(`Jörg\t${i}\\`)}\n`);
    expect(rows.take(2).toString()).toBe("0\tJörg\\t0\\\\\n1\tJörg\\t1\\\\\n");
    expect(rows.count).toBe(1);
    expect(rows.take(1).toString()).toBe("2\tJörg\\t2\\\\\n");
  });
});
