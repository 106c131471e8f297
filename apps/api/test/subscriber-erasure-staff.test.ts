import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { call, createStaff, createTestApp, signIn } from "./harness.ts";

/**
 * Erasing a subscriber rubs their address out of the log, but a staff member's address is also their
 * account's: the entries about that account (created, deactivated, failed sign-ins) are the back
 * office's own record, and someone who may only erase subscribers must not be able to wipe them by
 * signing the address up and erasing it.
 */

const { app } = await createTestApp();
const admin = await signIn(app);

async function logMentioning(email: string, module: string): Promise<string[]> {
  const rows = await queryRows<{ description: string }>(
    app.db,
    sql`select description from activity_logs where module = ${module} and description ilike ${`%${email}%`}`,
  );
  return rows.map((row) => row.description);
}

describe("erasing a subscriber who shares a staff member's address", () => {
  it("leaves the entries about the staff account and rubs out the newsletter's", async () => {
    const marketer = await createStaff(app, admin, ["newsletter:view-subscribers", "newsletter:delete-subscriber"]);
    const victim = await createStaff(app, admin, ["product:view-products"]);
    const deactivated = await call(app, {
      method: "PUT",
      url: `/api/users/${victim.userId}`,
      token: admin,
      body: { isActive: false },
    });
    expect(deactivated.status, deactivated.text).toBe(200);
    const before = await logMentioning(victim.email, "user");
    expect(before.some((text) => text.startsWith("Deactivated user"))).toBe(true);

    // The marketer signs the colleague's address up, and erases that subscriber.
    const signedUp = await call(app, {
      method: "POST",
      url: "/api/newsletter/subscriber",
      body: { email: victim.email },
      ip: "203.0.113.9",
    });
    expect(signedUp.status, signedUp.text).toBeLessThan(300);
    const [subscriber] = await queryRows<{ id: string }>(
      app.db,
      sql`select id from subscribers where lower(email) = lower(${victim.email})`,
    );
    expect(subscriber).toBeDefined();
    const erased = await call(app, {
      method: "DELETE",
      url: `/api/newsletter/subscribers/${subscriber?.id}/erase`,
      token: marketer.token,
    });
    expect(erased.status, erased.text).toBe(200);

    expect(await logMentioning(victim.email, "user")).toEqual(before);
    expect(await logMentioning(victim.email, "newsletter")).toEqual([]);
  });
});
