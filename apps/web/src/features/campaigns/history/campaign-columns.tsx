import { adminCopy } from "@shop/shared/admin-copy";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import type { DataTableColumn } from "@/components/data-table";
import { actionsColumn } from "@/components/data-table";
import { formatDate } from "@/lib/format";
import { CampaignStatusBadge, campaignHref, opensInComposer, recipientsOf, sentDateOf } from "../campaign-status";

const t = campaignUiCopy.history;

type CampaignColumnsOptions = {
  /** Whether the viewer may compose: drafts then open in the composer, otherwise in their report. */
  canCompose: boolean;
  /** Whether the viewer may delete this campaign. */
  canDelete: (campaign: CampaignDto) => boolean;
  onDelete: (campaign: CampaignDto) => void;
};

/** Subject, status (spec colours), recipients, sent date or "Not sent", created, and what to do. */
export function campaignColumns({
  canCompose,
  canDelete,
  onDelete,
}: CampaignColumnsOptions): DataTableColumn<CampaignDto>[] {
  return [
    {
      id: "subject",
      header: t.columns.subject,
      cell: (campaign) => (
        <Link
          to={campaignHref(campaign, canCompose)}
          className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
        >
          {campaign.subject}
        </Link>
      ),
    },
    { id: "status", header: t.columns.status, cell: (campaign) => <CampaignStatusBadge status={campaign.status} /> },
    { id: "recipients", header: t.columns.recipients, align: "right", cell: recipientsOf },
    { id: "sent", header: t.columns.sent, className: "whitespace-nowrap", cell: sentDateOf },
    {
      id: "created",
      header: t.columns.created,
      className: "whitespace-nowrap",
      cell: (campaign) => formatDate(campaign.createdAt, adminCopy.table.notAvailable),
    },
    {
      ...actionsColumn,
      cell: (campaign) => {
        const action = opensInComposer(campaign, canCompose) ? t.edit : t.view;
        return (
          <div className="flex justify-end gap-2">
            <Link
              to={campaignHref(campaign, canCompose)}
              className={buttonClasses("outline", "sm")}
              aria-label={`${action} ${campaign.subject}`}
            >
              {action}
            </Link>
            {canDelete(campaign) ? (
              <Button
                size="sm"
                variant="danger"
                aria-label={t.deleteEmail(campaign.subject)}
                onClick={() => onDelete(campaign)}
              >
                {t.delete}
              </Button>
            ) : null}
          </div>
        );
      },
    },
  ];
}
