import { copy } from "@shop/shared/copy";
import type { UserDto } from "@shop/shared/schemas/users";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { describe, expect, it } from "vitest";
import { canAssignRole, editBlock, resetTwoFactorBlock, roleChangeBlock, statusChangeBlock } from "./user-rules";

const user = (id: string, overrides: Partial<UserDto> = {}): UserDto => ({
  _id: id,
  name: id,
  email: `${id}@example.com`,
  phone: "0123456789",
  isSuperAdmin: false,
  isActive: true,
  role: null,
  createdAt: "",
  updatedAt: "",
  ...overrides,
});

describe("user management rules", () => {
  const admin = { id: "admin", isSuperAdmin: true, permissions: [] };
  const manager = {
    id: "manager",
    isSuperAdmin: false,
    permissions: ["user:view-users", "user:create-update-user", "user:deactivate-user"],
  };

  it("never lets anyone deactivate themselves", () => {
    expect(statusChangeBlock(admin, user("admin", { isSuperAdmin: true }))).toBe(copy.users.cannotDeactivateSelf);
    expect(statusChangeBlock(manager, user("manager"))).toBe(copy.users.cannotDeactivateSelf);
  });

  it("leaves super admins to super admins", () => {
    const root = user("root", { isSuperAdmin: true });
    expect(editBlock(manager, root)).toBe("Only a super admin can change a super admin");
    expect(statusChangeBlock(manager, root)).toBe("Only a super admin can change a super admin");
    expect(statusChangeBlock(admin, root)).toBeNull();
  });

  it("keeps the last active super admin active", () => {
    // A viewer whose stored flag is stale: the only active super admin in sight is the target.
    const lonely = user("root", { isSuperAdmin: true });
    expect(statusChangeBlock({ id: "x", isSuperAdmin: false, permissions: [] }, lonely)).not.toBeNull();
    expect(statusChangeBlock(admin, lonely, [lonely])).toBeNull();
  });

  it("always allows activating an inactive ordinary user", () => {
    expect(statusChangeBlock(manager, user("u", { isActive: false }))).toBeNull();
  });

  it("leaves a user whose role holds a permission the viewer lacks to those who hold it", () => {
    const administrator = user("boss", {
      role: {
        _id: "r",
        name: "Administrator",
        permissions: [{ name: "user:view-users" }, { name: "roles:view-roles" }],
      },
    });
    expect(editBlock(manager, administrator)).toBe(copy.users.cannotManageBeyondOwn);
    expect(statusChangeBlock(manager, administrator)).toBe(copy.users.cannotManageBeyondOwn);
    expect(editBlock(admin, administrator)).toBeNull();
    const peer = user("peer", { role: { _id: "p", name: "Peer", permissions: [{ name: "user:view-users" }] } });
    expect(editBlock(manager, peer)).toBeNull();
  });

  it("leaves switching users on and off to deactivate-user", () => {
    const editor = { ...manager, permissions: ["user:create-update-user"] };
    expect(statusChangeBlock(editor, user("u"))).toBe(copy.users.cannotChangeStatus);
    expect(statusChangeBlock(editor, user("u", { isActive: false }))).toBe(copy.users.cannotChangeStatus);
    expect(editBlock(editor, user("u"))).toBeNull();
  });

  it("leaves one's own role and one's own second factors to a super admin and one's profile", () => {
    expect(roleChangeBlock(manager, user("manager"))).toBe(copy.users.cannotChangeOwnRole);
    expect(roleChangeBlock(manager, user("u"))).toBeNull();
    expect(roleChangeBlock(admin, user("admin", { isSuperAdmin: true }))).toBeNull();
    expect(resetTwoFactorBlock(manager, user("manager"))).toBe(twoFactorCopy.api.resetOwnRefused);
    expect(resetTwoFactorBlock(admin, user("admin", { isSuperAdmin: true }))).toBe(twoFactorCopy.api.resetOwnRefused);
    expect(resetTwoFactorBlock(manager, user("u"))).toBeNull();
    expect(resetTwoFactorBlock(manager, user("root", { isSuperAdmin: true }))).not.toBeNull();
  });

  it("assigns only roles whose permissions the viewer holds", () => {
    const principal = { isSuperAdmin: false, permissions: ["product:view-products"] };
    expect(canAssignRole(principal, { permissions: [{ name: "product:view-products" }] })).toBe(true);
    expect(canAssignRole(principal, { permissions: [{ name: "roles:view-roles" }] })).toBe(false);
    expect(canAssignRole({ isSuperAdmin: true, permissions: [] }, { permissions: [{ name: "x:y" }] })).toBe(true);
  });
});
