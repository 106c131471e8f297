import type { UserDto } from "@shop/shared/schemas/users";
import { and, eq, inArray, not } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema/index.ts";
import { call, createTestApp, signIn, testAdmin } from "./harness.ts";

const { app, database } = await createTestApp();
const admin = await signIn(app);
const [role] = (await call<{ roles: { _id: string }[] }>(app, { url: "/api/roles/get-all-role", token: admin })).body
  .data.roles;

const password = "super-secret";
const superAdmins = await Promise.all(
  [1, 2, 3, 4].map(async (n) => {
    const email = `root${n}@example.com`;
    const created = await call<UserDto>(app, {
      method: "POST",
      url: "/api/users",
      token: admin,
      body: { name: `Root ${n}`, email, phone: "0123456789", role: role?._id, password, isSuperAdmin: true },
    });
    if (created.status !== 201) throw new Error(`could not create a super admin: ${created.text}`);
    return { id: created.body.data._id, email };
  }),
);
const ids = superAdmins.map((user) => user.id);

describe("the last active super admin", () => {
  it("stays active when super admins deactivate each other at the same moment", async () => {
    // Only these super admins are active, so every round could deactivate all of them.
    await database.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.isSuperAdmin, true), not(inArray(users.id, ids))));
    expect(testAdmin.email).not.toBe(superAdmins[0]?.email);

    for (let round = 1; round <= 15; round += 1) {
      await database.db.update(users).set({ isActive: true }).where(inArray(users.id, ids));
      const tokens = await Promise.all(superAdmins.map((user) => signIn(app, user.email, password)));
      // Each deactivates the next one round the circle, all at once.
      const answers = await Promise.all(
        tokens.map((token, index) =>
          call(app, {
            method: "PUT",
            url: `/api/users/${ids[(index + 1) % ids.length]}`,
            token,
            body: { isActive: false },
          }),
        ),
      );
      expect(answers.every((answer) => answer.status < 500)).toBe(true);
      const active = await database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isSuperAdmin, true), eq(users.isActive, true)));
      expect(active.length, `round ${round}: ${answers.map((a) => a.status).join(", ")}`).toBeGreaterThanOrEqual(1);
    }
  });
});
