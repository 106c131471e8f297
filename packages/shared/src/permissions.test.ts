import { describe, expect, it } from "vitest";
import { allPermissionNames, hasModuleAccess, hasPermission, satisfies } from "./permissions.ts";

const editor = { isSuperAdmin: false, permissions: ["product:view-products", "herobanner:view-hero-banners"] };
const root = { isSuperAdmin: true, permissions: [] };

describe("permissions", () => {
  it("holds the spec's catalogue as module:action names", () => {
    expect(allPermissionNames).toEqual(
      expect.arrayContaining([
        "product:create-product",
        "product:view-products",
        "product:update-product",
        "herobanner:delete-hero-banner",
        "contact:update-status",
        "newsletter:view-statistics",
        "user:deactivate-user",
        "roles:create-update-role",
      ]),
    );
    expect(allPermissionNames.every((name) => /^[a-z]+:[a-z-]+$/.test(name))).toBe(true);
    expect(allPermissionNames.filter((name) => name.startsWith("newsletter:"))).toHaveLength(9);
  });

  it("gives a super admin everything and others only their role's list", () => {
    expect(hasPermission(root, "user:view-users")).toBe(true);
    expect(hasPermission(editor, "product:view-products")).toBe(true);
    expect(hasPermission(editor, "product:create-product")).toBe(false);
  });

  it("treats module access as any permission with the module prefix", () => {
    expect(hasModuleAccess(editor, "herobanner")).toBe(true);
    expect(hasModuleAccess(editor, "contact")).toBe(false);
    expect(hasModuleAccess({ isSuperAdmin: false, permissions: ["productx:y"] }, "product")).toBe(false);
  });

  it("satisfies a requirement by name, by module or by any of a list", () => {
    expect(satisfies(editor, "product")).toBe(true);
    expect(satisfies(editor, ["user:view-users", "product:view-products"])).toBe(true);
    expect(satisfies(editor, ["user:view-users", "activitylog"])).toBe(false);
  });
});
