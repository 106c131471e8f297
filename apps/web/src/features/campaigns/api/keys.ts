import type { Audience } from "@shop/shared/schemas/campaigns";
import type { CampaignListFilters } from "./get-campaigns";
import type { RecipientListFilters } from "./get-recipients";

/** Every campaign query key starts with `campaignKeys.all`, so one invalidation refreshes them all. */
export const campaignKeys = {
  all: ["campaigns"] as const,
  lists: () => [...campaignKeys.all, "list"] as const,
  list: (filters: CampaignListFilters) => [...campaignKeys.lists(), filters] as const,
  /** GET /emailhistory/:id, with the delivery counts. */
  detail: (id: string) => [...campaignKeys.all, "detail", id] as const,
  /** GET /compose-mail/:id, the editable draft. */
  draft: (id: string) => [...campaignKeys.all, "draft", id] as const,
  recipientLists: (id: string) => [...campaignKeys.all, "recipients", id] as const,
  recipients: (id: string, filters: RecipientListFilters) => [...campaignKeys.recipientLists(id), filters] as const,
  logs: (id: string) => [...campaignKeys.all, "logs", id] as const,
  delivery: () => [...campaignKeys.all, "delivery"] as const,
  audienceCount: (audience: Audience) => [...campaignKeys.all, "audience-count", audience] as const,
  funnel: (campaignId: string | null) => [...campaignKeys.all, "funnel", campaignId] as const,
  growth: (days: number) => [...campaignKeys.all, "growth", days] as const,
};
