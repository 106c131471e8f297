import { adminCopy } from "@shop/shared/admin-copy";
import type { ReactNode } from "react";
import { ApiError, messageOf } from "@/lib/api-client";
import { EmptyState } from "./empty-state";
import { ErrorState } from "./error-state";

type RecordLoadFailureProps = {
  error: unknown;
  /** "Product not found". */
  notFound: string;
  /** The way back to the list, offered when the record is gone. */
  back: ReactNode;
  onRetry: () => void;
};

/** The server's verdict on the record (404, or a 4xx such as a malformed id), not a rate limit or time-out. */
function saysRecordIsGone(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
}

/**
 * An edit page whose record did not load. Only the server's answer says the record is gone; no answer
 * (offline, timed out) or the server's own failure says nothing of it, so the page says it could not
 * load and offers to ask again.
 */
export function RecordLoadFailure({ error, notFound, back, onRetry }: RecordLoadFailureProps) {
  if (saysRecordIsGone(error)) return <EmptyState title={notFound} description={messageOf(error)} action={back} />;
  return <ErrorState title={adminCopy.admin.recordUnloaded} description={messageOf(error)} onRetry={onRetry} />;
}
