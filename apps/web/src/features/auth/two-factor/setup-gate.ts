/**
 * Remembers, for this tab, that the signed-in user's role wants a second factor they have not set
 * up: the admin guard then sends them to enrolment. Only a convenience — the server refuses every
 * admin call from such a session anyway (plugins/auth.ts).
 */
const key = "twoFactorSetupRequired";

export function rememberSetupRequired(required: boolean): void {
  if (required) sessionStorage.setItem(key, "true");
  else sessionStorage.removeItem(key);
}

export function setupRequired(): boolean {
  return typeof sessionStorage !== "undefined" && sessionStorage.getItem(key) === "true";
}
