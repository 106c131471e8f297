import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { type RecipientDto, type RecipientStatus, recipientStatuses } from "@shop/shared/schemas/campaigns";
import { DataTable, type DataTableColumn, tableStateOf } from "@/components/data-table";
import { Pagination } from "@/components/pagination";
import { type BadgeTone, StatusBadge } from "@/components/status-badge";
import { formatDateTime } from "@/lib/format";
import { useUrlFilters } from "@/lib/use-url-filters";
import { useRecipients } from "../api/get-recipients";
import { SearchStatusFilters } from "../search-status-filters";

const t = campaignUiCopy.detail;
const pageSize = 20;
const filterKeys = ["search", "status"] as const;
const dash = "—";

const recipientTones: Record<RecipientStatus, BadgeTone> = {
  queued: "neutral",
  sending: "info",
  sent: "success",
  failed: "danger",
  bounced: "danger",
  skipped: "warning",
};
const statusOptions = recipientStatuses.map((status) => ({
  value: status,
  label: campaignUiCopy.recipientStatuses[status] ?? status,
}));

function statusOf(value: string): RecipientStatus | undefined {
  return recipientStatuses.find((status) => status === value);
}

const columns: DataTableColumn<RecipientDto>[] = [
  {
    id: "email",
    header: t.recipientColumns.email,
    cell: (recipient) => (
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{recipient.email}</span>
        {recipient.unsubscribedAt ? <StatusBadge tone="warning">{t.unsubscribedBadge}</StatusBadge> : null}
      </div>
    ),
  },
  {
    id: "status",
    header: t.recipientColumns.status,
    cell: (recipient) => (
      <StatusBadge tone={recipientTones[recipient.status]}>
        {campaignUiCopy.recipientStatuses[recipient.status] ?? recipient.status}
      </StatusBadge>
    ),
  },
  { id: "attempts", header: t.recipientColumns.attempts, align: "right", cell: (recipient) => recipient.attempts },
  {
    id: "sentAt",
    header: t.recipientColumns.sentAt,
    className: "whitespace-nowrap",
    cell: (recipient) => formatDateTime(recipient.sentAt, dash),
  },
  {
    id: "openedAt",
    header: t.recipientColumns.openedAt,
    className: "whitespace-nowrap",
    cell: (recipient) => formatDateTime(recipient.openedAt, dash),
  },
  {
    id: "clickedAt",
    header: t.recipientColumns.clickedAt,
    className: "whitespace-nowrap",
    cell: (recipient) => formatDateTime(recipient.clickedAt, dash),
  },
  {
    id: "lastError",
    header: t.recipientColumns.lastError,
    cell: (recipient) =>
      recipient.lastError ? <span className="text-xs break-words text-red-700">{recipient.lastError}</span> : dash,
  },
];

/** Per-recipient delivery: status, attempts, the last error, when it was sent, opened and clicked. */
export function RecipientsTable({ campaignId, live }: { campaignId: string; live: boolean }) {
  const filters = useUrlFilters(filterKeys);
  const search = filters.get("search");
  const status = statusOf(filters.get("status"));
  const recipients = useRecipients(
    campaignId,
    { page: filters.page, limit: pageSize, ...(search && { search }), ...(status && { status }) },
    { live },
  );
  const empty = search
    ? { title: t.noEmailsMatching(search) }
    : status
      ? { title: t.noRecipientsFiltered }
      : { title: t.noRecipients, description: t.noRecipientsText };

  return (
    <>
      <SearchStatusFilters
        filters={filters}
        status={status ?? ""}
        searchLabel={t.searchRecipients}
        searchPlaceholder={t.searchRecipients}
        statusLabel={t.statusFilter}
        allStatuses={t.allStatuses}
        statusOptions={statusOptions}
      />
      <DataTable
        caption={t.recipients}
        columns={columns}
        rows={recipients.data?.recipients}
        rowKey={(recipient) => recipient._id}
        {...tableStateOf(recipients, campaignUiCopy.errors.fetchRecipients)}
        // A refresh while sending is not a new page: keep the rows bright.
        isFetching={recipients.isFetching && !live}
        empty={empty}
        footer={
          <Pagination
            page={filters.page}
            pageSize={pageSize}
            total={recipients.data?.pagination.totalRecipients}
            onPageChange={filters.setPage}
            // Not while live polling refreshes the page shown: only while another page is on its way.
            disabled={recipients.isPlaceholderData}
          />
        }
      />
    </>
  );
}
