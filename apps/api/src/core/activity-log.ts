import type { ActivityDetails, ActivityStatus } from "@shop/shared/schemas/activity-logs";
import type { Db } from "../db/client.ts";
import { activityLogs } from "../db/schema/index.ts";

export type ActivityEntry = {
  action: string;
  module: string;
  status: ActivityStatus;
  description: string;
  userId: string | null;
  ipAddress: string | null;
  details?: ActivityDetails | null;
};

/**
 * Writes one activity-log entry. The activity plugin records staff requests with it and modules their
 * own events (bounces, audience notices), so it sits below both; modules/activity-logs reads the log.
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogs).values({ ...entry, details: entry.details ?? null });
}
