import { describe, expect, it } from "vitest";
import type { Db } from "../db/client.ts";
import { invalidatePrincipals, loadPrincipal } from "./principal.ts";

/**
 * The session cache must never keep what a change made stale. A lookup that read the database before a
 * role lost a permission, and answered after the change cleared the cache, must not put the old answer
 * back: that would let the user act with the permission for the cache's 5 s. The database here is a
 * stand-in whose answers the test releases, because the race is between the lookup's answer and the
 * clear, which a real database cannot be made to order.
 */
function heldDatabase() {
  const pending: ((rows: unknown[]) => void)[] = [];
  const chain = {
    from: () => chain,
    innerJoin: () => chain,
    where: () => new Promise<unknown[]>((resolve) => pending.push(resolve)),
  };
  const db = { select: () => chain } as unknown as Db;
  return { db, answer: (rows: unknown[]) => pending.shift()?.(rows), waiting: () => pending.length };
}

const claims = { userId: "u1", sessionId: "s1" } as Parameters<typeof loadPrincipal>[1];
const row = (permissions: string[]) => ({
  userId: "u1",
  name: "Staff",
  email: "staff@example.com",
  isSuperAdmin: false,
  roleId: "r1",
  permissions,
  twoFactorSetupRequired: false,
});

describe("loadPrincipal's cache", () => {
  it("does not keep an answer read before an invalidation that came while it was on its way", async () => {
    const { db, answer, waiting } = heldDatabase();
    const stale = loadPrincipal(db, claims);
    expect(waiting()).toBe(1);
    // The role loses the permission and the change clears the cache, while the first lookup is out.
    invalidatePrincipals(db);
    answer([row(["product:update-product"])]);
    expect((await stale)?.permissions).toEqual(["product:update-product"]);

    const next = loadPrincipal(db, claims);
    expect(waiting()).toBe(1);
    answer([row([])]);
    expect((await next)?.permissions).toEqual([]);
  });

  it("keeps an answer when nothing changed meanwhile", async () => {
    const { db, answer, waiting } = heldDatabase();
    const first = loadPrincipal(db, claims);
    answer([row(["product:view-products"])]);
    await first;
    expect((await loadPrincipal(db, claims))?.permissions).toEqual(["product:view-products"]);
    expect(waiting()).toBe(0);
  });
});
