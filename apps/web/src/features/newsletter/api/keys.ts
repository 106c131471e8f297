import type { SubscriberListFilters } from "./get-subscribers";
import type { SuppressionFilters } from "./get-suppressions";

/** Every audience query key starts with `newsletterKeys.all`: tags and subscribers change together. */
export const newsletterKeys = {
  all: ["newsletter"] as const,
  tags: () => [...newsletterKeys.all, "tags"] as const,
  tagList: (search: string) => [...newsletterKeys.tags(), search] as const,
  subscribers: () => [...newsletterKeys.all, "subscribers"] as const,
  subscriberList: (filters: SubscriberListFilters) => [...newsletterKeys.subscribers(), "list", filters] as const,
  subscriber: (id: string) => [...newsletterKeys.subscribers(), "detail", id] as const,
  importProgress: (jobId: string) => [...newsletterKeys.all, "import", jobId] as const,
  suppressionList: (filters: SuppressionFilters) => [...newsletterKeys.all, "suppressions", filters] as const,
};
