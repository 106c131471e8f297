import { X509Certificate } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { makeSnsSigner, sesNotification, testCertificateUrl } from "../../../test/webhook-signing.ts";
import { createCertificateCache, isAmazonSnsUrl, verifySnsMessage } from "./verify-sns.ts";

const signer = makeSnsSigner();
const fetched = () => vi.fn(async () => signer.certificatePem);

describe("SNS message signatures", () => {
  it("accepts a message signed with SignatureVersion 2 (SHA256withRSA) and 1 (SHA1withRSA)", async () => {
    const certificateOf = createCertificateCache(fetched());
    for (const version of ["1", "2"]) {
      const message = signer.sign(sesNotification({ notificationType: "Bounce" }, { SignatureVersion: version }));
      expect(await verifySnsMessage(message, certificateOf)).toEqual({ ok: true });
    }
  });

  it("covers Subject when there is one, and the subscription fields of a SubscriptionConfirmation", async () => {
    const certificateOf = createCertificateCache(fetched());
    const withSubject = signer.sign(sesNotification({}, { Subject: "Amazon SES Email Event Notification" }));
    expect(await verifySnsMessage(withSubject, certificateOf)).toEqual({ ok: true });
    expect((await verifySnsMessage({ ...withSubject, Subject: "Changed" }, certificateOf)).ok).toBe(false);
    const confirmation = signer.sign({
      ...sesNotification({}),
      Type: "SubscriptionConfirmation",
      Message: "You have chosen to subscribe",
      SubscribeURL: "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=abc",
      Token: "abc",
    });
    expect(await verifySnsMessage(confirmation, certificateOf)).toEqual({ ok: true });
    expect((await verifySnsMessage({ ...confirmation, Token: "abd" }, certificateOf)).ok).toBe(false);
  });

  it("refuses a tampered message, a tampered signature and an unknown signature version", async () => {
    const certificateOf = createCertificateCache(fetched());
    const message = signer.sign(sesNotification({ notificationType: "Bounce" }));
    const tamperedMessage = { ...message, Message: message.Message.replace("Bounce", "Complaint") };
    expect(await verifySnsMessage(tamperedMessage, certificateOf)).toEqual({ ok: false, reason: "bad signature" });
    const bytes = Buffer.from(message.Signature, "base64");
    bytes[10] = (bytes[10] ?? 0) ^ 1;
    expect((await verifySnsMessage({ ...message, Signature: bytes.toString("base64") }, certificateOf)).ok).toBe(false);
    expect((await verifySnsMessage({ ...message, SignatureVersion: "3" }, certificateOf)).ok).toBe(false);
  });

  it("refuses a message signed by another key even with the real certificate's URL", async () => {
    const other = makeSnsSigner();
    const message = other.sign(sesNotification({}));
    expect((await verifySnsMessage(message, createCertificateCache(fetched()))).ok).toBe(false);
  });

  it("never fetches a certificate from a host that is not Amazon's SNS over https", async () => {
    const fetcher = fetched();
    const certificateOf = createCertificateCache(fetcher);
    for (const url of [
      "https://attacker.example.com/cert.pem",
      "https://sns.eu-west-1.amazonaws.com.attacker.example/cert.pem",
      "http://sns.eu-west-1.amazonaws.com/cert.pem",
      "https://sns.eu-west-1.amazonaws.com:8443/cert.pem",
      "https://user@sns.eu-west-1.amazonaws.com/cert.pem",
      "https://s3.amazonaws.com/cert.pem",
      "not a url",
      // Amazon's host, but not a signing certificate's path: each would be one more fetch to Amazon.
      "https://sns.eu-west-1.amazonaws.com/?Action=ListTopics",
      "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-6aad65c2.pem/../other",
      "https://sns.eu-west-1.amazonaws.com/other.pem",
    ]) {
      const message = signer.sign(sesNotification({}, { SigningCertURL: url }));
      expect(await verifySnsMessage(message, certificateOf), url).toEqual({
        ok: false,
        reason: "certificate not on an Amazon SNS host",
      });
    }
    expect(fetcher).not.toHaveBeenCalled();
    expect(isAmazonSnsUrl(testCertificateUrl)).toBe(true);
    expect(isAmazonSnsUrl("https://attacker.example.com/cert.pem")).toBe(false);
    expect(isAmazonSnsUrl("http://sns.eu-west-1.amazonaws.com/")).toBe(false);
  });

  it("fetches each certificate once, and tries again after a failed fetch", async () => {
    const fetcher = vi.fn(async () => signer.certificatePem);
    fetcher.mockRejectedValueOnce(new Error("network down"));
    const certificateOf = createCertificateCache(fetcher);
    const message = signer.sign(sesNotification({}));
    expect(await verifySnsMessage(message, certificateOf)).toEqual({
      ok: false,
      reason: "certificate could not be read",
    });
    expect(await verifySnsMessage(message, certificateOf)).toEqual({ ok: true });
    expect(await verifySnsMessage(message, certificateOf)).toEqual({ ok: true });
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("refuses a certificate outside its validity period", async () => {
    const certificateOf = createCertificateCache(fetched());
    const message = signer.sign(sesNotification({}));
    const later = new Date(new X509Certificate(signer.certificatePem).validTo);
    later.setDate(later.getDate() + 1);
    expect(await verifySnsMessage(message, certificateOf, later)).toEqual({ ok: false, reason: "certificate expired" });
  });
});
