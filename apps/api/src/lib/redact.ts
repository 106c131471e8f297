/** Query-string secrets must never reach a log line (GET /api/users/get-user?token=…). */
const secretParams = /([?&](?:token|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParams, "$1[REDACTED]");
}
