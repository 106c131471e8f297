import { adminCopy } from "@shop/shared/admin-copy";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { inboxCopy } from "@shop/shared/inbox-copy";
import {
  type ContactDto,
  contactStatuses,
  type MessageType,
  messageTypeLabels,
  messageTypes,
} from "@shop/shared/schemas/contacts";
import { DownloadIcon } from "@/components/admin-icons";
import { Button } from "@/components/button";
import { actionsColumn, DataTable, type DataTableColumn, tableStateOf } from "@/components/data-table";
import { DateFilter } from "@/components/date-filter";
import { FilterBar } from "@/components/filter-bar";
import { FilterOptions, FilterSelect } from "@/components/form-field";
import { PageHeader } from "@/components/page-header";
import { Pagination } from "@/components/pagination";
import { SearchInput } from "@/components/search-input";
import { useDeleteDialog } from "@/components/use-delete-dialog";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useToast } from "@/lib/toasts";
import { useUrlFilters } from "@/lib/use-url-filters";
import { useExportContacts } from "./api/export-contacts";
import { useContactCounts } from "./api/get-contact-counts";
import { type ContactFilters, useContacts } from "./api/get-contacts";
import { useDeleteContact } from "./api/update-contact";
import { ContactStatusBadge, messageTypeLabel, OverdueBadge } from "./contact-status";
import { ContactStatusTabs } from "./contact-status-tabs";
import { InboxFilters } from "./inbox-filters";
import { useOpenContact } from "./use-open-contact";

const t = backofficeCopy.contacts;
const page = adminCopy.adminPages.contacts;
const pageSize = 10;
const filterKeys = ["status", "search", "messageType", "from", "to", "assigned", "overdue"] as const;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const typeOptions = messageTypes.map((type) => ({ value: type, label: messageTypeLabels[type] }));

function oneOf<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}

/**
 * /admin/contacts: the enquiries inbox — status tabs with counts, filters (mine, unassigned, overdue),
 * the Contact Details modal (`?open=<id>` opens it), CSV export.
 */
export function ContactsPage() {
  const can = useCan();
  const openContact = useOpenContact();
  const toast = useToast();
  const url = useUrlFilters(filterKeys);
  const remove = useDeleteContact();
  const exportContacts = useExportContacts();
  const canUpdate = can("contact:update-status");

  const from = url.get("from");
  const to = url.get("to");
  const shared: ContactFilters = {
    search: url.get("search") || undefined,
    messageType: oneOf<MessageType>(messageTypes, url.get("messageType")),
    from: isoDate.test(from) ? from : undefined,
    to: isoDate.test(to) ? to : undefined,
    assigned: oneOf(["me", "none"] as const, url.get("assigned")),
    overdue: url.get("overdue") === "true" ? "true" : undefined,
  };
  const status = oneOf(contactStatuses, url.get("status"));
  const contacts = useContacts({ page: url.page, limit: pageSize, ...shared, status });
  const counts = useContactCounts(shared);

  const deletion = useDeleteDialog({
    mutation: remove,
    idOf: (contact: ContactDto) => contact._id,
    title: t.confirmDeleteTitle,
    message: (contact) => t.confirmDelete(contact.name),
    confirmLabel: t.delete,
    deleted: t.deleted,
    failed: t.failedDelete,
  });

  const columns: DataTableColumn<ContactDto>[] = [
    {
      id: "contact",
      header: t.columns.contact,
      className: "max-w-64 [overflow-wrap:anywhere]",
      cell: (contact) => (
        <>
          <span className="block font-medium text-slate-900">{contact.name}</span>
          <span className="block">{contact.email}</span>
          <span className="block whitespace-nowrap text-slate-500">{contact.phone}</span>
        </>
      ),
    },
    {
      id: "about",
      header: t.columns.about,
      cell: (contact) => <span className="line-clamp-2">{contact.about}</span>,
    },
    {
      id: "type",
      header: t.columns.messageType,
      cell: (contact) => messageTypeLabel(contact.messageType),
    },
    {
      id: "status",
      header: t.columns.status,
      cell: (contact) => (
        <span className="inline-flex flex-wrap gap-1.5">
          <ContactStatusBadge status={contact.status} />
          {contact.overdue ? <OverdueBadge /> : null}
        </span>
      ),
    },
    {
      id: "assignee",
      header: inboxCopy.columns.assignee,
      cell: (contact) => contact.assignee?.name ?? <span className="text-slate-500">{inboxCopy.unassigned}</span>,
    },
    {
      id: "created",
      header: t.columns.created,
      className: "whitespace-nowrap",
      cell: (contact) => formatDateTime(contact.createdAt),
    },
    {
      ...actionsColumn,
      cell: (contact) => (
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-label={t.viewContact(contact.name)}
            onClick={() => openContact(contact._id)}
          >
            {t.view}
          </Button>
          {canUpdate ? (
            <Button
              size="sm"
              variant="danger"
              aria-label={t.deleteContact(contact.name)}
              onClick={() => deletion.ask(contact)}
            >
              {t.delete}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={page.title}
        description={page.description}
        actions={
          <Button
            variant="outline"
            isLoading={exportContacts.isPending}
            onClick={() =>
              exportContacts.mutate(
                { ...shared, status },
                { onError: (error) => toast.error(messageOf(error, t.exportFailed)) },
              )
            }
          >
            {exportContacts.isPending ? null : <DownloadIcon className="size-4" />}
            {t.export}
          </Button>
        }
      />
      <ContactStatusTabs
        value={status ?? ""}
        counts={counts.data}
        onChange={(next) => url.setFilters({ status: next })}
      />
      <FilterBar onClear={url.isFiltered ? url.clear : undefined}>
        <InboxFilters
          assigned={shared.assigned}
          overdue={shared.overdue === "true"}
          onChange={(patch) => url.setFilters(patch)}
        />
        <SearchInput
          value={url.get("search")}
          onSearch={(search) => url.setFilters({ search })}
          placeholder={t.searchPlaceholder}
          className="w-full sm:w-80"
        />
        <FilterSelect
          label={t.messageType}
          value={url.get("messageType")}
          onChange={(event) => url.setFilters({ messageType: event.target.value })}
          className="w-full sm:w-44"
        >
          <FilterOptions allLabel={t.allMessageTypes} options={typeOptions} />
        </FilterSelect>
        <DateFilter
          label={t.from}
          value={from}
          max={to || undefined}
          onChange={(value) => url.setFilters({ from: value })}
        />
        <DateFilter
          label={t.to}
          value={to}
          min={from || undefined}
          onChange={(value) => url.setFilters({ to: value })}
        />
      </FilterBar>
      <DataTable
        caption={page.title}
        columns={columns}
        rows={contacts.data?.contacts}
        rowKey={(contact) => contact._id}
        {...tableStateOf(contacts, t.failedFetch)}
        empty={{ title: t.empty, description: adminCopy.table.noResultsText }}
        onRowClick={(contact) => openContact(contact._id)}
        footer={
          <Pagination
            page={url.page}
            pageSize={pageSize}
            total={contacts.data?.pagination.totalContacts}
            onPageChange={url.setPage}
            disabled={contacts.isFetching}
          />
        }
      />
      {deletion.dialog}
    </>
  );
}
