import {
  type MailTroubleStatus,
  mailDeliveryCopy,
  mailTroubleStatuses,
  type TroubledMailDto,
} from "@shop/shared/schemas/mail-delivery";
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { actionsColumn, DataTable, type DataTableColumn, tableStateOf } from "@/components/data-table";
import { FilterBar } from "@/components/filter-bar";
import { FilterOptions, FilterSelect } from "@/components/form-field";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { StatusBadge } from "@/components/status-badge";
import { messageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { useMailDelivery } from "./api/get-mail-delivery";
import { useRetryMail } from "./api/retry-mail";

const t = mailDeliveryCopy.page;
const filterKeys = ["status"] as const;
const pageSize = 20;
const statusOptions = mailTroubleStatuses.map((value) => ({ value, label: mailDeliveryCopy.status[value] }));
const isStatus = (value: string): value is MailTroubleStatus =>
  (mailTroubleStatuses as readonly string[]).includes(value);
const recipientsOf = (mail: TroubledMailDto) => mail.to.join(", ");

function mailColumns(onRetry: (mail: TroubledMailDto) => void): DataTableColumn<TroubledMailDto>[] {
  return [
    {
      id: "kind",
      header: t.columns.kind,
      cell: (mail) => (
        <div>
          <p className="font-medium text-slate-900">{mailDeliveryCopy.kind(mail.kind)}</p>
          <p className="text-xs text-slate-500">{mail.subject}</p>
        </div>
      ),
    },
    { id: "to", header: t.columns.to, cell: (mail) => <span className="break-all">{recipientsOf(mail)}</span> },
    {
      id: "status",
      header: t.columns.status,
      cell: (mail) => (
        <StatusBadge tone={mail.status === "failed" ? "danger" : "warning"}>
          {mailDeliveryCopy.status[mail.status]}
        </StatusBadge>
      ),
    },
    { id: "attempts", header: t.columns.attempts, className: "text-right", cell: (mail) => mail.attempts },
    {
      id: "error",
      header: t.columns.error,
      // The relay's own words: staff (or the relay's support) read them to find the cause.
      cell: (mail) => (
        <span className="font-mono text-xs break-words text-slate-700">{mail.lastError ?? t.noError}</span>
      ),
    },
    {
      id: "created",
      header: t.columns.created,
      className: "whitespace-nowrap",
      cell: (mail) => formatDateTime(mail.createdAt),
    },
    {
      id: "next",
      header: t.columns.next,
      className: "whitespace-nowrap",
      cell: (mail) => formatDateTime(mail.nextAttemptAt, t.gaveUp),
    },
    {
      ...actionsColumn,
      cell: (mail) =>
        mail.status === "failed" ? (
          <div className="flex justify-end">
            <Button
              size="sm"
              variant="outline"
              aria-label={t.retryLabel(recipientsOf(mail))}
              onClick={() => onRetry(mail)}
            >
              {t.retry}
            </Button>
          </div>
        ) : null,
    },
  ];
}

/** /admin/settings/mail-delivery: account mail that did not go out, and sending it again (settings:update-settings). */
export function MailDeliveryPage() {
  const toast = useToast();
  const filters = useUrlFilters(filterKeys);
  const rawStatus = filters.get("status");
  const status = isStatus(rawStatus) ? rawStatus : "";
  const mails = useMailDelivery({ page: filters.page, limit: pageSize, status });
  const retry = useRetryMail();
  const [pending, setPending] = useState<TroubledMailDto | null>(null);

  const confirmRetry = async () => {
    if (!pending) return;
    try {
      await retry.mutateAsync(pending._id);
      toast.success(mailDeliveryCopy.retried);
      setPending(null);
    } catch {
      // The dialog shows why (retry.error) and stays open.
    }
  };

  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <FilterBar onClear={filters.isFiltered ? filters.clear : undefined}>
        <FilterSelect
          label={t.statusFilter}
          value={status}
          onChange={(event) => filters.setFilters({ status: event.target.value })}
          className="w-full sm:w-44"
        >
          <FilterOptions allLabel={t.allStatuses} options={statusOptions} />
        </FilterSelect>
      </FilterBar>
      <DataTable
        caption={t.title}
        columns={mailColumns((mail) => {
          retry.reset();
          setPending(mail);
        })}
        rows={mails.data?.mails}
        rowKey={(mail) => mail._id}
        {...tableStateOf(mails, t.failedFetch)}
        empty={{ title: t.empty, description: status ? undefined : t.emptyDescription }}
        footer={
          <Pagination
            page={filters.page}
            pageSize={pageSize}
            total={mails.data?.pagination.totalMails}
            onPageChange={filters.setPage}
            disabled={mails.isFetching}
          />
        }
      />
      {pending ? (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirm(recipientsOf(pending))}
          confirmLabel={t.retry}
          isPending={retry.isPending}
          error={retry.isError ? messageOf(retry.error, t.failedRetry) : null}
          onConfirm={() => void confirmRetry()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
