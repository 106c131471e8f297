import { adminCopy } from "@shop/shared/admin-copy";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { type CampaignDto, type CampaignStatus, campaignStatuses } from "@shop/shared/schemas/campaigns";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable, tableStateOf } from "@/components/data-table";
import { PlusIcon } from "@/components/icons";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { useDeleteCampaign } from "../api/campaign-actions";
import { useCampaigns } from "../api/get-campaigns";
import { campaignHref, campaignStatusLabel, isEditable } from "../campaign-status";
import { SearchStatusFilters } from "../search-status-filters";
import { campaignColumns } from "./campaign-columns";

const t = campaignUiCopy.history;
const pageSize = 10;
const filterKeys = ["search", "status"] as const;
const statusOptions = campaignStatuses.map((status) => ({ value: status, label: campaignStatusLabel(status) }));

function statusOf(value: string): CampaignStatus | undefined {
  return campaignStatuses.find((status) => status === value);
}

/** /admin/newsletters/history: every campaign, newest first, searchable by subject and filtered by status. */
export function EmailHistoryPage() {
  const can = useCan();
  const toast = useToast();
  const navigate = useNavigate();
  const filters = useUrlFilters(filterKeys);
  const [pendingDelete, setPendingDelete] = useState<CampaignDto | null>(null);
  const remove = useDeleteCampaign();
  const canCompose = can("newsletter:compose-email");
  const canDeleteHistory = can("newsletter:delete-emailhistory");

  const search = filters.get("search");
  const status = statusOf(filters.get("status"));
  const campaigns = useCampaigns({
    page: filters.page,
    limit: pageSize,
    ...(search && { search }),
    ...(status && { status }),
  });

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await remove.mutateAsync({ id: pendingDelete._id, asHistory: canDeleteHistory });
      toast.success(t.deleted);
      setPendingDelete(null);
    } catch {
      // The dialog shows why (remove.error) and stays open.
    }
  };

  const columns = campaignColumns({
    canCompose,
    // Sending campaigns must be paused or cancelled first (the API answers 409).
    canDelete: (campaign) =>
      campaign.status !== "sending" && (canDeleteHistory || (canCompose && isEditable(campaign.status))),
    onDelete: (campaign) => {
      remove.reset();
      setPendingDelete(campaign);
    },
  });

  return (
    <>
      <PageHeader
        title={adminCopy.adminPages.emailHistory.title}
        description={adminCopy.adminPages.emailHistory.description}
        actions={
          canCompose ? (
            <Link to={paths.admin.compose} className={buttonClasses("primary")}>
              <PlusIcon className="size-4" />
              {t.compose}
            </Link>
          ) : null
        }
      />
      <SearchStatusFilters
        filters={filters}
        status={status ?? ""}
        searchPlaceholder={t.searchPlaceholder}
        statusLabel={t.statusFilter}
        allStatuses={t.allStatuses}
        statusOptions={statusOptions}
      />
      <DataTable
        caption={adminCopy.adminPages.emailHistory.title}
        columns={columns}
        rows={campaigns.data?.campaigns}
        rowKey={(campaign) => campaign._id}
        {...tableStateOf(campaigns, campaignUiCopy.errors.fetchHistory)}
        onRowClick={(campaign) => void navigate(campaignHref(campaign, canCompose))}
        empty={
          filters.isFiltered
            ? { title: t.emptySearch, description: t.emptySearchText }
            : { title: t.empty, description: t.emptyText }
        }
        footer={
          <Pagination
            page={filters.page}
            pageSize={pageSize}
            total={campaigns.data?.pagination.totalCampaigns}
            onPageChange={filters.setPage}
            disabled={campaigns.isFetching}
          />
        }
      />
      {pendingDelete ? (
        <ConfirmDialog
          title={t.confirmDeleteTitle}
          message={t.confirmDelete(pendingDelete.subject)}
          confirmLabel={t.delete}
          tone="danger"
          isPending={remove.isPending}
          error={remove.isError ? messageOf(remove.error, campaignUiCopy.errors.deleteMail) : null}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      ) : null}
    </>
  );
}
