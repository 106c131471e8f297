import { sql } from "drizzle-orm";
import { enqueueMail } from "../../src/mail/outbox.ts";
import type { Fixture, FixtureContext } from "./fixture-kit.ts";
import { unique } from "./fixture-kit.ts";

/** A password reset the relay refused for good, as the dispatcher leaves it after a 550. */
async function failedMail(c: FixtureContext): Promise<string> {
  const { id } = await enqueueMail(c.app.db, {
    kind: "password-reset",
    to: `lost-${unique()}@example.com`,
    message: { from: { name: "Shop", address: "shop@example.com" }, subject: "Reset your password", text: "A link" },
  });
  await c.app.db.execute(sql`update mail_outbox set status = 'failed', attempts = 1,
    last_error = '550 5.1.1 Mailbox unavailable' where id = ${id}`);
  return id;
}

export const mailFixtures: Record<string, Fixture> = {
  "POST /api/mail-delivery/:id/retry": async (c) => ({ url: `/api/mail-delivery/${await failedMail(c)}/retry` }),
};
