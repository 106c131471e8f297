import { describe, expect, it } from "vitest";
import { makeSendgridSigner } from "../../../test/webhook-signing.ts";
import { loadConfig } from "../../config.ts";

const base = { NODE_ENV: "test", JWT_SECRET: "x".repeat(40), DATA_DIR: "/tmp/shop-config-test" };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env }).bounceWebhooks;

describe("bounce webhook settings", () => {
  it("leaves every adapter off by default", () => {
    expect(load({})).toEqual({ token: undefined, sendgridKey: undefined, postmark: undefined, sesTopicArns: [] });
  });

  it("reads each adapter's secret", () => {
    const { publicKeyBase64 } = makeSendgridSigner();
    const config = load({
      BOUNCE_WEBHOOK_TOKEN: "a-token-of-16-chars",
      SENDGRID_WEBHOOK_PUBLIC_KEY: publicKeyBase64,
      POSTMARK_WEBHOOK_USER: "postmark",
      POSTMARK_WEBHOOK_PASSWORD: "a-password-of-16-chars",
      SES_SNS_TOPIC_ARNS: "arn:aws:sns:eu-west-1:123456789012:a, arn:aws:sns:us-east-1:123456789012:b",
    });
    expect(config.token).toBe("a-token-of-16-chars");
    expect(config.sendgridKey?.asymmetricKeyType).toBe("ec");
    expect(config.postmark).toEqual({ user: "postmark", password: "a-password-of-16-chars" });
    expect(config.sesTopicArns).toEqual([
      "arn:aws:sns:eu-west-1:123456789012:a",
      "arn:aws:sns:us-east-1:123456789012:b",
    ]);
  });

  it("stops start-up with one line naming the variable that cannot be used", () => {
    expect(() => load({ BOUNCE_WEBHOOK_TOKEN: "short" })).toThrow(
      "Invalid configuration: BOUNCE_WEBHOOK_TOKEN must be at least 16 characters",
    );
    expect(() => load({ SENDGRID_WEBHOOK_PUBLIC_KEY: "bm90IGEga2V5" })).toThrow(/SENDGRID_WEBHOOK_PUBLIC_KEY/);
    expect(() => load({ POSTMARK_WEBHOOK_USER: "postmark" })).toThrow(/POSTMARK_WEBHOOK_PASSWORD must be set together/);
    expect(() => load({ SES_SNS_TOPIC_ARNS: "https://sns.example/topic" })).toThrow(/SES_SNS_TOPIC_ARNS/);
  });
});
