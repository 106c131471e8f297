import { expect, it } from "vitest";
import { redactUrl } from "./redact.ts";

it("hides token and password query values and keeps the rest", () => {
  expect(redactUrl("/api/users/get-user?token=abc.def&x=1")).toBe("/api/users/get-user?token=[REDACTED]&x=1");
  expect(redactUrl("/a?x=1&Password=p")).toBe("/a?x=1&Password=[REDACTED]");
  expect(redactUrl("/api/health")).toBe("/api/health");
});

it("redacts the signed token in the path of email links", () => {
  expect(redactUrl("/unsubscribe/eyJhbGc.sig")).toBe("/unsubscribe/[REDACTED]");
  expect(redactUrl("/confirm/abc.def?x=1")).toBe("/confirm/[REDACTED]?x=1");
  expect(redactUrl("/t/c/abc.def")).toBe("/t/c/[REDACTED]");
  expect(redactUrl("/t/o/abc.def")).toBe("/t/o/[REDACTED]");
  expect(redactUrl("/shop/unsubscribe/x")).toBe("/shop/unsubscribe/x");
});
