import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt, id, updatedAt } from "./columns.ts";

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    messageType: text("message_type").notNull(),
    subject: text("subject").notNull(),
    request: text("request").notNull(),
    status: text("status").notNull().default("notActioned"),
    createdBy: text("created_by").notNull().default("website"),
    ipAddress: text("ip_address"),
    /** The staff member looking after this enquiry. */
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("contacts_assigned_to_idx").on(t.assignedTo),
    index("contacts_created_idx").on(t.createdAt.desc()),
    index("contacts_status_created_idx").on(t.status, t.createdAt.desc()),
    index("contacts_message_type_idx").on(t.messageType, t.createdAt.desc()),
    // Contains-search over who wrote and what about.
    index("contacts_search_trgm_idx").using(
      "gin",
      sql`(${t.name} || ' ' || ${t.email} || ' ' || ${t.phone} || ' ' || ${t.subject}) gin_trgm_ops`,
    ),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    coverImage: text("cover_image"),
    body: text("body").notNull(),
    author: text("author").notNull().default(""),
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_idx").on(t.slug),
    index("blog_posts_published_idx").on(t.status, t.publishedAt.desc()),
  ],
);
