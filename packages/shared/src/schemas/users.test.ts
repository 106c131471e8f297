import { describe, expect, it } from "vitest";
import { slugify } from "../slugify.ts";
import { loginSchema, userCreateFormSchema, userUpdateSchema } from "./users.ts";

const valid = {
  name: "Jane Doe",
  email: " Jane@Example.com ",
  phone: "0123456789",
  role: "01890a5d-ac96-774b-bcce-b302099a8057",
  password: "secret1",
  confirmPassword: "secret1",
};

describe("user schemas", () => {
  it("normalises the email and accepts a valid user", () => {
    const parsed = userCreateFormSchema.parse(valid);
    expect(parsed.email).toBe("jane@example.com");
  });

  it("speaks the spec's messages", () => {
    const result = userCreateFormSchema.safeParse({
      ...valid,
      name: "J",
      phone: "12345",
      password: "12345",
      confirmPassword: "x",
    });
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        "Name must be at least 2 characters",
        "Phone number must be exactly 10 digits",
        "Password must be at least 6 characters long",
      ]),
    );
    const mismatch = userCreateFormSchema.safeParse({ ...valid, confirmPassword: "other1" });
    expect(mismatch.error?.issues[0]?.message).toBe("Passwords do not match");
  });

  it("rejects unknown keys so nobody sets what the form does not offer", () => {
    expect(loginSchema.safeParse({ email: "a@b.c", password: "x", role: "admin" }).success).toBe(false);
    expect(userUpdateSchema.safeParse({ email: "new@example.com" }).success).toBe(false);
    expect(userUpdateSchema.safeParse({}).success).toBe(false);
  });

  it("rejects NUL characters in text", () => {
    expect(userUpdateSchema.safeParse({ name: "Jane\u0000" }).success).toBe(false);
  });
});

describe("slugify", () => {
  it("lowercases and turns whitespace runs into hyphens", () => {
    expect(slugify("Smart   Home\tDeals")).toBe("smart-home-deals");
    expect(slugify("  VIP ")).toBe("vip");
  });
});
