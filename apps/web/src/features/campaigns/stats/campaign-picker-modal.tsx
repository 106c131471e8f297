import { adminCopy } from "@shop/shared/admin-copy";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import { uiCopy } from "@shop/shared/ui-copy";
import { useState } from "react";
import { Button } from "@/components/button";
import type { DataTableColumn } from "@/components/data-table";
import { Modal } from "@/components/modal";
import { SearchInput } from "@/components/search-input";
import { formatDate } from "@/lib/format";
import type { ModalComponentProps } from "@/modals/modal-types";
import { useCampaigns } from "../api/get-campaigns";
import { CampaignStatusBadge, recipientsOf, sentDateOf } from "../campaign-status";
import { pickerLoadLimit, useClientPage } from "../client-page";
import { PickerTable } from "../picker-table";

const t = campaignUiCopy.picker;

/** The last 8 characters of the id, to tell campaigns with the same subject apart. */
export const shortId = (id: string) => id.slice(-8);

function columns(onChoose: (campaign: CampaignDto) => void): DataTableColumn<CampaignDto>[] {
  return [
    {
      id: "name",
      header: t.columns.name,
      cell: (campaign) => (
        <button
          type="button"
          onClick={() => onChoose(campaign)}
          aria-label={t.choose(campaign.subject)}
          className="text-left focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span className="block font-medium text-slate-900">{campaign.subject}</span>
          <span className="block font-mono text-xs text-slate-500">{shortId(campaign._id)}</span>
        </button>
      ),
    },
    { id: "status", header: t.columns.status, cell: (campaign) => <CampaignStatusBadge status={campaign.status} /> },
    {
      id: "created",
      header: t.columns.created,
      className: "whitespace-nowrap",
      cell: (campaign) => formatDate(campaign.createdAt, adminCopy.table.notAvailable),
    },
    { id: "recipients", header: t.columns.recipients, align: "right", cell: recipientsOf },
    { id: "sentDate", header: t.columns.sentDate, className: "whitespace-nowrap", cell: sentDateOf },
  ];
}

/**
 * Spec section 2's Campaign picker: the 100 newest campaigns (matching the search on subject),
 * 10 a page; a row or All Campaigns selects, clears the search and closes. Closing unmounts it,
 * so the search and page start afresh next time.
 */
export function CampaignPickerModal({ selectedCampaignId, onSelect, onClose }: ModalComponentProps<"campaignFilter">) {
  const [search, setSearch] = useState("");
  const campaigns = useCampaigns(
    { page: 1, limit: pickerLoadLimit, ...(search && { search }) },
    campaignUiCopy.errors.fetchMails,
  );
  const page = useClientPage(campaigns.data?.campaigns ?? []);

  const changeSearch = (next: string) => {
    setSearch(next);
    page.setPage(1);
  };
  const choose = (campaign: Pick<CampaignDto, "_id" | "subject"> | null) => {
    changeSearch("");
    onSelect(campaign && { _id: campaign._id, subject: campaign.subject });
    onClose();
  };

  return (
    <Modal
      title={uiCopy.modal.titles.campaignFilter}
      description={t.subtitle}
      onClose={onClose}
      size="xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t.cancel}
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          value={search}
          onSearch={changeSearch}
          label={t.search}
          placeholder={t.search}
          className="flex-1"
        />
        <Button
          variant={selectedCampaignId ? "outline" : "secondary"}
          aria-pressed={!selectedCampaignId}
          onClick={() => choose(null)}
        >
          {t.allCampaigns}
        </Button>
      </div>
      <PickerTable
        caption={t.caption}
        columns={columns(choose)}
        rowKey={(campaign) => campaign._id}
        query={campaigns}
        page={page}
        loadingText={t.loading}
        errorMessage={campaignUiCopy.errors.fetchMails}
        onRowClick={choose}
        rowProps={(campaign) =>
          campaign._id === selectedCampaignId ? { "aria-current": true, className: "bg-brand-50/60" } : {}
        }
        empty={
          search
            ? {
                title: t.empty,
                description: t.emptyHint,
                action: (
                  <Button variant="outline" size="sm" onClick={() => changeSearch("")}>
                    {t.clearSearch}
                  </Button>
                ),
              }
            : { title: t.empty }
        }
      />
    </Modal>
  );
}
