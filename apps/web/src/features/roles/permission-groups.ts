import { allPermissions, permissionModules } from "@shop/shared/permissions";
import type { PermissionDto } from "@shop/shared/schemas/roles";

export type PermissionOption = { name: string; label: string };
export type PermissionGroup = { module: string; label: string; permissions: PermissionOption[] };

const moduleLabels = new Map(permissionModules.map((m) => [m.module, m.label]));
const moduleOrder = new Map(permissionModules.map((m, index) => [m.module, index]));
const permissionLabels = new Map(allPermissions.map((p) => [p.name, p.label]));

/** A readable name for a permission module: the catalogue's label, else the module itself. */
export function moduleLabelOf(module: string): string {
  return moduleLabels.get(module) ?? module.charAt(0).toUpperCase() + module.slice(1);
}

export function permissionLabelOf(name: string, fallback?: string): string {
  return permissionLabels.get(name) ?? fallback ?? name;
}

/**
 * The server's permissions grouped by module, in the catalogue's order (modules it does not know
 * yet go last), keeping only those matching `search` — by permission label or name, or by module
 * label, which keeps the whole module.
 */
export function groupPermissions(permissions: readonly PermissionDto[], search = ""): PermissionGroup[] {
  const term = search.trim().toLowerCase();
  const groups = new Map<string, PermissionGroup>();
  for (const permission of permissions) {
    const group = groups.get(permission.module) ?? {
      module: permission.module,
      label: moduleLabelOf(permission.module),
      permissions: [],
    };
    group.permissions.push({ name: permission.name, label: permissionLabelOf(permission.name, permission.label) });
    groups.set(permission.module, group);
  }
  const matches = (text: string) => text.toLowerCase().includes(term);
  return [...groups.values()]
    .map((group) =>
      !term || matches(group.label)
        ? group
        : { ...group, permissions: group.permissions.filter((p) => matches(p.label) || matches(p.name)) },
    )
    .filter((group) => group.permissions.length > 0)
    .sort(
      (a, b) =>
        (moduleOrder.get(a.module) ?? Number.MAX_SAFE_INTEGER) -
          (moduleOrder.get(b.module) ?? Number.MAX_SAFE_INTEGER) || a.label.localeCompare(b.label),
    );
}

/** What saving would change: the permissions added and removed. */
export function permissionChanges(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[] } {
  return {
    added: after.filter((name) => !before.includes(name)),
    removed: before.filter((name) => !after.includes(name)),
  };
}

/**
 * Select-all for a module's shown permissions: adds the grantable ones that are missing, or, when
 * they are all selected already, removes them. Ones the viewer cannot grant never change.
 */
export function toggleGroup(
  selected: readonly string[],
  shown: readonly PermissionOption[],
  canGrant: (name: string) => boolean,
): string[] {
  const grantable = shown.map((p) => p.name).filter(canGrant);
  const allOn = grantable.every((name) => selected.includes(name));
  if (allOn) return selected.filter((name) => !grantable.includes(name));
  return [...selected, ...grantable.filter((name) => !selected.includes(name))];
}
