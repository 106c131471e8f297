import { adminCopy } from "@shop/shared/admin-copy";
import type { ReactNode } from "react";
import { messageOf } from "@/lib/api-client";
import { isRefusal } from "@/lib/refusal";
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

/**
 * An edit page whose record did not load. Only the server's answer says the record is gone; no answer
 * (offline, timed out) or the server's own failure says nothing of it, so the page says it could not
 * load and offers to ask again.
 */
export function RecordLoadFailure({ error, notFound, back, onRetry }: RecordLoadFailureProps) {
  if (isRefusal(error)) return <EmptyState title={notFound} description={messageOf(error)} action={back} />;
  return <ErrorState title={adminCopy.admin.recordUnloaded} description={messageOf(error)} onRetry={onRetry} />;
}
