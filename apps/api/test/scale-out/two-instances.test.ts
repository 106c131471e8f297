import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type FreshDatabase } from "../faults/databases.ts";
import { api, disposeAll, type Server, signIn, startServer } from "../faults/processes.ts";
import { testRedisUrl } from "../redis.ts";
import { decodedBody, startSmtpSink } from "../smtp-sink.ts";

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/**
 * The scale-out path: two API processes on one PostgreSQL and one Redis, as a container platform
 * would run them. Each instance sends mail through its own SMTP peer, so the test can tell who sent what.
 */
describe("two instances on one PostgreSQL and one Redis", () => {
  let database: FreshDatabase;
  let a: Server;
  let b: Server;
  const sinks: { a?: SmtpSink; b?: SmtpSink } = {};
  const uploads = mkdtempSync(path.join(tmpdir(), "shop-scale-uploads-"));
  // Addresses from a range nothing else uses, new on every run: Redis keeps counts between runs.
  const run = Math.floor(Math.random() * 250) + 1;
  const clientIp = (n: number) => `10.${run}.${Math.floor(n / 250)}.${(n % 250) + 1}`;

  beforeAll(async () => {
    database = await createDatabase();
    const [sinkA, sinkB] = await Promise.all([startSmtpSink(), startSmtpSink()]);
    sinks.a = sinkA;
    sinks.b = sinkB;
    const env = (smtpUrl: string) => ({
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl(),
      UPLOADS_DIR: uploads,
      // The test stands in for the load balancer: it connects from 127.0.0.1 and names the client.
      TRUST_PROXY: "127.0.0.1",
      SENDER: "on",
      SAMPLE_DATA: "true",
      SMTP_URL: smtpUrl,
      SEND_CONCURRENCY: "8",
      SENDER_LEASE_MS: "30000",
    });
    // Started together: migrations and seeding must take turns, not race.
    [a, b] = await Promise.all([
      startServer({ env: env(sinkA.url), readyTimeoutMs: 90_000 }),
      startServer({ env: env(sinkB.url), readyTimeoutMs: 90_000 }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await disposeAll();
    await Promise.all([sinks.a?.close(), sinks.b?.close()]);
    await database?.drop();
    rmSync(uploads, { recursive: true, force: true });
  });

  it("seeded the catalogue once although both started at the same moment", async () => {
    expect(await database.count("select count(*)::int as n from users where is_super_admin")).toBe(1);
    const products = await api<{ pagination: { totalProducts: number } }>(a, "GET", "/api/products");
    expect(products.body.data.pagination.totalProducts).toBe(6);
  });

  it("accepts a sign-in made on A at B, and a sign-out on A is refused at B on the next request", async () => {
    const token = await signIn(a);
    const me = await api<{ email: string }>(b, "GET", "/api/users/get-user", { token });
    expect(me.status).toBe(200);
    // B has now cached the session: the sign-out on A must reach it.
    expect((await api(a, "POST", "/api/users/logout", { token })).status).toBe(200);
    expect((await api(b, "GET", "/api/users/get-user", { token })).status).toBe(401);
  });

  it("refuses at B, on the next request, a session that a password reset on A signed out", async () => {
    const admin = await signIn(a);
    const roles = await api<{ roles: { _id: string }[] }>(a, "GET", "/api/roles/get-all-role", { token: admin });
    const role = roles.body.data.roles[0];
    if (!role) throw new Error("no role");
    const email = `reset-${run}-${Date.now()}@example.com`;
    const created = await api<{ _id: string }>(a, "POST", "/api/users", {
      token: admin,
      body: { name: "Reset Person", email, phone: "0123456789", role: role._id, password: "first-password" },
    });
    expect(created.status).toBe(201);
    const token = await signIn(a, email, "first-password");
    const sent = await api(a, "POST", `/api/users/${created.body.data._id}/send-password-reset`, { token: admin });
    expect(sent.status).toBe(200);
    // B has now cached the session (after the staff write above told it to drop what it had).
    expect((await api(b, "GET", "/api/users/get-user", { token })).status).toBe(200);
    let link: string | undefined;
    for (let waited = 0; !link && waited < 10_000; waited += 100) {
      const mail = sinks.a?.messages.find((m) => m.to.includes(email));
      link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodedBody(mail?.raw ?? ""))?.[1];
      if (!link) await sleep(100);
    }
    if (!link) throw new Error("no reset mail");
    // The reset is a public request: no staff session rides on it.
    const reset = await fetch(`${a.url}/api/users/reset-password`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": clientIp(500) },
      body: JSON.stringify({ token: link, password: "second-password" }),
      signal: AbortSignal.timeout(15_000),
    });
    expect(reset.status).toBe(200);
    expect((await api(b, "GET", "/api/users/get-user", { token })).status).toBe(401);
  });

  it("shows a product edited on A at B at once, every time", async () => {
    const token = await signIn(a);
    const list = await api<{ products: { _id: string; slug: string }[] }>(b, "GET", "/api/products?limit=1");
    const product = list.body.data.products[0];
    if (!product) throw new Error("no product");
    let stale = 0;
    for (let round = 1; round <= 20; round++) {
      // B serves the product from its cache before the edit…
      await api(b, "GET", `/api/products/${product.slug}`);
      const price = 100 + round;
      const saved = await api(a, "PUT", `/api/products/${product._id}`, { token, body: { price } });
      expect(saved.status).toBe(200);
      // …and must not serve the old answer after it.
      const seen = await api<{ price: number }>(b, "GET", `/api/products/${product.slug}`);
      if (seen.body.data.price !== price) stale += 1;
    }
    expect(stale).toBe(0);
  });

  it("counts failed sign-ins from both instances against one limit", async () => {
    const ip = clientIp(1);
    const email = `nobody-${Date.now()}@example.com`;
    const attempt = (server: Server) =>
      fetch(`${server.url}/api/users/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ email, password: "wrong-password" }),
        signal: AbortSignal.timeout(15_000),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    // Five failures on each: alone, neither instance would block yet.
    const blockedOnA = await attempt(a);
    const blockedOnB = await attempt(b);
    expect([blockedOnA.status, blockedOnB.status]).toEqual([429, 429]);
    expect(Number(blockedOnB.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts enquiries from both instances against one rate limit", async () => {
    const ip = clientIp(2);
    const enquire = (server: Server, n: number) =>
      fetch(`${server.url}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({
          name: "Rate Test",
          email: `rate${n}@example.com`,
          phone: "2079460000",
          subject: "Two instances",
          request: "Does the limit hold across instances?",
        }),
        signal: AbortSignal.timeout(15_000),
      });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await enquire(n % 2 === 0 ? a : b, n)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("sends one campaign of 5,000 with both workers, reaching each recipient exactly once", async () => {
    const total = 5_000;
    await database.pool.query(
      `insert into subscribers (id, email, status, source, subscribed_at)
       select uuid_v7(), 'scale' || n || '@example.com', 'subscribed', 'admin', now() from generate_series(1, $1::int) n`,
      [total],
    );
    const token = await signIn(a);
    const draft = await api<{ _id: string }>(a, "POST", "/api/compose-mail", {
      token,
      body: { subject: "Scale-out", preheader: "", html: "<p>Hello {{email}}</p>", audience: { type: "all" } },
    });
    expect(draft.status).toBe(201);
    const started = await api<{ recipientCount: number }>(a, "POST", "/api/emailhistory/send-mail", {
      token,
      body: { mailId: draft.body.data._id },
    });
    expect(started.status).toBe(202);
    expect(started.body.data.recipientCount).toBe(total);

    const deadline = Date.now() + 120_000;
    let status = "";
    while (Date.now() < deadline) {
      const history = await api<{ status: string }>(a, "GET", `/api/emailhistory/${draft.body.data._id}`, { token });
      status = history.body.data.status;
      if (status === "sent") break;
      await sleep(250);
    }
    expect(status).toBe("sent");

    const received = new Map<string, number>();
    for (const message of [...(sinks.a?.messages ?? []), ...(sinks.b?.messages ?? [])]) {
      for (const to of message.to) if (to.startsWith("scale")) received.set(to, (received.get(to) ?? 0) + 1);
    }
    const byA = sinks.a?.messages.length ?? 0;
    const byB = sinks.b?.messages.length ?? 0;
    const outcomes = await database.pool.query(
      "select c.status as campaign, r.status, r.last_error, count(*)::int as n from campaign_recipients r join campaigns c on c.id = r.campaign_id group by 1, 2, 3 order by 4 desc",
    );
    console.log(`two instances: ${total} recipients, A sent ${byA}, B sent ${byB}`, outcomes.rows);
    expect(received.size).toBe(total);
    expect([...received.values()].filter((count) => count > 1)).toEqual([]);
    // Both workers took part: the claim query shares a campaign, it does not hand it to one process.
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
  }, 150_000);
});
