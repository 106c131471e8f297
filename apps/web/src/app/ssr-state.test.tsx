import { afterEach, expect, it } from "vitest";
import { readSsrState, serializeSsrState, ssrStateId } from "./ssr-state";

afterEach(() => document.getElementById(ssrStateId)?.remove());

/** The data block a server-rendered page carries, rendered for `url`. */
function renderedFor(url: string) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = ssrStateId;
  block.textContent = serializeSsrState({ url, queries: { mutations: [], queries: [] } });
  document.body.append(block);
}

const at = (href: string) => new URL(href, "https://shop.example") as unknown as Location;

it("hydrates from the server's state when the link carried parameters the page does not read", () => {
  // The server renders (and caches) a page by what it shows: its path, and /shop's own filters.
  renderedFor("/smart-locks");
  expect(readSsrState(at("/smart-locks?utm_source=news&fbclid=abc"))?.url).toBe("/smart-locks");
  document.getElementById(ssrStateId)?.remove();
  renderedFor("/shop?page=2&sortBy=price");
  expect(readSsrState(at("/shop?sortBy=price&gclid=x&page=2"))?.url).toBe("/shop?page=2&sortBy=price");
});

it("renders afresh a page the server rendered for another address (the offline copy of another page)", () => {
  renderedFor("/shop?page=2");
  expect(readSsrState(at("/shop?page=3"))).toBeUndefined();
  expect(readSsrState(at("/about"))).toBeUndefined();
});
