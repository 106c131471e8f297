import { permissionModules } from "@shop/shared/permissions";

/**
 * Modules that write to the log without being a permission module of their own. Categories are
 * written under product, whose permissions they take.
 */
const extraModules: Record<string, string> = { auth: "Sign-in", upload: "Uploads" };

const labels = new Map<string, string>([
  ...permissionModules.map((m): [string, string] => [m.module, m.label]),
  ...Object.entries(extraModules),
]);

/** The module filter's choices: what the API logs under today, by readable name. */
export const activityModuleOptions = [...labels.entries()]
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** A module's readable name; one this build does not know yet shows as the server wrote it. */
export function activityModuleLabel(module: string): string {
  return labels.get(module) ?? module;
}
