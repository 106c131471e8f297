import { describe, expect, it } from "vitest";
import { basicAuthMatches, bearerMatches, secretsMatch } from "./verify-secret.ts";

const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;

describe("shared webhook secrets", () => {
  it("matches only the exact secret", () => {
    expect(secretsMatch("s3cret-token", "s3cret-token")).toBe(true);
    expect(secretsMatch("s3cret-toke", "s3cret-token")).toBe(false);
    expect(secretsMatch("s3cret-token-", "s3cret-token")).toBe(false);
    expect(secretsMatch("", "s3cret-token")).toBe(false);
  });

  it("reads a bearer token", () => {
    expect(bearerMatches("Bearer s3cret-token", "s3cret-token")).toBe(true);
    expect(bearerMatches("Bearer wrong", "s3cret-token")).toBe(false);
    expect(bearerMatches("s3cret-token", "s3cret-token")).toBe(false);
    expect(bearerMatches(undefined, "s3cret-token")).toBe(false);
  });

  it("reads Postmark's basic credentials", () => {
    expect(basicAuthMatches(basic("postmark:pa:ss"), "postmark", "pa:ss")).toBe(true);
    expect(basicAuthMatches(basic("postmark:wrong"), "postmark", "pa:ss")).toBe(false);
    expect(basicAuthMatches(basic("other:pa:ss"), "postmark", "pa:ss")).toBe(false);
    expect(basicAuthMatches("Bearer postmark:pa:ss", "postmark", "pa:ss")).toBe(false);
    expect(basicAuthMatches(undefined, "postmark", "pa:ss")).toBe(false);
  });
});
