import { csvRow } from "@shop/shared/csv";
import type {
  ActivityDetails,
  ActivityLogDto,
  ActivityLogListQuery,
  ActivityStatus,
} from "@shop/shared/schemas/activity-logs";
import { paginationOf } from "@shop/shared/schemas/common";
import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { activityLogs, users } from "../../db/schema/index.ts";
import { dayBoundary, escapeLike, olderThanRow } from "../../lib/sql.ts";

/** The fields that differ between two records, as the log viewer shows them side by side. */
export function fieldChanges<T extends Record<string, unknown>>(
  original: T,
  updated: Partial<T>,
): ActivityDetails["fieldChanges"] | undefined {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(updated)) {
    if (value === undefined) continue;
    if (JSON.stringify(original[key]) === JSON.stringify(value)) continue;
    before[key] = original[key];
    after[key] = value;
  }
  return Object.keys(after).length > 0 ? { original: before, updated: after } : undefined;
}

type ActivityFilters = Omit<ActivityLogListQuery, "page" | "limit">;

function activityWhere(query: ActivityFilters): SQL | undefined {
  const filters: SQL[] = [];
  if (query.module) filters.push(eq(activityLogs.module, query.module));
  if (query.status) filters.push(eq(activityLogs.status, query.status));
  if (query.userId) filters.push(eq(activityLogs.userId, query.userId));
  if (query.from) filters.push(gte(activityLogs.createdAt, dayBoundary(query.from, false)));
  if (query.to) filters.push(lte(activityLogs.createdAt, dayBoundary(query.to, true)));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const match = or(ilike(activityLogs.description, pattern), ilike(activityLogs.action, pattern));
    if (match) filters.push(match);
  }
  return filters.length > 0 ? and(...filters) : undefined;
}

const logColumns = {
  log: activityLogs,
  user: { id: users.id, name: users.name, email: users.email },
};

type LogRow = {
  log: typeof activityLogs.$inferSelect;
  user: { id: string; name: string; email: string } | null;
};

function toLogDto({ log, user }: LogRow): ActivityLogDto {
  return {
    _id: log.id,
    action: log.action,
    module: log.module,
    status: log.status as ActivityStatus,
    description: log.description,
    createdAt: log.createdAt.toISOString(),
    userId: user ? { _id: user.id, name: user.name, email: user.email } : null,
    ipAddress: log.ipAddress,
    details: log.details,
  };
}

export async function listActivityLogs(db: Db, query: Pick<ActivityLogListQuery, "page" | "limit"> & ActivityFilters) {
  const where = activityWhere(query);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(logColumns)
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(activityLogs).where(where),
  ]);
  return {
    logs: rows.map(toLogDto),
    pagination: { ...paginationOf(query.page, query.limit, total), totalLogs: total, logsPerPage: query.limit },
  };
}

const exportBatch = 2_000;

/**
 * The filtered log as CSV, newest first, read in keyset-paged batches so a million rows never sit
 * in memory at once.
 */
export async function* exportActivityLogs(db: Db, query: ActivityFilters): AsyncGenerator<string> {
  yield csvRow(["Time", "User", "Email", "Module", "Action", "Status", "Description", "IP address", "Details"]);
  let afterId: string | undefined;
  for (;;) {
    const keyset = afterId ? olderThanRow("activity_logs", afterId) : undefined;
    const rows = await db
      .select(logColumns)
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .where(and(activityWhere(query), keyset))
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(exportBatch);
    if (rows.length === 0) return;
    yield rows
      .map(({ log, user }) =>
        csvRow([
          log.createdAt,
          user?.name ?? "",
          user?.email ?? "",
          log.module,
          log.action,
          log.status,
          log.description,
          log.ipAddress ?? "",
          log.details ? JSON.stringify(log.details) : "",
        ]),
      )
      .join("");
    const last = rows[rows.length - 1];
    if (!last || rows.length < exportBatch) return;
    afterId = last.log.id;
  }
}
