import { postmarkWebhookSchema, sendgridEventsSchema, sesNotificationSchema } from "@shop/shared/schemas/bounces";
import { describe, expect, it } from "vitest";
import { eventsFromPostmark, eventsFromSendgrid, eventsFromSes } from "./provider-events.ts";

const campaignId = "01890a5d-ac96-774b-bcce-b302099a8057";

describe("SES notifications", () => {
  it("makes a Permanent bounce hard and a Transient one soft, per recipient, with the campaign header", () => {
    const ses = (bounceType: string) =>
      sesNotificationSchema.parse({
        notificationType: "Bounce",
        bounce: {
          bounceType,
          bounceSubType: "General",
          bouncedRecipients: [
            { emailAddress: "gone@example.com", diagnosticCode: "smtp; 550 5.1.1 user unknown" },
            { emailAddress: "also@example.com" },
          ],
        },
        mail: { headers: [{ name: "X-Campaign-Id", value: campaignId }] },
      });
    expect(eventsFromSes(ses("Permanent"))).toEqual([
      {
        email: "gone@example.com",
        kind: "hard",
        campaignId,
        reason: "smtp; 550 5.1.1 user unknown",
        source: "webhook:ses",
      },
      { email: "also@example.com", kind: "hard", campaignId, reason: "Permanent / General", source: "webhook:ses" },
    ]);
    expect(eventsFromSes(ses("Transient")).map((event) => event.kind)).toEqual(["soft", "soft"]);
  });

  it("makes a complaint of each complained recipient, and ignores deliveries", () => {
    const complaint = sesNotificationSchema.parse({
      eventType: "Complaint",
      complaint: { complainedRecipients: [{ emailAddress: "angry@example.com" }], complaintFeedbackType: "abuse" },
    });
    expect(eventsFromSes(complaint)).toEqual([
      { email: "angry@example.com", kind: "complaint", campaignId: undefined, reason: "abuse", source: "webhook:ses" },
    ]);
    expect(eventsFromSes(sesNotificationSchema.parse({ notificationType: "Delivery" }))).toEqual([]);
  });
});

describe("SendGrid events", () => {
  it("keeps bounces, blocks, spam reports and drops for earlier bounces; ignores the rest", () => {
    const batch = sendgridEventsSchema.parse([
      { email: "a@example.com", event: "bounce", type: "bounce", status: "5.1.1", reason: "user unknown" },
      { email: "b@example.com", event: "bounce", type: "blocked", reason: "spam filter" },
      { email: "c@example.com", event: "blocked" },
      { email: "d@example.com", event: "spamreport", campaign_id: campaignId },
      { email: "e@example.com", event: "dropped", reason: "Bounced Address" },
      { email: "f@example.com", event: "dropped", reason: "Spam Reporting Address" },
      { email: "g@example.com", event: "dropped", reason: "Unsubscribed Address" },
      { email: "h@example.com", event: "delivered" },
      { email: "i@example.com", event: "open" },
    ]);
    expect(eventsFromSendgrid(batch).map(({ email, kind, campaignId: id }) => [email, kind, id])).toEqual([
      ["a@example.com", "hard", undefined],
      ["b@example.com", "soft", undefined],
      ["c@example.com", "soft", undefined],
      ["d@example.com", "complaint", campaignId],
      ["e@example.com", "hard", undefined],
      ["f@example.com", "complaint", undefined],
    ]);
    expect(eventsFromSendgrid(batch)[0]?.reason).toBe("5.1.1 user unknown");
  });
});

describe("Postmark webhooks", () => {
  const postmark = (body: object) => eventsFromPostmark(postmarkWebhookSchema.parse(body));

  it("maps hard and soft bounce types and spam complaints, with the campaign from the metadata", () => {
    expect(
      postmark({
        RecordType: "Bounce",
        Type: "HardBounce",
        Email: "gone@example.com",
        Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist",
        Metadata: { campaignId },
      }),
    ).toEqual([
      {
        email: "gone@example.com",
        kind: "hard",
        campaignId,
        reason: "smtp;550 5.1.1 The email account that you tried to reach does not exist",
        source: "webhook:postmark",
      },
    ]);
    expect(postmark({ RecordType: "Bounce", Type: "SoftBounce", Email: "full@example.com" })[0]?.kind).toBe("soft");
    expect(postmark({ RecordType: "SpamComplaint", Type: "SpamComplaint", Email: "x@example.com" })[0]?.kind).toBe(
      "complaint",
    );
  });

  it("ignores auto-responders and other records that are not bounces", () => {
    expect(postmark({ RecordType: "Bounce", Type: "AutoResponder", Email: "away@example.com" })).toEqual([]);
    expect(postmark({ RecordType: "Delivery", Email: "ok@example.com" })).toEqual([]);
  });
});
