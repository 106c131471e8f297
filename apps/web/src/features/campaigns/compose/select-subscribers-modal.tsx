import { adminCopy } from "@shop/shared/admin-copy";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { useState } from "react";
import { Button } from "@/components/button";
import type { DataTableColumn } from "@/components/data-table";
import { Modal } from "@/components/modal";
import { SearchInput } from "@/components/search-input";
import { useSubscribers } from "@/features/newsletter/api/get-subscribers";
import { formatDate } from "@/lib/format";
import type { ModalComponentProps } from "@/modals/modal-types";
import { pickerLoadLimit, useClientPage } from "../client-page";
import { PickerTable } from "../picker-table";

const t = campaignUiCopy.selectSubscribers;

const columns: DataTableColumn<SubscriberDto>[] = [
  { id: "email", header: t.email, cell: (subscriber) => <span className="text-slate-900">{subscriber.email}</span> },
  {
    id: "subscribed",
    header: t.subscribedOn,
    className: "whitespace-nowrap",
    cell: (subscriber) => formatDate(subscriber.subscribedAt ?? subscriber.createdAt, adminCopy.table.notAvailable),
  },
];

/**
 * Spec section 2's Select Subscribers: the 100 newest subscribed people matching the search by
 * email, 10 a page, ticked with checkboxes; Submit hands the chosen ids back. Ids chosen before
 * stay chosen even when a search hides them.
 */
export function SelectSubscribersModal({ selectedIds, onSubmit, onClose }: ModalComponentProps<"selectSubscribers">) {
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<string[]>(selectedIds);
  const subscribers = useSubscribers({
    page: 1,
    limit: pickerLoadLimit,
    sortBy: "createdAt",
    sortOrder: "desc",
    status: "subscribed",
    ...(search && { search }),
  });
  const page = useClientPage(subscribers.data?.subscribers ?? []);

  return (
    <Modal
      title={t.title}
      description={t.hint}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button
            onClick={() => {
              onSubmit(selected);
              onClose();
            }}
          >
            {t.submit}
          </Button>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          value={search}
          onSearch={(next) => {
            setSearch(next);
            page.setPage(1);
          }}
          label={t.search}
          placeholder={t.search}
          className="flex-1"
        />
        <p className="text-sm font-medium text-slate-700" aria-live="polite">
          {t.selected(selected.length)}
        </p>
      </div>
      <PickerTable
        caption={t.caption}
        columns={columns}
        rowKey={(subscriber) => subscriber._id}
        query={subscribers}
        page={page}
        loadingText={t.loading}
        selection={{ selectedIds: selected, onChange: setSelected, rowLabel: (subscriber) => subscriber.email }}
        empty={search ? { title: t.empty, description: t.emptyHint } : { title: t.empty }}
      />
    </Modal>
  );
}
