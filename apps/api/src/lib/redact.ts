/** Query-string secrets must never reach a log line (GET /api/users/get-user?token=…). */
const secretParams = /([?&](?:token|password)=)[^&#]*/gi;
/** Signed links in emails carry their token in the path (unsubscribe, confirm, open and click tracking). */
const secretPaths = /^(\/(?:unsubscribe|confirm|t\/[oc])\/)[^/?#]+/;

export function redactUrl(url: string): string {
  return url.replace(secretPaths, "$1[REDACTED]").replace(secretParams, "$1[REDACTED]");
}
