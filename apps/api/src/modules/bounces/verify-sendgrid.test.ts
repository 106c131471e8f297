import { describe, expect, it } from "vitest";
import { makeSendgridSigner } from "../../../test/webhook-signing.ts";
import { sendgridPublicKey, verifySendgridRequest } from "./verify-sendgrid.ts";

const signer = makeSendgridSigner();
const key = sendgridPublicKey(signer.publicKeyBase64);
const payload = '[{"email":"a@example.com","event":"bounce","type":"bounce"}]\r\n';
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

describe("SendGrid event webhook signatures", () => {
  it("accepts the raw body signed with the timestamp, with the key as base64 DER or PEM", () => {
    const timestamp = nowSeconds();
    const signature = signer.sign(payload, timestamp);
    expect(verifySendgridRequest(key, { payload, signature, timestamp })).toBe(true);
    const pem = sendgridPublicKey(signer.publicKey.export({ format: "pem", type: "spki" }).toString());
    expect(verifySendgridRequest(pem, { payload, signature, timestamp })).toBe(true);
  });

  it("refuses a changed body, a changed timestamp, another key's signature and missing headers", () => {
    const timestamp = nowSeconds();
    const signature = signer.sign(payload, timestamp);
    expect(verifySendgridRequest(key, { payload: payload.replace("bounce", "delivered"), signature, timestamp })).toBe(
      false,
    );
    // Re-serialised JSON is not what was signed.
    expect(verifySendgridRequest(key, { payload: JSON.stringify(JSON.parse(payload)), signature, timestamp })).toBe(
      false,
    );
    expect(verifySendgridRequest(key, { payload, signature, timestamp: String(Number(timestamp) - 1) })).toBe(false);
    const other = makeSendgridSigner();
    expect(verifySendgridRequest(key, { payload, signature: other.sign(payload, timestamp), timestamp })).toBe(false);
    expect(verifySendgridRequest(key, { payload, signature: undefined, timestamp })).toBe(false);
    expect(verifySendgridRequest(key, { payload, signature, timestamp: undefined })).toBe(false);
    expect(verifySendgridRequest(key, { payload, signature: "not base64 at all!", timestamp })).toBe(false);
  });

  it("refuses a correctly signed request older than 10 minutes, or as far ahead", () => {
    const now = Date.now();
    const old = String(Math.floor((now - 11 * 60_000) / 1000));
    expect(verifySendgridRequest(key, { payload, signature: signer.sign(payload, old), timestamp: old }, now)).toBe(
      false,
    );
    const recent = String(Math.floor((now - 9 * 60_000) / 1000));
    expect(
      verifySendgridRequest(key, { payload, signature: signer.sign(payload, recent), timestamp: recent }, now),
    ).toBe(true);
    const ahead = String(Math.floor((now + 11 * 60_000) / 1000));
    expect(verifySendgridRequest(key, { payload, signature: signer.sign(payload, ahead), timestamp: ahead }, now)).toBe(
      false,
    );
  });

  it("does not take an RSA key or garbage as the verification key", () => {
    expect(() => sendgridPublicKey("bm90IGEga2V5")).toThrow();
  });
});
