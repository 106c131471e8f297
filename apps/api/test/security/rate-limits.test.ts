import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { Db } from "../../src/db/client.ts";
import { queryRows } from "../../src/lib/sql.ts";
import { openTestDatabase, testAdmin, testConfig } from "../harness.ts";
import { connectTestRedis, testRedisUrl } from "../redis.ts";

/**
 * Every rate limit and the sign-in throttle behind a trusted proxy, over real sockets. Clients connect
 * from their own loopback addresses (Linux routes all of 127.0.0.0/8 to lo) to a proxy on 127.0.0.1
 * that appends the address it saw, as nginx does, and each forges its own X-Forwarded-For. Whatever
 * a client writes there, it is counted, and logged, by the address it connected from.
 */

/** The proxies' addresses as operators would list them: the proxy alone, and among other ranges. */
const trustSettings = ["127.0.0.1", "10.0.0.0/8, 127.0.0.1/32"];

// Client addresses from a block of 127/8 new on every run: Redis keeps counts between runs.
const run = Math.floor(Math.random() * 250) + 2;
let clients = 0;
const newClient = () => {
  clients += 1;
  return `127.${run}.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

/** What a client may write in X-Forwarded-For: fresh addresses, chains, and the proxy's own addresses. */
const forgeries = [
  (i: number) => `203.0.113.${i % 250}`,
  (i: number) => `198.51.100.${i % 250}, 192.0.2.${i % 250}`,
  () => "127.0.0.1",
  (i: number) => `192.0.2.${i % 250}, 10.${i % 250}.0.1, 127.0.0.1`,
  (i: number) => `2001:db8::${i.toString(16)}`,
  (i: number) => `unknown, 198.18.${i % 250}.1`,
];
const forged = (i: number) => forgeries[i % forgeries.length]?.(i) ?? "203.0.113.1";

type Limit = {
  name: string;
  path: string;
  max: number;
  passed: number;
  body: (tag: string) => object;
  /** The address the app kept with each accepted request of `tag`. */
  storedAddresses: (db: Db, tag: string) => Promise<string[]>;
};

const limits: Limit[] = [
  {
    name: "enquiries",
    path: "/api/contacts",
    max: 5,
    passed: 201,
    body: (tag) => ({
      name: "Rate Test",
      email: `enquiry-${tag}@example.com`,
      phone: "2079460000",
      subject: "Behind a proxy",
      request: "Is the limit per client?",
    }),
    storedAddresses: async (db, tag) =>
      (
        await queryRows<{ ip: string }>(
          db,
          sql`select ip_address as ip from contacts where email like ${`enquiry-${tag}-%`}`,
        )
      ).map((row) => row.ip),
  },
  {
    name: "newsletter sign-ups",
    path: "/api/newsletter/subscriber",
    max: 5,
    passed: 200,
    body: (tag) => ({ email: `signup-${tag}@example.com` }),
    storedAddresses: async (db, tag) =>
      (
        await queryRows<{ ip: string }>(
          db,
          sql`select consent_ip as ip from subscribers where email like ${`signup-${tag}-%`}`,
        )
      ).map((row) => row.ip),
  },
];

/** One POST over a connection of its own, made from `from`; resolves with the status. */
function post(base: string, request: { from: string; path: string; body: object; forwardedFor?: string }) {
  return new Promise<number>((resolve, reject) => {
    const payload = JSON.stringify(request.body);
    const outgoing = http.request(
      new URL(request.path, base),
      {
        method: "POST",
        agent: false,
        localAddress: request.from,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          ...(request.forwardedFor !== undefined && { "x-forwarded-for": request.forwardedFor }),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.setTimeout(20_000, () => outgoing.destroy(new Error(`${request.path} timed out`)));
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

function listen(server: http.Server | FastifyInstance["server"]): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A reverse proxy set up as nginx's `X-Forwarded-For $proxy_add_x_forwarded_for`: it keeps what the
 * client sent and appends the address the client connected from. It hands requests to its upstreams
 * in turn, from 127.0.0.1.
 */
async function startProxy(upstreams: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let turn = 0;
  const server = http.createServer((request, response) => {
    const upstream = new URL(upstreams[turn++ % upstreams.length] ?? "");
    const sent = request.headers["x-forwarded-for"];
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        agent,
        localAddress: "127.0.0.1",
        headers: {
          ...request.headers,
          "x-forwarded-for": [sent, request.socket.remoteAddress].filter(Boolean).join(", "),
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on("error", () => response.writeHead(502).end());
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: listen(server),
    close: async () => {
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `count` instances of the app on one database, each listening on its own port. */
async function startInstances(count: number, config: Record<string, string>) {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-rate-limits-"));
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const app = await buildApp(testConfig({ DATA_DIR: path.join(dataDir, String(i)), ...config }), { database });
    await app.listen({ host: "127.0.0.1", port: 0 });
    apps.push(app);
  }
  return {
    db: database.db,
    urls: apps.map((app) => listen(app.server)),
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

let tags = 0;
const newTag = () => {
  tags += 1;
  return `${run}-${tags}`;
};

type Setup = { proxy: string; instances: string[]; db: Db };

/** The same attacks against one instance or several: `setup` is filled in by the caller's beforeAll. */
function attackEveryLimit(setup: Setup) {
  it.each(limits)("holds $name to $max a minute for one client, whatever X-Forwarded-For it sends", async (limit) => {
    const client = newClient();
    const tag = newTag();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const body = limit.body(`${tag}-${i}`);
      statuses.push(await post(setup.proxy, { from: client, path: limit.path, body, forwardedFor: forged(i) }));
    }
    expect(tally(statuses)).toEqual({ [limit.passed]: limit.max, 429: 12 - limit.max });
    expect(statuses.slice(0, limit.max)).toEqual(Array(limit.max).fill(limit.passed));
    // The addresses kept with what got in are the client's, never a forged one.
    expect(await limit.storedAddresses(setup.db, tag)).toEqual(Array(limit.max).fill(client));
    // Per client, not one count for everyone behind the proxy.
    const neighbour = await post(setup.proxy, { from: newClient(), path: limit.path, body: limit.body(`${tag}-n`) });
    expect(neighbour).toBe(limit.passed);
  });

  it.each(limits)("counts a client that connects past the proxy by its own address ($name)", async (limit) => {
    const client = newClient();
    const tag = newTag();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const instance = setup.instances[i % setup.instances.length] ?? "";
      const body = limit.body(`${tag}-${i}`);
      statuses.push(await post(instance, { from: client, path: limit.path, body, forwardedFor: forged(i) }));
    }
    expect(tally(statuses)).toEqual({ [limit.passed]: limit.max, 429: 12 - limit.max });
    expect(await limit.storedAddresses(setup.db, tag)).toEqual(Array(limit.max).fill(client));
  });

  it.each(limits)("lets exactly $max of 100 parallel $name from one client through", async (limit) => {
    const client = newClient();
    const tag = newTag();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(setup.proxy, { from: client, path: limit.path, body: limit.body(`${tag}-${i}`), forwardedFor: forged(i) }),
      ),
    );
    expect(tally(statuses)).toEqual({ [limit.passed]: limit.max, 429: 100 - limit.max });
    expect(await limit.storedAddresses(setup.db, tag)).toEqual(Array(limit.max).fill(client));
  });

  it("blocks sign-in for a client after 10 failures, whatever X-Forwarded-For it sends, and logs its real address", async () => {
    const client = newClient();
    const tag = newTag();
    const attempt = (email: string, password: string, forwardedFor: string, from = client) =>
      post(setup.proxy, { from, path: "/api/users/login", body: { email, password }, forwardedFor });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(await attempt(`nobody-${tag}-${i}@example.com`, "wrong-password", forged(i)));
    expect(tally(statuses)).toEqual({ 401: 10, 429: 20 });
    // Blocked, the right password with yet another header does not get in either…
    expect(await attempt(testAdmin.email, testAdmin.password, "192.0.2.77")).toBe(429);
    // …while a client at another address does: the count is the client's, not the proxy's.
    expect(await attempt(testAdmin.email, testAdmin.password, "192.0.2.77", newClient())).toBe(200);
    const logged = await queryRows<{ ip: string | null }>(
      setup.db,
      sql`select ip_address as ip from activity_logs
          where module = 'auth' and description like ${`Failed sign-in for nobody-${tag}-%`}`,
    );
    expect(logged.length).toBeGreaterThanOrEqual(10);
    expect(new Set(logged.map((row) => row.ip))).toEqual(new Set([client]));
  });
}

describe.each(trustSettings)("TRUST_PROXY=%s, one instance", (trust) => {
  const setup: Setup = { proxy: "", instances: [], db: undefined as unknown as Db };
  let stop = async () => {};

  beforeAll(async () => {
    const instances = await startInstances(1, { TRUST_PROXY: trust });
    const proxy = await startProxy(instances.urls);
    Object.assign(setup, { proxy: proxy.url, instances: instances.urls, db: instances.db });
    stop = async () => {
      await proxy.close();
      await instances.close();
    };
  });
  afterAll(() => stop());

  attackEveryLimit(setup);
});

const redis = await connectTestRedis("rate-limits-test");

/** Drops this run's counters (their keys end with a client address of this run's block). */
async function dropRunCounters() {
  if (!redis) return;
  const stream = redis.scanStream({ match: `smart-home-shop:*127.${run}.*`, count: 500 });
  for await (const keys of stream) if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
}

describe.runIf(redis)(`TRUST_PROXY=${trustSettings[0]}, two instances sharing Redis`, () => {
  const setup: Setup = { proxy: "", instances: [], db: undefined as unknown as Db };
  let stop = async () => {};

  beforeAll(async () => {
    await dropRunCounters();
    const instances = await startInstances(2, { TRUST_PROXY: trustSettings[0] ?? "", REDIS_URL: testRedisUrl() });
    const proxy = await startProxy(instances.urls);
    Object.assign(setup, { proxy: proxy.url, instances: instances.urls, db: instances.db });
    stop = async () => {
      await proxy.close();
      await instances.close();
      await dropRunCounters();
      await redis?.quit();
    };
  });
  afterAll(() => stop());

  attackEveryLimit(setup);
});
