import type { Requirement } from "@shop/shared/permissions";
import type { Access, RouteAccess } from "../../src/plugins/auth.ts";
import { type ExpectedAccess, expectedAccess } from "./expected-access.ts";
import { label } from "./support.ts";

/**
 * The access the spec expects (expected-access.ts, written by hand) in the terms a route declares it
 * (plugins/auth.ts Access), for the access tests to compare with the route table and to walk.
 */

const requirementOf = (access: ExpectedAccess): Requirement | undefined =>
  typeof access === "string"
    ? undefined
    : "permission" in access
      ? access.permission
      : "anyOf" in access
        ? access.anyOf
        : access.module;

/** The expectation in the declaration's terms; a list of alternatives is compared as a set. */
export function accessOf(expected: ExpectedAccess): Access {
  if (expected === "public" || expected === "secret") return { kind: "public" };
  if (expected === "signed in") return { kind: "authenticated" };
  return { kind: "permission", requirement: requirementOf(expected) ?? [] };
}
export const normalised = (access: Access) =>
  access.kind === "permission"
    ? { kind: access.kind, requirement: [access.requirement].flat().sort() }
    : { kind: access.kind };

export const expectations = new Map(
  expectedAccess.map((entry) => [label({ method: entry.method, url: entry.path }), entry]),
);
/** Routes guarded by a provider's secret, which no caller below holds. */
export const secretRoutes = new Set(
  expectedAccess.filter((entry) => entry.access === "secret").map((e) => label({ method: e.method, url: e.path })),
);
/** A route nobody wrote an expectation for is walked as if it needed a permission no one has. */
export const expectedOf = (route: RouteAccess): Access => {
  const entry = expectations.get(label(route));
  return entry ? accessOf(entry.access) : { kind: "permission", requirement: "unexpected:route" };
};
