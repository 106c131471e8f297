import type { ActivityLogFilters } from "./get-activity-logs";
import type { OwnActivityFilters } from "./get-own-activity";

/** Every activity-log query key starts with `activityLogKeys.all`. */
export const activityLogKeys = {
  all: ["activity-logs"] as const,
  lists: () => [...activityLogKeys.all, "list"] as const,
  list: (filters: ActivityLogFilters) => [...activityLogKeys.lists(), filters] as const,
  own: (filters: OwnActivityFilters) => [...activityLogKeys.all, "own", filters] as const,
};
