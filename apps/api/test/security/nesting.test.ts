import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPosts, campaigns } from "../../src/db/schema/index.ts";
import { call, signIn } from "../harness.ts";
import { createSecurityApp, longestStall } from "./support.ts";

/**
 * Content nested thousands of levels deep: the HTML sanitiser slows down with the depth of the open
 * elements (quadratically), and the Markdown parser recurses once a level until the stack runs out.
 * Staff may write campaigns and posts; none of them may hold the server, or save what cannot be shown.
 */
const { app, database } = await createSecurityApp();
const admin = await signIn(app);

const campaignCount = async () => (await database.db.select({ n: count() }).from(campaigns))[0]?.n;
const postCount = async () => (await database.db.select({ n: count() }).from(blogPosts))[0]?.n;

const draft = (html: string) =>
  call<{ _id: string }>(app, {
    method: "POST",
    url: "/api/compose-mail",
    token: admin,
    body: { subject: "Nested", html, audience: { type: "all" } },
  });
// The first draft loads the sanitiser and compiles the route: not the attack's cost.
await draft("<p>Warm-up</p>");

describe("campaign HTML nested 100,000 levels deep (300 KB, under the size limit)", () => {
  const deep = `<p>${"<b>".repeat(100_000)}</p>`;

  it("is refused with a 400 that says why, quickly, and nothing is saved", async () => {
    const before = await campaignCount();
    let answer: Awaited<ReturnType<typeof draft>> | undefined;
    const stall = await longestStall(async () => {
      answer = await draft(deep);
    });
    expect(answer?.status).toBe(400);
    expect(answer?.body.message).toMatch(/nested too deeply/);
    expect(stall, `POST /api/compose-mail held the event loop ${stall} ms`).toBeLessThan(200);
    expect(await campaignCount()).toBe(before);
  });

  it("is refused as an edit too, and the draft keeps its content", async () => {
    const created = await draft("<p>Hello</p>");
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    const stall = await longestStall(async () => {
      answer = await call(app, { method: "PUT", url: `/api/compose-mail/${id}`, token: admin, body: { html: deep } });
    });
    expect(answer?.status).toBe(400);
    expect(stall, `PUT /api/compose-mail/:id held the event loop ${stall} ms`).toBeLessThan(200);
    const kept = await call<{ html: string }>(app, { url: `/api/compose-mail/${id}`, token: admin });
    expect(kept.body.data.html).toBe("<p>Hello</p>");
  });

  it("still takes the nesting of a real email layout (tables in tables, 60 levels)", async () => {
    const layout = `${"<table><tr><td>".repeat(20)}Hi${"</td></tr></table>".repeat(20)}`;
    const answer = await draft(layout);
    expect(answer.status).toBe(201);
  });

  it("is refused as many shallow runs that add up (unclosed tags left open across the whole email)", async () => {
    const answer = await draft(`${"<div><span>".repeat(30_000)}`);
    expect(answer.status).toBe(400);
  });
});

const post = (body: string, title = `Nested ${Math.random()}`) =>
  call<{ _id: string; slug: string }>(app, {
    method: "POST",
    url: "/api/blog/posts",
    token: admin,
    body: { title, body, status: "published" },
  });

describe("a blog post nested thousands of levels deep", () => {
  const bodies = {
    quotes: `${">".repeat(3_000)} x`,
    "bullet lists": `${"- ".repeat(5_000)}x`,
    "numbered lists": `${"1. ".repeat(5_000)}x`,
    "quoted lists": `${"> - ".repeat(3_000)}x`,
  };

  for (const [shape, body] of Object.entries(bodies)) {
    it(`of ${shape} is refused with a 400, and nothing is saved or published`, async () => {
      const before = await postCount();
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/nest/);
      expect(await postCount()).toBe(before);
    });

    it(`of ${shape} is refused by the preview with a 400, not a 500`, async () => {
      const answer = await call(app, { method: "POST", url: "/api/blog/preview", token: admin, body: { body } });
      expect(answer.status).toBe(400);
    });
  }

  it("with ordinary nesting (a quote holding a list of lists) is published", async () => {
    const answer = await post("> Quoted\n>\n> - one\n>   - two\n>     - three\n");
    expect(answer.status).toBe(201);
  });

  it("saved before the check (an older version let it in) is still shown to visitors (as plain text), not a 500", async () => {
    const [stored] = await database.db
      .insert(blogPosts)
      .values({
        title: "Saved long ago",
        slug: "saved-long-ago",
        body: `${">".repeat(3_000)} deep`,
        status: "published",
        publishedAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    const api = await call<{ html: string }>(app, { url: "/api/blog/posts/saved-long-ago" });
    expect(api.status).toBe(200);
    expect(api.body.data.html).toContain("&gt;&gt;&gt;&gt; deep");
    // Its editor opens too, so staff can mend it.
    const editor = await call(app, { url: `/api/blog/admin/posts/${stored?.id}`, token: admin });
    expect(editor.status).toBe(200);
  });
});
