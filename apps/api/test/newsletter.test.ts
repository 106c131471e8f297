import type { ImportProgress, ImportResult, SubscriberDto, TagDto } from "@shop/shared/schemas/newsletter";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signLink } from "../src/lib/signed-links.ts";
import { queryRows } from "../src/lib/sql.ts";
import { testJwtSecret } from "./constants.ts";
import { call, createStaff, createTestApp, signIn, testAdmin } from "./harness.ts";
import { multipart, postCsvImport } from "./multipart.ts";

const { app } = await createTestApp();
const admin = await signIn(app);
const linkSecret = `${testJwtSecret}:email-links`;

async function tag(name: string): Promise<TagDto> {
  const response = await call<TagDto>(app, {
    method: "POST",
    url: "/api/newsletter-tags/tags",
    token: admin,
    body: { name },
  });
  return response.body.data;
}

const importCsv = (
  csv: string | Buffer,
  tagIds: string[],
  { token = admin, ...options }: { fileName?: string; type?: string; token?: string; jobId?: string } = {},
) => postCsvImport(app, token, csv, tagIds, options);

type Page = { subscribers: SubscriberDto[]; pagination: { totalSubscribers: number } };
const list = (query: string) => call<Page>(app, { url: `/api/newsletter/get-all-subscriber?${query}`, token: admin });

describe("tags", () => {
  it("derives the slug, refuses a duplicate name and counts subscribers", async () => {
    const created = await tag("Smart   Home Fans");
    expect(created).toMatchObject({ slug: "smart-home-fans", subscriberCount: 0 });
    const again = await call(app, {
      method: "POST",
      url: "/api/newsletter-tags/tags",
      token: admin,
      body: { name: "smart home fans" },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("A tag with this name already exists");
    const blank = await call(app, {
      method: "POST",
      url: "/api/newsletter-tags/tags",
      token: admin,
      body: { name: "  " },
    });
    expect(blank.status).toBe(400);
    const search = await call<TagDto[]>(app, {
      url: "/api/newsletter-tags/get-all-tags?search=home-fans",
      token: admin,
    });
    expect(search.body.data.map((t) => t.name)).toEqual(["Smart   Home Fans"]);
  });

  it("derives the slug from the name on create and update, whatever slug the client sends", async () => {
    const created = await call<TagDto>(app, {
      method: "POST",
      url: "/api/newsletter-tags/tags",
      token: admin,
      body: { name: "Autumn Sale", slug: "totally-different" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.slug).toBe("autumn-sale");

    const update = (body: object) =>
      call<TagDto>(app, {
        method: "PUT",
        url: `/api/newsletter-tags/update-tags/${created.body.data._id}`,
        token: admin,
        body,
      });
    const renamed = await update({ name: "Winter  Sale", slug: "something-else" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "Winter  Sale", slug: "winter-sale" });
    const slugOnly = await update({ slug: "not-the-name" });
    expect(slugOnly.status).toBe(200);
    expect(slugOnly.body.data.slug).toBe("winter-sale");
  });
});

describe("CSV import", () => {
  it("imports, merges duplicates, skips bad rows, never re-subscribes the unsubscribed, and tags everyone", async () => {
    const vip = await tag("VIP");
    const csv =
      '\uFEFFName;E-Mail\r\nAda;ada@example.com\r\nGrace;GRACE@example.com\r\n"Dup, Ada";ada@example.com\r\nBad;not-an-email\r\n=cmd;=1+1@x\r\n';
    const first = await importCsv(csv, [vip._id]);
    expect(first.statusCode).toBe(200);
    const result = first.json().data as ImportResult;
    expect(first.json().message).toBe("Successfully imported 2 subscriber(s).");
    expect(result).toMatchObject({ importedCount: 2, updatedCount: 0, skippedCount: 3 });
    expect(result.errors.map((e) => e.reason)).toEqual([
      "Duplicate in this file",
      "Invalid email address",
      "Invalid email address",
    ]);

    const grace = (await list("search=grace")).body.data.subscribers[0];
    expect(grace).toMatchObject({ email: "grace@example.com", name: "Grace", status: "subscribed", source: "import" });
    expect(grace?.tags.map((t) => t.name)).toEqual(["VIP"]);

    // Grace unsubscribes; a later import must not bring her back, but adds the new tag.
    const token = signLink(linkSecret, "unsubscribe", { subscriberId: grace?._id ?? "", campaignId: null });
    expect((await app.inject({ method: "POST", url: `/unsubscribe/${token}` })).statusCode).toBe(200);
    const later = await tag("Later");
    const second = await importCsv(
      "email,first name,last name\ngrace@example.com,Grace,Hopper\nnew@example.com,New,Person\n",
      [later._id],
    );
    expect(second.json().data).toMatchObject({ importedCount: 1, updatedCount: 1, skippedCount: 0 });
    const after = (await list("search=grace")).body.data.subscribers[0];
    expect(after?.status).toBe("unsubscribed");
    expect(after?.tags.map((t) => t.name).sort()).toEqual(["Later", "VIP"]);
    expect((await list("search=new@")).body.data.subscribers[0]?.name).toBe("New Person");
  });

  it("answers the modal's checks with the same words", async () => {
    const vip = (await call<TagDto[]>(app, { url: "/api/newsletter-tags/get-all-tags?search=VIP", token: admin })).body
      .data[0];
    const noTag = await importCsv("email\na@example.com\n", []);
    expect(noTag.statusCode).toBe(400);
    expect(noTag.json().message).toBe("Please select at least one tag");
    const notCsv = await importCsv("email\na@example.com\n", [vip?._id ?? ""], {
      fileName: "people.xlsx",
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    expect(notCsv.statusCode).toBe(415);
    expect(notCsv.json().message).toBe("Please select a valid CSV file");
    const binary = await importCsv(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), [vip?._id ?? ""]);
    expect(binary.statusCode).toBe(415);
    const body = multipart([{ name: "tagIds", data: vip?._id ?? "" }]);
    const noFile = await app.inject({
      method: "POST",
      url: "/api/csv/import-csv",
      headers: { authorization: `Bearer ${admin}`, "content-type": body.contentType },
      payload: body.payload,
    });
    expect(noFile.json().message).toBe("Please select a CSV file");
    expect((await importCsv("", [vip?._id ?? ""])).statusCode).toBe(400);
    const noEmail = await importCsv("name,phone\nAda,123\n", [vip?._id ?? ""]);
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toMatch(/No email column/);
    const wrongTag = await importCsv("email\na@example.com\n", ["01890a5d-ac96-774b-bcce-b302099a8057"]);
    expect(wrongTag.statusCode).toBe(400);
  });

  it("skips a 1 MB line and imports the rest, reporting progress on the job", async () => {
    const vip = (await call<TagDto[]>(app, { url: "/api/newsletter-tags/get-all-tags?search=VIP", token: admin })).body
      .data[0];
    const csv = `email\nbefore@example.com\n${"x".repeat(1024 * 1024)}@example.com\nafter@example.com\n`;
    const response = await importCsv(csv, [vip?._id ?? ""]);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as ImportResult;
    expect(data.importedCount).toBe(2);
    expect(data.skippedCount).toBeGreaterThanOrEqual(1);
    const progress = await call<{ status: string; importedCount: number }>(app, {
      url: `/api/csv/import-progress/${data.jobId}`,
      token: admin,
    });
    expect(progress.body.data).toMatchObject({ status: "finished", importedCount: 2 });
  });

  it("reports an import whose process died as failed, and one still beating as running", async () => {
    const progressOf = async (jobId: string) =>
      (await call<{ status: string }>(app, { url: `/api/csv/import-progress/${jobId}`, token: admin })).body.data
        .status;
    // As a killed process leaves them: running, one with a heartbeat three minutes old.
    const dead = "01890a5d-ac96-774b-bcce-b302099a8001";
    const alive = "01890a5d-ac96-774b-bcce-b302099a8002";
    const owner = sql`(select id from users where email = ${testAdmin.email})`;
    await app.db.execute(sql`insert into import_jobs (id, file_name, heartbeat_at, created_by) values
      (${dead}, 'dead.csv', now() - interval '3 minutes', ${owner}),
      (${alive}, 'alive.csv', now() - interval '10 seconds', ${owner})`);
    expect(await progressOf(dead)).toBe("failed");
    expect(await progressOf(alive)).toBe("running");
  });
});

describe("import jobs", () => {
  const openJob = async (token = admin) =>
    (await call<{ jobId: string }>(app, { method: "POST", url: "/api/csv/import-jobs", token })).body.data?.jobId ?? "";
  const progress = (jobId: string, token = admin) =>
    call<ImportProgress>(app, { url: `/api/csv/import-progress/${jobId}`, token });

  it("makes the job id itself: an id the client chose is refused and never becomes a job", async () => {
    const jobsTag = (await tag("Jobs"))._id;
    const chosen = "01890a5d-ac96-774b-bcce-b302099a8aaa";
    const response = await importCsv("email\nchosen@example.com\n", [jobsTag], { jobId: chosen });
    expect(response.statusCode).toBe(404);
    expect((await progress(chosen)).status).toBe(404);
    expect((await list("search=chosen@")).body.data.subscribers).toEqual([]);

    // Without a job, the server makes one and answers with its id.
    const plain = await importCsv("email\nplain-job@example.com\n", [jobsTag]);
    expect(plain.statusCode).toBe(200);
    const jobId = (plain.json().data as ImportResult).jobId;
    expect(jobId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect((await progress(jobId)).body.data).toMatchObject({ status: "finished", importedCount: 1 });
  });

  it("lets only the one who opened a job upload to it, once, and follow it", async () => {
    const jobsTag = (await tag("More jobs"))._id;
    const other = await createStaff(app, admin, ["newsletter:update-subscriber"]);
    const jobId = await openJob();
    expect(jobId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);

    // Another member of staff can neither take the job over nor watch it.
    const takeover = await importCsv("email\ntakeover@example.com\n", [jobsTag], { jobId, token: other.token });
    expect(takeover.statusCode).toBe(404);
    const mine = await importCsv("email\nmine-1@example.com\nmine-2@example.com\n", [jobsTag], { jobId });
    expect(mine.statusCode).toBe(200);
    expect((mine.json().data as ImportResult).jobId).toBe(jobId);
    expect((await progress(jobId, other.token)).status).toBe(404);

    // The job is used up: a second upload naming it is refused, and the first one's record stands.
    const again = await importCsv("email\nagain@example.com\n", [jobsTag], { jobId });
    expect(again.statusCode).toBe(404);
    expect((await progress(jobId)).body.data).toMatchObject({ status: "finished", importedCount: 2 });
    expect((await list("search=takeover@")).body.data.subscribers).toEqual([]);
    expect((await list("search=again@")).body.data.subscribers).toEqual([]);
  });
});

describe("subscribers", () => {
  it("lists with search, status and tag filters, and edits email and tags", async () => {
    const vip = (await call<TagDto[]>(app, { url: "/api/newsletter-tags/get-all-tags?search=VIP", token: admin })).body
      .data[0];
    const tagged = await list(`tagIds=${vip?._id}&status=subscribed&sortBy=email&sortOrder=asc`);
    expect(tagged.body.data.subscribers.map((s) => s.email)).toEqual([
      "ada@example.com",
      "after@example.com",
      "before@example.com",
    ]);
    const ada = tagged.body.data.subscribers[0];
    const edited = await call<SubscriberDto>(app, {
      method: "PUT",
      url: `/api/newsletter/update-subscriber/${ada?._id}`,
      token: admin,
      body: { email: "  ada.l@example.com ", tags: [] },
    });
    expect(edited.body.data).toMatchObject({ email: "ada.l@example.com", tags: [] });
    const clash = await call(app, {
      method: "PUT",
      url: `/api/newsletter/update-subscriber/${ada?._id}`,
      token: admin,
      body: { email: "new@example.com" },
    });
    expect(clash.status).toBe(409);
  });

  it("tags everyone matching a filter in one call", async () => {
    const fans = await tag("Fans");
    const response = await call<{ count: number }>(app, {
      method: "POST",
      url: "/api/newsletter/assign-bulk-tags",
      token: admin,
      body: { tagIds: [fans._id], filter: { status: "subscribed" } },
    });
    expect(response.body.message).toBe("Tags assigned successfully!");
    const subscribed = (await list("status=subscribed&limit=100")).body.data.pagination.totalSubscribers;
    expect(response.body.data.count).toBe(subscribed);
    expect((await list(`tagIds=${fans._id}&limit=100`)).body.data.pagination.totalSubscribers).toBe(subscribed);
    const none = await call(app, {
      method: "POST",
      url: "/api/newsletter/assign-bulk-tags",
      token: admin,
      body: { tagIds: [], subscriberIds: [] },
    });
    expect(none.status).toBe(400);
  });

  it("exports the filtered audience with tags as formula-safe CSV", async () => {
    const csv = await app.inject({
      url: "/api/newsletter/export?status=subscribed",
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("Email,Name,Status,Source,Tags,Subscribed at,Unsubscribed at,Created at");
    expect(lines.some((line) => line.startsWith("new@example.com,New Person,subscribed,import,Fans; Later"))).toBe(
      true,
    );
  });

  it("exports every row when thousands share one microsecond timestamp (an import batch)", async () => {
    // More than one export batch (5,000), all stamped with the same now(): paging must not skip any.
    await app.db.execute(sql`insert into subscribers (id, email, status, source, subscribed_at, created_at)
      select uuid_v7(), 'same-time-' || n || '@example.com', 'pending', 'import', now(), now()
      from generate_series(1, 6001) n`);
    const csv = await app.inject({
      url: "/api/newsletter/export?status=pending&search=same-time-",
      headers: { authorization: `Bearer ${admin}` },
    });
    const emails = csv.body.trim().split("\r\n").slice(1);
    expect(new Set(emails.map((line) => line.split(",")[0])).size).toBe(6001);
    await app.db.execute(sql`delete from subscribers where email like 'same-time-%'`);
  });

  it("deleting a tag keeps its subscribers", async () => {
    const fans = (await call<TagDto[]>(app, { url: "/api/newsletter-tags/get-all-tags?search=Fans", token: admin }))
      .body.data[0];
    const before = (await list("limit=100")).body.data.pagination.totalSubscribers;
    await call(app, { method: "DELETE", url: `/api/newsletter-tags/delete-tags/${fans?._id}`, token: admin });
    expect((await list("limit=100")).body.data.pagination.totalSubscribers).toBe(before);
  });

  it("erases a subscriber without a trace, and needs the delete permission", async () => {
    const target = (await list("search=after@")).body.data.subscribers[0];
    const viewer = await createStaff(app, admin, ["newsletter:view-subscribers"]);
    expect(
      (
        await call(app, {
          method: "DELETE",
          url: `/api/newsletter/subscribers/${target?._id}/erase`,
          token: viewer.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call(app, { method: "DELETE", url: `/api/newsletter/subscribers/${target?._id}/erase`, token: admin }))
        .status,
    ).toBe(200);
    expect((await list("search=after@")).body.data.subscribers).toHaveLength(0);
    const logs = await app.inject({
      url: "/api/activity-logs/export?module=newsletter",
      headers: { authorization: `Bearer ${admin}` },
    });
    const eraseLine = logs.body.split("\r\n").find((line) => line.includes("Erase subscriber"));
    expect(eraseLine).toBeDefined();
    expect(eraseLine).not.toContain("after@example.com");
  });
});

describe("unsubscribe links", () => {
  it("shows a confirm page, unsubscribes with one POST (RFC 8058) and refuses forged tokens", async () => {
    const target = (await list("search=before@")).body.data.subscribers[0];
    const token = signLink(linkSecret, "unsubscribe", { subscriberId: target?._id ?? "", campaignId: null });
    const pageView = await app.inject({ url: `/unsubscribe/${token}` });
    expect(pageView.statusCode).toBe(200);
    expect(pageView.body).toContain('<form method="post">');
    expect(pageView.body).not.toContain("<script");
    const oneClick = await app.inject({
      method: "POST",
      url: `/unsubscribe/${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain("You have been unsubscribed.");
    expect((await app.inject({ method: "POST", url: `/unsubscribe/${token}` })).statusCode).toBe(200);
    expect((await list("search=before@")).body.data.subscribers[0]?.status).toBe("unsubscribed");
    const forged = signLink("another-secret-another-secret-another-secret", "unsubscribe", {
      subscriberId: target?._id ?? "",
      campaignId: null,
    });
    expect((await app.inject({ method: "POST", url: `/unsubscribe/${forged}` })).statusCode).toBe(404);
  });
});

describe("export and import", () => {
  it("re-imports its own export losslessly: the formula guard is undone, never saved as part of an address", async () => {
    const people = [
      ["+x@example.com", "=SUM(A1)"],
      ["=y@example.com", "+Plus Person"],
      ["-z@example.com", "-Minus Person"],
      ["'+q@example.com", "'=Quoted"],
      ["o'brien@example.com", "@Handle"],
    ];
    const first = await tag("Round trip");
    // In a file, as in a spreadsheet, an apostrophe before a formula character marks text: a value that
    // really starts with one is written with one more.
    const file = people.map((row) => row.map((cell) => (/^'*[=+\-@]/.test(cell) ? `'${cell}` : cell)).join(","));
    const imported = await importCsv(`email,name\n${file.join("\n")}\n`, [first._id]);
    expect(imported.json().data).toMatchObject({ importedCount: people.length, skippedCount: 0 });
    const exported = await app.inject({
      url: `/api/newsletter/export?tagIds=${first._id}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    // The export is still guarded against spreadsheet formulas…
    expect(exported.body).toContain("'+x@example.com,'=SUM(A1)");

    // …and the same file, imported again, names the same people, as they were.
    const again = await tag("Round trip again");
    const reimported = await importCsv(exported.body, [again._id]);
    expect(reimported.json().data).toMatchObject({ importedCount: 0, updatedCount: people.length, skippedCount: 0 });
    const tagged = (await list(`tagIds=${again._id}&limit=100`)).body.data.subscribers;
    expect(tagged.map((person) => [person.email, person.name]).sort()).toEqual([...people].sort());
    const apostrophed = await queryRows<{ email: string }>(
      app.db,
      sql`select email from subscribers where email like '''%'`,
    );
    expect(apostrophed).toEqual([{ email: "'+q@example.com" }]);
  });
});
