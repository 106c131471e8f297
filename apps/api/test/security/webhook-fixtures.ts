import { makeSendgridSigner, makeSnsSigner, sesNotification, testTopicArn } from "../webhook-signing.ts";

/**
 * The bounce webhooks are public to the auth layer and guarded by a provider's secret or signature
 * instead: the security app configures all four, with keys made here, so valid probes can pass.
 */
const sns = makeSnsSigner();
const sendgrid = makeSendgridSigner();
const token = "security-suite-bounce-token";
const postmark = { user: "postmark", password: "security-suite-postmark" };

export const webhookConfig = {
  BOUNCE_WEBHOOK_TOKEN: token,
  SENDGRID_WEBHOOK_PUBLIC_KEY: sendgrid.publicKeyBase64,
  POSTMARK_WEBHOOK_USER: postmark.user,
  POSTMARK_WEBHOOK_PASSWORD: postmark.password,
  SES_SNS_TOPIC_ARNS: testTopicArn,
};

/** Amazon's side, for the SES adapter: the test certificate, and no subscription is ever confirmed. */
export const webhookNetwork = {
  fetchCertificate: async () => sns.certificatePem,
  confirmSubscription: async () => {},
};

const hardBounce = (email: string) => ({ email, kind: "hard", reason: "550 5.1.1 user unknown" });

/** Valid, signed requests for each webhook, about an address of their own. */
export const webhookProbes = {
  generic: (email: string) => ({ url: "/api/bounces", body: hardBounce(email), token }),
  postmark: (email: string) => ({
    url: "/api/bounces/postmark",
    body: { RecordType: "Bounce", Type: "HardBounce", Email: email, Details: "smtp;550 5.1.1" },
    headers: { authorization: `Basic ${Buffer.from(`${postmark.user}:${postmark.password}`).toString("base64")}` },
  }),
  sendgrid: (email: string) => {
    const body = JSON.stringify([{ email, event: "bounce", type: "bounce", reason: "550 5.1.1" }]);
    const timestamp = String(Math.floor(Date.now() / 1000));
    return {
      url: "/api/bounces/sendgrid",
      body,
      headers: {
        "content-type": "application/json",
        "x-twilio-email-event-webhook-signature": sendgrid.sign(body, timestamp),
        "x-twilio-email-event-webhook-timestamp": timestamp,
      },
    };
  },
  ses: (email: string) => ({
    url: "/api/bounces/ses",
    body: sns.sign(
      sesNotification({
        notificationType: "Bounce",
        bounce: { bounceType: "Permanent", bouncedRecipients: [{ emailAddress: email }] },
      }),
    ),
  }),
};
