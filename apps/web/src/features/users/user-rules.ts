import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import { hasPermission, holdsAll, type Principal } from "@shop/shared/permissions";
import type { RoleSummary, UserDto } from "@shop/shared/schemas/users";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";

/** The signed-in user, as far as these rules care. */
export type Viewer = Principal & { id: string };

const permissionsOf = (role: Pick<RoleSummary, "permissions"> | null) =>
  role?.permissions.map(({ name }) => name) ?? [];

/** The API refuses these changes; the UI says why beforehand instead of letting them fail. */
export function editBlock(viewer: Viewer, target: UserDto): string | null {
  if (target.isSuperAdmin && !viewer.isSuperAdmin) return adminCopy.userAdmin.superAdminOnly;
  return holdsAll(viewer, permissionsOf(target.role)) ? null : copy.users.cannotManageBeyondOwn;
}

/**
 * Active super admins we know of: those listed, the target, and the viewer (signed in, so active).
 * The list is one page, so this can only undercount — and an undercount only ever blocks when the
 * server would refuse too, because a super admin viewer deactivating another makes two already.
 */
function knownActiveSuperAdmins(viewer: Viewer, target: UserDto, listed: readonly UserDto[]): number {
  const ids = new Set(listed.filter((user) => user.isSuperAdmin && user.isActive).map((user) => user._id));
  if (viewer.isSuperAdmin) ids.add(viewer.id);
  if (target.isSuperAdmin && target.isActive) ids.add(target._id);
  return ids.size;
}

/** Why the viewer may not flip the target's active flag, or null when they may. */
export function statusChangeBlock(viewer: Viewer, target: UserDto, listed: readonly UserDto[] = []): string | null {
  const blocked = editBlock(viewer, target);
  if (blocked) return blocked;
  if (!hasPermission(viewer, "user:deactivate-user")) return copy.users.cannotChangeStatus;
  if (!target.isActive) return null;
  if (target._id === viewer.id) return copy.users.cannotDeactivateSelf;
  if (target.isSuperAdmin && knownActiveSuperAdmins(viewer, target, listed) <= 1) return copy.users.lastSuperAdmin;
  return null;
}

/** Why the viewer may not move the target to another role: nobody but a super admin moves themselves. */
export function roleChangeBlock(viewer: Viewer, target: UserDto): string | null {
  const blocked = editBlock(viewer, target);
  if (blocked) return blocked;
  return target._id === viewer.id && !viewer.isSuperAdmin ? copy.users.cannotChangeOwnRole : null;
}

/** Why the viewer may not reset the target's second factors: their own go through their profile. */
export function resetTwoFactorBlock(viewer: Viewer, target: UserDto): string | null {
  return target._id === viewer.id ? twoFactorCopy.api.resetOwnRefused : editBlock(viewer, target);
}

/** Nobody hands out more than they hold: a role is assignable when the viewer has all its permissions. */
export function canAssignRole(principal: Principal, role: Pick<RoleSummary, "permissions">): boolean {
  return holdsAll(principal, permissionsOf(role));
}
