import type { DashboardData as DashboardBlocks } from "@shop/shared/schemas/dashboard";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

const dayMs = 86_400_000;
/** Noon (UTC) `ago` days before today, as the ISO date and the timestamp stored. */
function daysAgo(ago: number) {
  const at = new Date(Math.floor(Date.now() / dayMs) * dayMs - ago * dayMs + dayMs / 2);
  return { date: at.toISOString().slice(0, 10), at: at.toISOString() };
}

type Growth = { days: { day: string; subscribed: number }[] };

describe("new subscribers per day", () => {
  it("is the same series on the dashboard and on the statistics page", async () => {
    const people: { email: string; status: string; created: number; subscribed?: number; unsubscribed?: number }[] = [
      // Signed up ten days ago, confirmed the double opt-in five days ago.
      { email: "confirmed.later@example.com", status: "subscribed", created: 10, subscribed: 5 },
      // Subscribed three days ago and left yesterday: still a sign-up on its day.
      { email: "left.since@example.com", status: "unsubscribed", created: 3, subscribed: 3, unsubscribed: 1 },
      // Never confirmed: not a subscriber yet.
      { email: "never.confirmed@example.com", status: "pending", created: 2 },
      { email: "today@example.com", status: "subscribed", created: 0, subscribed: 0 },
    ];
    for (const person of people) {
      const subscribedAt = person.subscribed === undefined ? null : daysAgo(person.subscribed).at;
      const unsubscribedAt = person.unsubscribed === undefined ? null : daysAgo(person.unsubscribed).at;
      await app.db.execute(sql`insert into subscribers (id, email, status, source, created_at, subscribed_at, unsubscribed_at)
        values (uuid_v7(), ${person.email}, ${person.status}, 'website', ${daysAgo(person.created).at},
          ${subscribedAt}, ${unsubscribedAt})`);
    }

    const dashboard = await call<DashboardBlocks>(app, { url: "/api/dashboard", token: admin });
    const statistics = await call<Growth>(app, { url: "/api/emailhistory/stats/growth?days=30", token: admin });
    const dashboardSeries = (dashboard.body.data.subscribers?.growth ?? []).map((point) => [point.date, point.new]);
    const statisticsSeries = statistics.body.data.days.map((point) => [point.day, point.subscribed]);

    expect(dashboardSeries).toHaveLength(30);
    expect(dashboardSeries).toEqual(statisticsSeries);
    // A subscriber's day is the day they subscribed (subscribed_at), whatever they did since.
    expect(statisticsSeries.filter(([, added]) => added !== 0)).toEqual([
      [daysAgo(5).date, 1],
      [daysAgo(3).date, 1],
      [daysAgo(0).date, 1],
    ]);
  });
});
