import type { CampaignDto } from "@shop/shared/schemas/campaigns";

/** Campaigns as the API lists them, for this feature's tests: index 1 is the newest. */
export function campaignOf(index: number, overrides: Partial<CampaignDto> = {}): CampaignDto {
  const created = new Date(Date.UTC(2025, 2, 30, 12) - index * 86_400_000).toISOString();
  return {
    _id: `0190a5b2-0000-7000-8000-${String(index).padStart(12, "0")}`,
    subject: `Campaign ${index}`,
    preheader: "",
    html: "<p>Hello</p>",
    audience: { type: "all" },
    status: "sent",
    scheduledAt: null,
    startedAt: created,
    sentAt: created,
    recipientCount: 1200 + index,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  };
}

export const ok = (data: unknown, message = "ok") => ({ body: { success: true, message, data } });

/** A page of the campaign list answer, with the pagination the API sends. */
export function campaignList(campaigns: CampaignDto[], limit = 100) {
  return ok({
    campaigns,
    pagination: {
      currentPage: 1,
      totalPages: Math.max(1, Math.ceil(campaigns.length / limit)),
      totalCampaigns: campaigns.length,
      campaignsPerPage: limit,
    },
  });
}
