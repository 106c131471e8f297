import { generateKeyPairSync } from "node:crypto";
import type { MailAuthenticationDto } from "@shop/shared/schemas/mail-authentication";
import { describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";

const pem = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
const signing = createTestApp({ config: { DKIM_DOMAIN: "shop.test", DKIM_SELECTOR: "s2026", DKIM_PRIVATE_KEY: pem } });
const unsigned = createTestApp();

describe("the DKIM record on the Settings page", () => {
  it("is the TXT record computed from the configured key, public half only", async () => {
    const { app } = await signing;
    const answer = await call<MailAuthenticationDto>(app, {
      url: "/api/settings/mail-authentication",
      token: await signIn(app),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.dkim).toMatchObject({
      domain: "shop.test",
      selector: "s2026",
      algorithm: "rsa-sha256",
      record: { name: "s2026._domainkey.shop.test", type: "TXT" },
    });
    expect(answer.body.data.dkim?.record.value).toMatch(/^v=DKIM1; k=rsa; p=MII[A-Za-z0-9+/=]+$/);
    expect(JSON.stringify(answer.body)).not.toContain(pem.split("\n")[1]);
    expect(JSON.stringify(answer.body)).not.toMatch(/PRIVATE/);
  });

  it("is null when no key is configured, and refused without signing in", async () => {
    const { app } = await unsigned;
    const answer = await call<MailAuthenticationDto>(app, {
      url: "/api/settings/mail-authentication",
      token: await signIn(app),
    });
    expect(answer.body.data).toEqual({ dkim: null });
    expect((await call(app, { url: "/api/settings/mail-authentication" })).status).toBe(401);
  });
});
