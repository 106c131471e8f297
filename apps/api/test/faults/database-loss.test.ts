import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PrivateCluster, startPrivateCluster } from "./databases.ts";
import { cleanUp, disposeAll, signIn, startServer } from "./processes.ts";
import { type Outcome, percentile, probe, startLoad, tally, uncachedProductPage } from "./traffic.ts";

// The shared PostgreSQL serves other suites running at the same time, so this test stops a cluster of its own
// (initdb + pg_ctl as the postgres OS user; see startPrivateCluster). No TCP proxy is needed.
let cluster: PrivateCluster;
beforeAll(async () => {
  cluster = await startPrivateCluster();
});
afterAll(() => cleanUp(disposeAll, () => cluster?.destroy()));

/** The bound on any one answer: the pool's 5 s connect time-out plus slack. Longer is a hang. */
const answerWithinMs = 10_000;

describe("PostgreSQL stops during traffic", () => {
  it("answers 503 with Retry-After at once, says so on /api/health, and recovers without a restart", async () => {
    const server = await startServer({ env: { DATABASE_URL: cluster.url } });
    const pid = server.child.pid;
    const url = (path: string) => `${server.url}${path}`;
    const token = await signIn(server);
    const load = startLoad({
      next: () => url(uncachedProductPage()),
      concurrency: 6,
      timeoutMs: answerWithinMs,
      pauseMs: 20,
    });
    await sleep(1_000);

    const stoppingAt = Date.now();
    await cluster.stop("immediate");
    const downAt = Date.now();
    // While it is down: health, and a signed-in route (its session check needs the database too), each bounded.
    const outage: Outcome[] = [];
    while (Date.now() - downAt < 5_000) {
      outage.push(await probe(url("/api/health"), { timeoutMs: answerWithinMs, keepBody: true }));
      outage.push(await probe(url(uncachedProductPage()), { timeoutMs: answerWithinMs }));
      outage.push(
        await probe(url("/api/users/get-user"), {
          timeoutMs: answerWithinMs,
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      await sleep(250);
    }

    // pg_ctl start -w returns once the cluster accepts connections (it polls, so a little after).
    const restartingAt = Date.now();
    await cluster.start();
    const backAt = Date.now();
    const polls: Outcome[] = [];
    const firstOk = (list: Outcome[], path: string) =>
      Math.min(
        ...list
          .filter((o) => o.started >= restartingAt && o.status === 200 && o.url.includes(path))
          .map((o) => o.ended),
      );
    while (Date.now() - backAt < 30_000) {
      polls.push(
        ...(await Promise.all([
          probe(url(uncachedProductPage()), { timeoutMs: answerWithinMs }),
          probe(url("/api/health"), { timeoutMs: answerWithinMs }),
        ])),
      );
      if (polls.slice(-2).every((o) => o.status === 200)) break;
      await sleep(50);
    }
    await sleep(500);
    const outcomes = await load.stop();
    const productsBack = firstOk([...outcomes, ...polls], "/api/products");
    const healthBack = firstOk(polls, "/api/health");
    const recoveredAt = Math.max(productsBack, healthBack);

    const healthy = outcomes.filter((o) => o.ended < stoppingAt);
    const whileDown = outcomes.filter((o) => o.started >= downAt && o.ended <= restartingAt);
    const afterRecovery = outcomes.filter((o) => o.started > recoveredAt);
    const downLatency = whileDown.map((o) => o.ended - o.started);
    console.log(
      `database loss: before ${JSON.stringify(tally(healthy))}; while down ${JSON.stringify(tally(whileDown))} ` +
        `(health, products and signed-in probes ${JSON.stringify(tally(outage))}) ` +
        `(slowest answer ${Math.max(0, ...downLatency)} ms); after recovery ${JSON.stringify(tally(afterRecovery))}; ` +
        `recovery (pg_ctl start → first 200 on products and on health) ${recoveredAt - restartingAt} ms ` +
        `(products +${productsBack - restartingAt} ms, health +${healthBack - restartingAt} ms; pg_ctl start -w took ${backAt - restartingAt} ms)`,
    );

    // Never a hang, never a dropped connection: the API process stays up and answers throughout.
    const broken = outcomes.filter((o) => o.kind !== "answered");
    expect(broken, "requests that hung or lost their connection").toEqual([]);
    expect(healthy.length).toBeGreaterThan(0);
    expect(healthy.every((o) => o.status === 200)).toBe(true);

    // While it is down: 503 with Retry-After, no 500, no waiting past the bound.
    expect(whileDown.length).toBeGreaterThan(0);
    expect(whileDown.filter((o) => o.status !== 503)).toEqual([]);
    expect(whileDown.filter((o) => !o.retryAfter)).toEqual([]);
    const healthDown = outage.filter((o) => o.url.endsWith("/api/health"));
    expect(healthDown.length).toBeGreaterThan(0);
    for (const answer of healthDown) {
      expect(answer.kind).toBe("answered");
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body ?? "{}")).toMatchObject({ success: false, data: { database: "down" } });
    }
    expect(outage.filter((o) => o.kind !== "answered" || o.status !== 503)).toEqual([]);
    // Health's 503 says when to look again too.
    expect(outage.filter((o) => !o.retryAfter)).toEqual([]);

    // Back without a restart: same process, healthy within 15 s of the cluster accepting connections.
    expect(Number.isFinite(productsBack), "products never answered 200 again").toBe(true);
    expect(Number.isFinite(healthBack), "health never answered 200 again").toBe(true);
    expect(recoveredAt - restartingAt).toBeLessThan(15_000);
    expect(afterRecovery.length).toBeGreaterThan(0);
    expect(afterRecovery.filter((o) => o.status !== 200)).toEqual([]);
    expect(server.alive()).toBe(true);
    expect(server.child.pid).toBe(pid);
    await server.dispose();
  });

  it("answers within its time-out when PostgreSQL stops answering (frozen, as in a network partition)", async () => {
    const server = await startServer({ env: { DATABASE_URL: cluster.url } });
    const url = (path: string) => `${server.url}${path}`;
    // Connections stay open but silent: only the API's own time-outs can end a request now. The bound allows
    // the pool's 5 s wait for a connection plus a query time-out of about 10 s.
    const bound = 20_000;
    const load = startLoad({ next: () => url(uncachedProductPage()), concurrency: 6, timeoutMs: bound, pauseMs: 20 });
    await sleep(1_000);
    const frozenAt = Date.now();
    cluster.freeze();
    const frozenBy = Date.now();
    const health: Outcome[] = [];
    try {
      while (Date.now() - frozenAt < bound + 5_000) {
        health.push(await probe(url("/api/health"), { timeoutMs: bound, keepBody: true }));
        await sleep(500);
      }
    } finally {
      cluster.thaw();
    }
    const thawedAt = Date.now();
    let backAt = 0;
    while (!backAt && Date.now() - thawedAt < 20_000) {
      const [products, ok] = await Promise.all([
        probe(url(uncachedProductPage()), { timeoutMs: bound }),
        probe(url("/api/health"), { timeoutMs: bound }),
      ]);
      if (products.status === 200 && ok.status === 200) backAt = Date.now();
      else await sleep(100);
    }
    const outcomes = await load.stop();
    // Sent after freeze() returned. A request sent in the same millisecond as frozenAt, but before the
    // freeze began, could reach the database before its processes stopped, and rightly be answered.
    const whileFrozen = outcomes.filter((o) => o.started > frozenBy && o.started < thawedAt);
    const latency = whileFrozen.map((o) => o.ended - o.started);
    console.log(
      `database frozen for ${thawedAt - frozenAt} ms: products ${JSON.stringify(tally(whileFrozen))} ` +
        `(p50 ${percentile(latency, 50)} ms, max ${Math.max(0, ...latency)} ms); health ${JSON.stringify(tally(health))} ` +
        `(max ${Math.max(...health.map((o) => o.ended - o.started))} ms); back ${backAt ? backAt - thawedAt : "never"} ms after thawing`,
    );
    expect(
      whileFrozen.filter((o) => o.kind !== "answered"),
      "requests that hung past the bound",
    ).toEqual([]);
    // One still waiting (within its time-outs) when the database wakes may well end in a 200; none can before.
    expect(whileFrozen.filter((o) => o.status !== 503 && o.status !== 200)).toEqual([]);
    expect(
      whileFrozen
        .filter((o) => o.ended < thawedAt && o.status !== 503)
        .map((o) => ({ ...o, afterFreeze: o.started - frozenBy, freezeTook: frozenBy - frozenAt })),
      "answered while the database was frozen",
    ).toEqual([]);
    expect(whileFrozen.some((o) => o.status === 503)).toBe(true);
    expect(health.filter((o) => o.status !== 503)).toEqual([]);
    expect(backAt, "no recovery within 20 s of the database answering again").toBeGreaterThan(0);
  });
});
