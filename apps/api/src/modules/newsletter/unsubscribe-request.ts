import type { FastifyInstance } from "fastify";
import { recordUnsubscribe } from "./audience-notices.ts";
import { applyOrQueue } from "./pending-changes.ts";
import { unsubscribeOrSuppress } from "./subscribe-service.ts";

export type UnsubscribeRequest = {
  subscriberId: string;
  campaignId: string | null;
  /** The address mailed, when no campaign names it any more (its history deleted): the listener's. */
  email?: string | null;
  ipAddress: string | null;
};

/**
 * An unsubscribe asked for with one of our signed links or addresses, whichever way it came: the
 * one-click link (unsubscribe-routes.ts) or a mail to the List-Unsubscribe mailto address (the bounce
 * listener). Someone no longer on the list gets no more mail either, which is what they asked: the
 * address that campaign mailed is suppressed (unsubscribeOrSuppress, also for one queued behind an import).
 */
export async function honourUnsubscribe(app: FastifyInstance, request: UnsubscribeRequest): Promise<void> {
  const { subscriberId, campaignId, email, ipAddress } = request;
  const result = await applyOrQueue(app.db, { kind: "unsubscribe", subscriberId, campaignId, email, ipAddress }, (db) =>
    unsubscribeOrSuppress(db, request),
  );
  // A queued one is recorded when it is applied (audience-notices.ts).
  if (result && result !== "queued" && result.changed)
    await recordUnsubscribe(app, { ...request, email: result.email });
}
