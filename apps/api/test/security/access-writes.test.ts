import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn } from "../harness.ts";
import { accessCallers, type Caller } from "./access-callers.ts";
import { accessOf, expectedOf } from "./access-expectations.ts";
import { createSecurityApp, label, type Method, routeTable } from "./support.ts";
import { guardedBodies, lookalikeOf, nextIp, type Probe, writeFixtures } from "./write-fixtures.ts";

/**
 * The other side of the access matrix (access-matrix.test.ts): every write route, sent a valid body
 * by every caller its guard lets in, must succeed, so a guard cannot pass the walk by refusing
 * everyone. An app of its own: the matrix's walk signs every caller out.
 */
const { app } = await createSecurityApp();
const admin = await signIn(app);
const routes = routeTable(app);
const { callers, signInAll } = accessCallers(app, admin);

beforeAll(signInAll, 120_000);

async function probe(request: Probe, method: string, token: string | undefined) {
  const bearer = request.token ?? token;
  return call(app, {
    method: method as Method,
    url: request.url,
    // Each from its own address: public writes and password checks are limited per address.
    ip: nextIp(),
    ...(bearer && { token: bearer }),
    ...(request.headers && { headers: request.headers }),
    ...(request.form
      ? { body: request.form.payload, headers: { "content-type": request.form.contentType } }
      : request.body !== undefined && { body: request.body }),
  });
}

const fixtureContext = (caller: Caller) => ({
  app,
  admin,
  lookalike: () => lookalikeOf(app, admin, caller.holds ?? []),
  holds: caller.holds ?? [],
});
const succeeded = (status: number) => status >= 200 && status < 300;
const writeRoutes = routes.filter((route) => route.method !== "GET");

describe("allowed callers of every write route, with a valid body", () => {
  it("has a valid body for every write route", () => {
    expect(writeRoutes.map(label).filter((name) => !(name in writeFixtures))).toEqual([]);
  });

  it.each(writeRoutes.map((route) => [label(route), route] as const))("%s", async (_name, route) => {
    const fixture = writeFixtures[label(route)];
    if (!fixture) return;
    const access = expectedOf(route);
    // Public routes are probed without a session; the others by every live caller the guard lets in.
    const allowed =
      access.kind === "public"
        ? callers.filter((caller) => caller.name === "anonymous")
        : callers.filter((caller) => caller.holds !== undefined && caller.expect(access) === "allowed");
    expect(allowed.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const caller of allowed) {
      const response = await probe(await fixture(fixtureContext(caller)), route.method, caller.token());
      if (!succeeded(response.status)) failures.push(`${caller.name}: ${response.status} ${response.body.message}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(guardedBodies.map((guarded) => [`${guarded.route} also needs ${guarded.needs}`, guarded] as const))(
    "%s",
    async (_name, guarded) => {
      const route = routes.find((candidate) => label(candidate) === guarded.route);
      if (!route) throw new Error(`${guarded.route} is not in the route table`);
      const mismatches: string[] = [];
      for (const caller of callers.filter((candidate) => candidate.holds !== undefined)) {
        const may =
          caller.expect(expectedOf(route)) === "allowed" &&
          caller.expect(accessOf({ permission: guarded.needs })) === "allowed";
        const response = await probe(await guarded.fixture(fixtureContext(caller)), route.method, caller.token());
        if (may ? !succeeded(response.status) : response.status !== 403) {
          mismatches.push(
            `${caller.name}: expected ${may ? "2xx" : 403}, got ${response.status} ${response.body.message}`,
          );
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
});
