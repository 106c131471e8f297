import { adminCopy } from "@shop/shared/admin-copy";
import type { RoleDto } from "@shop/shared/schemas/roles";
import { usePrincipal } from "@/lib/access";
import { canAssignRole } from "./user-rules";

type RoleOptionsProps = {
  roles: readonly RoleDto[];
  /** The role the user already has stays choosable, even if the viewer could not grant it. */
  currentRoleId?: string;
};

/** The options of a role select: roles the viewer could not grant are shown, disabled, with the reason. */
export function RoleOptions({ roles, currentRoleId }: RoleOptionsProps) {
  const principal = usePrincipal();
  return (
    <>
      <option value="">{adminCopy.userAdmin.form.selectRole}</option>
      {roles.map((role) => {
        const assignable = role._id === currentRoleId || canAssignRole(principal, role);
        return (
          <option key={role._id} value={role._id} disabled={!assignable}>
            {assignable ? role.name : `${role.name} ${adminCopy.userAdmin.form.roleNotGrantable}`}
          </option>
        );
      })}
    </>
  );
}
