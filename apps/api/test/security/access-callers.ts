import { allPermissionNames, satisfies } from "@shop/shared/permissions";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { createTokenSigner } from "../../src/lib/tokens.ts";
import type { Access } from "../../src/plugins/auth.ts";
import { testJwtSecret } from "../constants.ts";
import { call, createStaff } from "../harness.ts";
import { createPowerUser } from "./support.ts";
import { lookalikeOf } from "./write-fixtures.ts";

/**
 * Every kind of caller the access tests send: nobody, each single permission, broken sessions, a
 * super admin; each with the answer it should get from a route of a given access.
 * "allowed" means the request reached the handler: anything but 401, 403 or a 5xx.
 */

export type Expectation = "allowed" | 401 | 403;
export type Caller = {
  name: string;
  token: () => string | undefined;
  expect: (access: Access) => Expectation;
  /** What the caller holds, for a disposable lookalike; absent for callers without a live session. */
  holds?: string[] | "super";
};

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { sub: string; sid: string };

/** Someone whose token no longer stands for a live session: only public routes may answer them. */
const refused = (access: Access): Expectation => (access.kind === "public" ? "allowed" : 401);
const holding =
  (permissions: string[]) =>
  (access: Access): Expectation =>
    access.kind !== "permission" || satisfies({ isSuperAdmin: false, permissions }, access.requirement)
      ? "allowed"
      : 403;

/**
 * The callers of one test file's app, known at once (the tests are listed by their names), and
 * `signInAll` to make their tokens, in a beforeAll. Each file makes its own: the walk's logout ends
 * every caller's session, and the test files share loaded modules (vitest.security.config.ts).
 */
export function accessCallers(app: FastifyInstance, admin: string): { callers: Caller[]; signInAll(): Promise<void> } {
  // The broken tokens belong to users holding every permission, so a 401 can only come from the
  // token, never from a missing permission.
  const tokens = new Map<string, string | undefined>();
  const callers: Caller[] = [
    { name: "anonymous", token: () => undefined, expect: refused },
    { name: "no permissions", token: () => tokens.get("none"), expect: holding([]), holds: [] },
    ...allPermissionNames.map((permission) => ({
      name: `only ${permission}`,
      token: () => tokens.get(permission),
      expect: holding([permission]),
      holds: [permission],
    })),
    { name: "deactivated user", token: () => tokens.get("deactivated"), expect: refused },
    { name: "expired token", token: () => tokens.get("expired"), expect: refused },
    { name: "logged-out session", token: () => tokens.get("logged-out"), expect: refused },
    { name: "deleted session", token: () => tokens.get("deleted"), expect: refused },
    { name: "super admin", token: () => tokens.get("super"), expect: () => "allowed", holds: "super" },
  ];

  async function signInAll(): Promise<void> {
    tokens.set("none", (await createStaff(app, admin, [])).token);
    for (const permission of allPermissionNames)
      tokens.set(permission, (await createStaff(app, admin, [permission])).token);

    const deactivated = await createPowerUser(app, admin);
    const off = await call(app, {
      method: "PUT",
      url: `/api/users/${deactivated.userId}`,
      token: admin,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    tokens.set("deactivated", deactivated.token);

    const live = await createPowerUser(app, admin);
    const { sub, sid } = claimsOf(live.token);
    tokens.set("expired", await createTokenSigner(testJwtSecret).sign({ userId: sub, sessionId: sid }, new Date(0)));

    const loggedOut = await createPowerUser(app, admin);
    expect((await call(app, { method: "POST", url: "/api/users/logout", token: loggedOut.token })).status).toBe(200);
    tokens.set("logged-out", loggedOut.token);

    // Never used before its row goes, so no cache can remember it.
    const deleted = await createPowerUser(app, admin);
    await app.db.execute(sql`delete from sessions where id = ${claimsOf(deleted.token).sid}`);
    tokens.set("deleted", deleted.token);

    // A super admin of their own: the walk sends sign-out-others with this token, which would end
    // `admin`'s session too if both were the same person.
    tokens.set("super", (await lookalikeOf(app, admin, "super")).token);
  }

  return { callers, signInAll };
}
