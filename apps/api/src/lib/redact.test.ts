import { expect, it } from "vitest";
import { redactUrl } from "./redact.ts";

it("hides token and password query values and keeps the rest", () => {
  expect(redactUrl("/api/users/get-user?token=abc.def&x=1")).toBe("/api/users/get-user?token=[REDACTED]&x=1");
  expect(redactUrl("/a?x=1&Password=p")).toBe("/a?x=1&Password=[REDACTED]");
  expect(redactUrl("/api/health")).toBe("/api/health");
});
