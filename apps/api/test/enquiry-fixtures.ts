import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeEach, expect } from "vitest";
import { mailOutbox, users } from "../src/db/schema/index.ts";
import { call, createTestApp, signIn } from "./harness.ts";
import { type Captured, decodedBody, startSmtpSink } from "./smtp-sink.ts";

/** What the enquiry-mail tests configure: a public address for links, and the sender from the environment. */
export const mailConfig = { PUBLIC_URL: "http://shop.test", MAIL_FROM: "Shop From Env <env-sender@shop.test>" };

export type Enquiry = {
  name?: string;
  email: string;
  subject?: string;
  request?: string;
  messageType?: string;
  website?: string;
};

export const to = (address: string) => (m: Captured) =>
  m.to.map((a) => a.toLowerCase()).includes(address.toLowerCase());
/** The quoted-printable parts decoded, and their UTF-8 bytes read as UTF-8 ("×", "—"). */
export const body = (m: Captured | undefined) => Buffer.from(decodedBody(m?.raw ?? ""), "latin1").toString("utf8");
export const about = (contactId: string) => (m: Captured) => body(m).includes(contactId);

/**
 * An app whose mail goes to a real SMTP sink, and the ways the enquiry tests submit and look: each
 * test starts from the default enquiry settings (no list, nobody opted in, confirmations on, no sender).
 */
export async function enquiryMailApp() {
  const sink = await startSmtpSink();
  afterAll(() => sink.close());
  const { app, database } = await createTestApp({ config: { ...mailConfig, SMTP_URL: sink.url } });
  const db = database.db;
  const admin = await signIn(app);

  let visitor = 0;
  const nextIp = () => {
    visitor += 1;
    return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  };
  const submit = (target: FastifyInstance, enquiry: Enquiry, ip = nextIp()) =>
    call<{ _id: string }>(target, {
      method: "POST",
      url: "/api/contacts",
      ip,
      body: {
        name: enquiry.name ?? "Jane Customer",
        email: enquiry.email,
        phone: "0123456789",
        subject: enquiry.subject ?? "Question",
        request: enquiry.request ?? "Do you ship to Canada?",
        messageType: enquiry.messageType ?? "general",
        createdBy: "website",
        ...(enquiry.website !== undefined && { website: enquiry.website }),
      },
    });
  const setSettings = async (settings: Record<string, unknown>) =>
    expect((await call(app, { method: "PUT", url: "/api/settings", token: admin, body: settings })).status).toBe(200);
  const rowsFor = (contactId: string) => db.select().from(mailOutbox).where(eq(mailOutbox.contactId, contactId));
  const delivered = (predicate: (m: Captured) => boolean) => sink.messages.filter(predicate);

  beforeEach(async () => {
    await setSettings({ enquiryNotifyEmails: [], enquiryConfirmation: true, mailFromName: "", mailFromAddress: "" });
    await db.update(users).set({ notifyEnquiries: false });
  });

  return { sink, app, database, db, admin, nextIp, submit, setSettings, rowsFor, delivered };
}
