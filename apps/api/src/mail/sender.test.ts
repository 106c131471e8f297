import { builtInSender, defaultSettings } from "@shop/shared/schemas/settings";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import { parseMailFrom, senderOf } from "./sender.ts";

const env = { NODE_ENV: "test", JWT_SECRET: "x".repeat(40), DATA_DIR: "/tmp/shop-sender-test" };

describe("MAIL_FROM", () => {
  it("reads a name and address, a quoted name, or a bare address", () => {
    expect(parseMailFrom("Shop <shop@example.com>")).toEqual({ name: "Shop", address: "shop@example.com" });
    expect(parseMailFrom('"Shop, Inc." <shop@example.com>')).toEqual({
      name: "Shop, Inc.",
      address: "shop@example.com",
    });
    expect(parseMailFrom(" shop@example.com ")).toEqual({ name: "", address: "shop@example.com" });
  });

  it("refuses what is not one sender", () => {
    for (const bad of ["Shop", "Shop <shop@example.com", "<shop@example.com> x", "a@b.com\r\nBcc: c@d.com", "Shop <>"])
      expect(parseMailFrom(bad)).toBeUndefined();
    expect(() => loadConfig({ ...env, MAIL_FROM: "not an address" })).toThrow(ConfigError);
    expect(loadConfig({ ...env, MAIL_FROM: "Env <env@example.com>" }).mailFrom).toEqual({
      name: "Env",
      address: "env@example.com",
    });
    expect(loadConfig(env).mailFrom).toBeUndefined();
  });
});

describe("senderOf: Settings, then MAIL_FROM, then the built-in default", () => {
  const mailFrom = { name: "Env", address: "env@example.com" };
  it("uses MAIL_FROM while Settings name no sender", () => {
    expect(senderOf(defaultSettings, mailFrom)).toEqual(mailFrom);
    expect(senderOf(defaultSettings, undefined)).toEqual(builtInSender);
  });
  it("lets a sender set in Settings win", () => {
    expect(senderOf({ mailFromName: "Set", mailFromAddress: "set@example.com" }, mailFrom)).toEqual({
      name: "Set",
      address: "set@example.com",
    });
    expect(senderOf({ mailFromName: "Renamed", mailFromAddress: "" }, mailFrom)).toEqual({
      name: "Renamed",
      address: "env@example.com",
    });
  });
  it("takes the old stored default for no choice", () => {
    expect(senderOf({ mailFromName: builtInSender.name, mailFromAddress: builtInSender.address }, mailFrom)).toEqual(
      mailFrom,
    );
  });
});
