import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { type CampaignDto, campaignStatusColour } from "@shop/shared/schemas/campaigns";
import { type BadgeTone, StatusBadge } from "@/components/status-badge";
import { formatCount, formatDate } from "@/lib/format";
import { paths } from "@/lib/paths";

const t = campaignUiCopy;

/** Spec section 4's colours as badge tones: sent green, draft gray, scheduled blue, failed red, others yellow. */
const toneOfColour: Record<ReturnType<typeof campaignStatusColour>, BadgeTone> = {
  green: "success",
  gray: "neutral",
  blue: "info",
  red: "danger",
  yellow: "warning",
};

export function campaignStatusTone(status: string): BadgeTone {
  return toneOfColour[campaignStatusColour(status)];
}

export function campaignStatusLabel(status: string): string {
  return t.statuses[status] ?? status;
}

export function CampaignStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={campaignStatusTone(status)}>{campaignStatusLabel(status)}</StatusBadge>;
}

/** The sent date, or "Not sent". */
export function sentDateOf(campaign: Pick<CampaignDto, "sentAt">): string {
  return formatDate(campaign.sentAt, t.notSent);
}

/** Recipients with thousands separators; none yet is 0. */
export function recipientsOf(campaign: Pick<CampaignDto, "recipientCount">): string {
  return formatCount(campaign.recipientCount);
}

/** Drafts and scheduled campaigns can still be changed in the composer; the rest cannot. */
export const isEditable = (status: string) => status === "draft" || status === "scheduled";

/**
 * Whether a campaign opens in the composer: only for those who may compose (the composer's page needs it);
 * everyone else reads it in its report, drafts included.
 */
export const opensInComposer = (campaign: Pick<CampaignDto, "status">, canCompose: boolean) =>
  canCompose && isEditable(campaign.status);

/** Where a campaign opens: the composer (see opensInComposer), otherwise its report. */
export function campaignHref(campaign: Pick<CampaignDto, "_id" | "status">, canCompose: boolean): string {
  return opensInComposer(campaign, canCompose)
    ? paths.admin.composeDraft(campaign._id)
    : paths.admin.emailDetail(campaign._id);
}
