import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createRenderThread } from "./render-thread.ts";

// A stand-in for the web build's server entry: it reads through the transport it is given, as the
// real one does, and can be told to fail, hang or take its thread down.
const dir = mkdtempSync(path.join(tmpdir(), "render-thread-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const entry = path.join(dir, "entry-server.mjs");
writeFileSync(
  entry,
  `export function createPageRenderer({ baseUrl, fetch }) {
    return async (url) => {
      if (url === "/fail") throw new Error("render failed");
      if (url === "/hang") return new Promise(() => {});
      if (url === "/die") process.exit(3);
      const answer = await fetch(baseUrl + "/products?page=1");
      return { html: "<p>" + url + " " + (await answer.text()) + "</p>", state: String(answer.status) };
    };
  }`,
);

describe("the render thread", () => {
  const fetched: string[] = [];
  const errors: unknown[] = [];
  const thread = createRenderThread({
    entryUrl: pathToFileURL(entry).href,
    baseUrl: "http://storefront.internal/api",
    timeoutMs: 1_000,
    fetch: async (url) => {
      fetched.push(url);
      return { status: 200, body: "six products", contentType: "application/json" };
    },
    onError: (error) => errors.push(error),
  });
  afterAll(() => thread.close());

  it("renders with reads answered by the main thread", async () => {
    expect(await thread.render("/shop")).toEqual({ html: "<p>/shop six products</p>", state: "200" });
    expect(fetched).toEqual(["/api/products?page=1"]);
  });

  it("answers undefined for a failed or slow render, and renders again after its thread dies", async () => {
    expect(await thread.render("/fail")).toBeUndefined();
    expect(String(errors.at(-1))).toContain("render failed");
    expect(await thread.render("/hang")).toBeUndefined();
    expect(await thread.render("/die")).toBeUndefined();
    expect(await thread.render("/")).toEqual({ html: "<p>/ six products</p>", state: "200" });
  });
});
