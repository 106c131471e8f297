import { csvRow } from "@shop/shared/csv";
import type { SubscriberFilter } from "@shop/shared/schemas/newsletter";
import { and, desc, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newsletterTags, subscribers, subscriberTags } from "../../db/schema/index.ts";
import { olderThanRow } from "../../lib/sql.ts";
import { subscriberWhere } from "./subscribers-service.ts";

const exportBatch = 5_000;
// Drizzle leaves a one-table select unqualified; the subquery must name the outer row in full.
const outerSubscriberId = sql.raw(`"subscribers"."id"`);

/** The filtered audience with its tags as formula-safe CSV, in keyset-paged batches. */
export async function* exportSubscribers(db: Db, filter: SubscriberFilter): AsyncGenerator<string> {
  yield csvRow(["Email", "Name", "Status", "Source", "Tags", "Subscribed at", "Unsubscribed at", "Created at"]);
  const tagNames = sql<string>`coalesce((select string_agg(${newsletterTags.name}, '; ' order by ${newsletterTags.name}) from ${subscriberTags} join ${newsletterTags} on ${newsletterTags.id} = ${subscriberTags.tagId} where ${subscriberTags.subscriberId} = ${outerSubscriberId}), '')`;
  let afterId: string | undefined;
  for (;;) {
    const keyset = afterId ? olderThanRow("subscribers", afterId) : undefined;
    const rows = await db
      .select({ row: subscribers, tags: tagNames })
      .from(subscribers)
      .where(and(subscriberWhere(filter), keyset))
      .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
      .limit(exportBatch);
    if (rows.length === 0) return;
    yield rows
      .map(({ row, tags }) =>
        csvRow([
          row.email,
          row.name ?? "",
          row.status,
          row.source,
          tags,
          row.subscribedAt,
          row.unsubscribedAt,
          row.createdAt,
        ]),
      )
      .join("");
    const last = rows[rows.length - 1];
    if (!last || rows.length < exportBatch) return;
    afterId = last.row.id;
  }
}
