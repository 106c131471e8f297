import { z } from "zod";
import { dateQuery, idSchema, pageQuery, paginationSchema, searchQuery, text } from "./common.ts";

export const activityStatuses = ["Success", "Warning", "Info", "Failure"] as const;
export type ActivityStatus = (typeof activityStatuses)[number];

export const activityLogListQuerySchema = z.strictObject({
  ...pageQuery,
  module: text(50).optional(),
  status: z.enum(activityStatuses).optional(),
  userId: idSchema.optional(),
  from: dateQuery.optional(),
  to: dateQuery.optional(),
  search: searchQuery,
});
export type ActivityLogListQuery = z.infer<typeof activityLogListQuerySchema>;

/** Spec section 3: the detail keys the activity log viewer knows how to show. */
export type ActivityDetails = {
  productId?: string;
  bannerInfo?: { title: string; id: string };
  emailHistoryId?: string;
  emailInfo?: { subject: string; emailId: string };
  tagInfo?: { name: string };
  subscriberInfo?: { email: string; id: string };
  tagsList?: string[];
  subscriberEmails?: string[];
  onActioned?: { name: string; email: string };
  roleinfo?: { name: string; id: string };
  userInfo?: { name: string; email: string; id: string };
  updatedisActive?: boolean;
  message?: string;
  fieldChanges?: { original: Record<string, unknown>; updated: Record<string, unknown> };
  [key: string]: unknown;
};

export const activityLogSchema = z.object({
  _id: z.string(),
  action: z.string(),
  module: z.string(),
  status: z.enum(activityStatuses),
  description: z.string(),
  createdAt: z.string(),
  userId: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  ipAddress: z.string().nullable(),
  /** Free-form by design (ActivityDetails lists the keys the viewer knows): every key is passed on. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityLogDto = Omit<z.infer<typeof activityLogSchema>, "details"> & { details: ActivityDetails | null };

export const activityLogListSchema = z.object({
  logs: z.array(activityLogSchema),
  pagination: paginationSchema.extend({ totalLogs: z.number(), logsPerPage: z.number() }),
});
