import { defaultSettings } from "@shop/shared/schemas/settings";
import { describe, expect, it } from "vitest";
import { campaignMessage, type LinkContext } from "./campaign-message.ts";
import { compileCampaign } from "./render.ts";

const compiled = compileCampaign({ html: "<p>Hello</p>", preheader: "", storeName: "Shop" });
const campaign = { id: "0190aaaa-0000-7000-8000-000000000003", subject: "Hello", compiled, linkIds: [] };

/** The Reply-To a campaign message carries, whichever way it is built. */
function replyToOf(email: string, settings: LinkContext["settings"]): string | undefined {
  const message = campaignMessage(
    campaign,
    { id: `r-${email}`, subscriberId: "s1", email },
    { secret: "s".repeat(32), publicUrl: "https://shop.test", settings },
  );
  if ("template" in message) {
    const head = message.template.head;
    return /^Reply-To: (.*)$/m.exec(head)?.[1]?.trim();
  }
  return typeof message.replyTo === "string" ? message.replyTo : undefined;
}

describe("a campaign's Reply-To", () => {
  const sender = { mailFromName: "Shop", mailFromAddress: "no-reply@shop.test" };

  it("is the shop's contact address by default, not the no-reply sender", () => {
    const settings = { ...defaultSettings, ...sender, contactEmail: "hello@shop.test" };
    expect(replyToOf("a@example.com", settings)).toBe("hello@shop.test");
    // An internationalised recipient takes nodemailer's way, with the same Reply-To.
    expect(replyToOf("jürgen@example.com", settings)).toBe("hello@shop.test");
  });

  it("is the Reply-To address from Settings when one is set", () => {
    const settings = { ...defaultSettings, ...sender, contactEmail: "hello@shop.test", mailReplyTo: "team@shop.test" };
    expect(replyToOf("a@example.com", settings)).toBe("team@shop.test");
    expect(replyToOf("jürgen@example.com", settings)).toBe("team@shop.test");
    // The raw renderer's template is rebuilt when the setting changes.
    expect(replyToOf("a@example.com", { ...settings, mailReplyTo: "" })).toBe("hello@shop.test");
  });
});
