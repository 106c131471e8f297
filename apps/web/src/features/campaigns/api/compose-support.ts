import { type Audience, campaignCopy } from "@shop/shared/schemas/campaigns";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { campaignKeys } from "./keys";

export type Delivery = { transport: "smtp" | "outbox"; message: string };

/** GET /compose-mail/delivery: whether mail really leaves (SMTP) or lands in the outbox folder. */
export async function getDelivery(signal?: AbortSignal): Promise<Delivery> {
  const { data, message } = await api.get<{ transport: "smtp" | "outbox" }>("/compose-mail/delivery", { signal });
  return {
    transport: data.transport,
    message: data.transport === "outbox" ? message || campaignCopy.outboxBanner : message,
  };
}

export function useDelivery() {
  return useQuery({ queryKey: campaignKeys.delivery(), queryFn: ({ signal }) => getDelivery(signal) });
}

/** POST /compose-mail/audience-count: how many subscribed people the audience reaches now. */
export async function countAudience(audience: Audience, signal?: AbortSignal): Promise<number> {
  const { data } = await api.post<{ count: number }>("/compose-mail/audience-count", { audience }, { signal });
  return data.count;
}

/** The live recipient count; `null` audience (no tag or subscriber chosen yet) counts nobody without asking. */
export function useAudienceCount(audience: Audience | null) {
  return useQuery({
    queryKey: campaignKeys.audienceCount(audience ?? { type: "all" }),
    queryFn: ({ signal }) => (audience ? countAudience(audience, signal) : Promise.resolve(0)),
    enabled: audience !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
