import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../src/lib/sql.ts";
import { createStaff, createTestApp, signIn } from "./harness.ts";

/**
 * A bulk export hands a file of personal data to whoever asked: every subscriber, every enquiry, the
 * staff's own log with their addresses and IPs. Like the one-person data export, each is recorded in
 * the activity log with who asked, when, and for which filter.
 */

const { app } = await createTestApp();
const admin = await signIn(app);

describe("bulk CSV exports", () => {
  it("are each recorded in the activity log under the person who downloaded them", async () => {
    const viewer = await createStaff(app, admin, [
      "newsletter:view-subscribers",
      "contact:view-contacts",
      "activitylog:view-activity-logs",
    ]);
    for (const url of [
      "/api/newsletter/export?status=subscribed",
      "/api/contacts/export?status=inProgress",
      "/api/activity-logs/export?module=user",
    ]) {
      const response = await app.inject({ url, headers: { authorization: `Bearer ${viewer.token}` } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }

    const entries = await queryRows<{ module: string; action: string; details: string }>(
      app.db,
      sql`select module, action, details::text as details from activity_logs
        where user_id = ${viewer.userId} and action like 'Export%' order by created_at`,
    );
    expect(entries.map(({ module, action }) => ({ module, action }))).toEqual([
      { module: "newsletter", action: "Export subscribers" },
      { module: "contact", action: "Export enquiries" },
      { module: "activitylog", action: "Export activity log" },
    ]);
    expect(entries[0]?.details).toContain("subscribed");
    expect(entries[1]?.details).toContain("inProgress");
    expect(entries[2]?.details).toContain("user");
  });
});
