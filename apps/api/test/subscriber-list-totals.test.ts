import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createTestApp, signIn } from "./harness.ts";

const { app } = await createTestApp();
const admin = await signIn(app);

type Page = {
  subscribers: SubscriberDto[];
  pagination: { currentPage: number; totalPages: number; totalSubscribers: number; totalIsEstimate: boolean };
};

async function list(query: string): Promise<Page> {
  const response = await call<Page>(app, { url: `/api/newsletter/get-all-subscriber?${query}`, token: admin });
  expect(response.status).toBe(200);
  return response.body.data;
}

/** `count` people named reader<from..>, the first one the oldest (a second apart), all subscribed unless said. */
async function addPeople(from: number, count: number, status = "subscribed") {
  await app.db.execute(sql`
    insert into subscribers (id, email, name, status, source, created_at)
    select gen_random_uuid(), 'reader' || n || '@example.com', 'Reader ' || n, ${status}, 'import',
           timestamptz '2020-01-01' + n * interval '1 second'
    from generate_series(${from}::int, ${from + count - 1}::int) as n`);
}

// The people the list counts are only those this file adds: the test database starts without any.
describe("subscriber list totals", () => {
  it("counts a small audience exactly and says so", async () => {
    await addPeople(1, 45);
    const page = await list("page=1&limit=20");
    expect(page.pagination).toMatchObject({ totalSubscribers: 45, totalIsEstimate: false, totalPages: 3 });
  });

  it("estimates a large unfiltered audience instead of counting it, and says it is an estimate", async () => {
    // Half as many again as the 10,000 up to which a list counts exactly.
    const added = 15_000;
    await addPeople(46, added - 45);
    // Counted exactly until the database has measured the grown audience, which that first count asks for.
    await expect.poll(async () => (await list("page=1&limit=20")).pagination.totalIsEstimate).toBe(true);
    const page = await list("page=1&limit=20");
    // The planner's figure: close to the truth, not the truth.
    expect(page.pagination.totalSubscribers).toBeGreaterThan(added * 0.8);
    expect(page.pagination.totalSubscribers).toBeLessThan(added * 1.2);
    expect(page.pagination.totalPages).toBe(Math.ceil(page.pagination.totalSubscribers / 20));
    expect(page.subscribers.at(0)?.email).toBe(`reader${added}@example.com`);
  });

  it("counts a filtered list exactly while it matches no more than 10,000", async () => {
    await addPeople(900_001, 37, "unsubscribed");
    const page = await list("page=1&limit=20&status=unsubscribed");
    expect(page.pagination).toMatchObject({ totalSubscribers: 37, totalIsEstimate: false, totalPages: 2 });
    const searched = await list("page=1&limit=20&search=reader90001");
    expect(searched.pagination).toMatchObject({ totalSubscribers: 10, totalIsEstimate: false });
  });

  it("gives the oldest people on the last page of an estimated list", async () => {
    const first = await list("page=1&limit=20");
    const last = await list(`page=${first.pagination.totalPages}&limit=20`);
    expect(last.pagination.totalIsEstimate).toBe(true);
    expect(last.subscribers.length).toBeGreaterThan(0);
    expect(last.subscribers.at(-1)?.email).toBe("reader1@example.com");
    const oldestFirst = await list(`page=${first.pagination.totalPages}&limit=20&sortOrder=asc`);
    expect(oldestFirst.subscribers.at(-1)?.email).toBe("reader900037@example.com");
  });

  it("estimates a filtered list matching more than 10,000, and says it is an estimate", async () => {
    // The 15,000 subscribed people of the second test, measured by the ANALYZE it waited for.
    const page = await list("page=1&limit=20&status=subscribed");
    expect(page.pagination.totalIsEstimate).toBe(true);
    expect(page.pagination.totalSubscribers).toBeGreaterThan(15_000 * 0.8);
    expect(page.pagination.totalSubscribers).toBeLessThan(15_000 * 1.2);
    expect(page.pagination.totalPages).toBe(Math.ceil(page.pagination.totalSubscribers / 20));
    expect(page.subscribers.at(0)?.email).toBe("reader15000@example.com");
    const last = await list(`page=${page.pagination.totalPages}&limit=20&status=subscribed`);
    expect(last.subscribers.at(-1)?.email).toBe("reader1@example.com");
  });

  it("counts a filtered list exactly when the statistics say it matches no more than 10,000 but it does", async () => {
    // Measured before any of them were added, the statistics know of no pending people.
    await addPeople(500_001, 12_000, "pending");
    const page = await list("page=1&limit=20&status=pending");
    // Never "about 10,001" for 12,000: the figure is the count, or (were they measured since) close to it.
    if (!page.pagination.totalIsEstimate) expect(page.pagination.totalSubscribers).toBe(12_000);
    expect(page.pagination.totalSubscribers).toBeGreaterThan(12_000 * 0.9);
    expect(page.pagination.totalSubscribers).toBeLessThan(12_000 * 1.1);
  });

  it("gives a tag filter matching more than 10,000 as counted or close to it, with its newest first", async () => {
    const tag = await call<{ _id: string }>(app, {
      method: "POST",
      url: "/api/newsletter-tags/tags",
      token: admin,
      body: { name: "Readers" },
    });
    await app.db.execute(sql`
      insert into subscriber_tags (subscriber_id, tag_id)
      select id, ${tag.body.data._id}::uuid from subscribers where status = 'subscribed'`);
    const page = await list(`page=1&limit=20&tagIds=${tag.body.data._id}`);
    if (!page.pagination.totalIsEstimate) expect(page.pagination.totalSubscribers).toBe(15_000);
    expect(page.pagination.totalSubscribers).toBeGreaterThan(15_000 * 0.9);
    expect(page.pagination.totalSubscribers).toBeLessThan(15_000 * 1.1);
    expect(page.subscribers.at(0)?.email).toBe("reader15000@example.com");
  });
});
