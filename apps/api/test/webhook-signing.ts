import { execFileSync } from "node:child_process";
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SnsMessage, snsStringToSign } from "../src/modules/bounces/verify-sns.ts";

/**
 * Keys and signatures made in the test, standing in for Amazon's and SendGrid's. SNS needs an X.509
 * certificate: openssl makes a self-signed one, as node:crypto can read certificates but not make them.
 */
export function makeSnsSigner(): {
  certificatePem: string;
  sign: (message: Omit<SnsMessage, "Signature">) => SnsMessage;
} {
  const dir = mkdtempSync(path.join(tmpdir(), "sns-cert-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=sns.amazonaws.com", "-days", "2"].concat([
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ]),
      { stdio: "ignore" },
    );
    const privateKey = readFileSync(keyFile, "utf8");
    const certificatePem = readFileSync(certFile, "utf8");
    const sign = (message: Omit<SnsMessage, "Signature">): SnsMessage => {
      const signer = createSign(message.SignatureVersion === "1" ? "RSA-SHA1" : "RSA-SHA256");
      signer.update(snsStringToSign({ ...message, Signature: "" }), "utf8");
      return { ...message, Signature: signer.sign(privateKey, "base64") };
    };
    return { certificatePem, sign };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const testCertificateUrl =
  "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-6aad65c2f9911b05cd53efda11f913f9.pem";
export const testTopicArn = "arn:aws:sns:eu-west-1:123456789012:shop-bounces";

/** An SES notification as SNS delivers it, unsigned. */
export function sesNotification(ses: object, overrides: Partial<SnsMessage> = {}): Omit<SnsMessage, "Signature"> {
  return {
    Type: "Notification",
    MessageId: crypto.randomUUID(),
    TopicArn: testTopicArn,
    Message: JSON.stringify(ses),
    Timestamp: new Date().toISOString(),
    SignatureVersion: "2",
    SigningCertURL: testCertificateUrl,
    ...overrides,
  };
}

/** A SendGrid-style verification key: P-256, the public half as base64 DER as its settings page shows it. */
export function makeSendgridSigner(): {
  publicKeyBase64: string;
  publicKey: KeyObject;
  sign: (payload: string, timestamp: string) => string;
} {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return {
    publicKey,
    publicKeyBase64: publicKey.export({ format: "der", type: "spki" }).toString("base64"),
    sign: (payload, timestamp) =>
      createSign("sha256")
        .update(timestamp + payload)
        .sign(privateKey, "base64"),
  };
}
