import { z } from "zod";
import { type ActivityLogDto, activityLogSchema } from "./activity-logs.ts";
import { contactCountsSchema } from "./contacts.ts";

export const subscriberGrowthPointSchema = z.object({ date: z.string(), new: z.number(), total: z.number() });
export type SubscriberGrowthPoint = z.infer<typeof subscriberGrowthPointSchema>;

/** GET /api/dashboard: each block is there only when the viewer may see it. */
export const dashboardSchema = z.object({
  products: z.object({ active: z.number(), inactive: z.number(), outOfStock: z.number() }).optional(),
  /** `overdue`: not actioned past the promised response time. */
  contacts: z.object({ byStatus: contactCountsSchema, newThisWeek: z.number(), overdue: z.number() }).optional(),
  subscribers: z
    .object({ subscribed: z.number(), total: z.number(), growth: z.array(subscriberGrowthPointSchema) })
    .optional(),
  /** The latest entries, newest first. */
  activity: z.array(activityLogSchema).optional(),
  /** Sent campaigns and their average open rate (0 to 1), once campaigns exist. */
  campaigns: z.object({ sent: z.number(), averageOpenRate: z.number() }).optional(),
});
export type DashboardData = Omit<z.infer<typeof dashboardSchema>, "activity"> & {
  activity?: ActivityLogDto[];
};
