import { adminCopy } from "@shop/shared/admin-copy";
import { audienceCopy } from "@shop/shared/audience-copy";
import type { ConsentSource, SubscriberDto } from "@shop/shared/schemas/newsletter";
import { uiCopy } from "@shop/shared/ui-copy";
import { type ReactNode, useState } from "react";
import { DownloadIcon } from "@/components/admin-icons";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorState } from "@/components/error-state";
import { FormAlert } from "@/components/form-alert";
import { Modal } from "@/components/modal";
import { Spinner } from "@/components/spinner";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useToast } from "@/lib/toasts";
import { openModal } from "@/modals/modal-store";
import type { ModalComponentProps } from "@/modals/modal-types";
import { useEraseSubscriber } from "./api/erase-subscriber";
import { useExportSubscriberData } from "./api/export-subscriber-data";
import { type SubscriberDetail, useSubscriber } from "./api/get-subscriber";
import { DeliveryEventsList } from "./delivery-events-list";
import { SubscriberStatusBadge, sourceLabel, TagChips } from "./subscriber-badges";

const t = audienceCopy.quickView;
const na = adminCopy.table.notAvailable;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** Consent from an import is the import's: its file, who ran it and when (never an address). */
function importConsentOf(source: ConsentSource): string {
  if (!source.fileName) return t.consentImportedUnknown;
  return t.consentImported(source.fileName, source.importedBy?.name ?? "", formatDateTime(source.importedAt, ""));
}

function consentOf(subscriber: SubscriberDto): string {
  if (subscriber.consentSource) return importConsentOf(subscriber.consentSource);
  if (!subscriber.consentAt && !subscriber.consentIp) return na;
  const when = formatDateTime(subscriber.consentAt, "");
  return [when, subscriber.consentIp ? t.consentFrom(subscriber.consentIp) : ""].filter(Boolean).join(" ");
}

function SubscriberDetails({ subscriber }: { subscriber: SubscriberDetail }) {
  return (
    <>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <Row label={t.email}>{subscriber.email}</Row>
        <Row label={t.name}>{subscriber.name || na}</Row>
        <Row label={t.status}>
          <SubscriberStatusBadge status={subscriber.status} />
        </Row>
        <Row label={t.source}>{sourceLabel(subscriber.source)}</Row>
        <Row label={t.tags}>
          <TagChips tags={subscriber.tags} emptyLabel={t.noTags} />
        </Row>
      </dl>
      <Section title={t.history}>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <Row label={t.subscribedAt}>{formatDateTime(subscriber.subscribedAt)}</Row>
          <Row label={t.consent}>{consentOf(subscriber)}</Row>
          {subscriber.unsubscribedAt ? (
            <Row label={t.unsubscribedAt}>{formatDateTime(subscriber.unsubscribedAt)}</Row>
          ) : null}
          <Row label={t.createdAt}>{formatDateTime(subscriber.createdAt)}</Row>
        </dl>
      </Section>
      <Section title={t.deliveryEvents}>
        <DeliveryEventsList events={subscriber.deliveryEvents ?? []} />
      </Section>
      <Section title={t.campaigns}>
        <div className="rounded-xl border border-dashed border-slate-300 px-4 py-5 text-center">
          <p className="text-sm font-medium text-slate-900">{t.noCampaigns}</p>
          <p className="mt-1 text-xs text-slate-500">{t.noCampaignsText}</p>
        </div>
      </Section>
    </>
  );
}

/** The subscriberQuickView modal: who they are, their history, and the GDPR export and erase. */
export function SubscriberQuickView({ subscriberId, onClose }: ModalComponentProps<"subscriberQuickView">) {
  const can = useCan();
  const toast = useToast();
  const subscriber = useSubscriber(subscriberId);
  const exportData = useExportSubscriberData();
  const erase = useEraseSubscriber();
  const [confirmingErase, setConfirmingErase] = useState(false);
  const data = subscriber.data;

  const confirmErase = async () => {
    try {
      await erase.mutateAsync(subscriberId);
      toast.success(t.erased);
      setConfirmingErase(false);
      onClose();
    } catch {
      // The dialog shows why (erase.error) and stays open.
    }
  };

  return (
    <>
      <Modal
        title={uiCopy.modal.titles.subscriberQuickView}
        onClose={onClose}
        size="lg"
        footer={
          data ? (
            <>
              {can("newsletter:delete-subscriber") ? (
                <Button
                  variant="danger"
                  className="mr-auto"
                  onClick={() => {
                    erase.reset();
                    setConfirmingErase(true);
                  }}
                >
                  {t.eraseData}
                </Button>
              ) : null}
              <Button
                variant="outline"
                onClick={() => exportData.mutate(subscriberId)}
                isLoading={exportData.isPending}
              >
                {exportData.isPending ? null : <DownloadIcon className="size-4" />}
                {t.exportData}
              </Button>
              {can("newsletter:update-subscriber") ? (
                <Button
                  onClick={() =>
                    openModal("editSubscriber", {
                      subscriberId,
                      email: data.email,
                      tagIds: data.tags.map((tag) => tag._id),
                    })
                  }
                >
                  {audienceCopy.subscribers.edit}
                </Button>
              ) : null}
            </>
          ) : null
        }
      >
        <FormAlert message={exportData.isError ? messageOf(exportData.error, t.failedExport) : null} className="mb-4" />
        {data ? (
          <SubscriberDetails subscriber={data} />
        ) : subscriber.isError ? (
          <ErrorState
            title={t.failedLoad}
            description={messageOf(subscriber.error, t.failedLoad)}
            onRetry={() => void subscriber.refetch()}
          />
        ) : (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        )}
      </Modal>
      {confirmingErase && data ? (
        <ConfirmDialog
          title={t.confirmEraseTitle}
          message={t.confirmErase(data.email)}
          confirmLabel={t.erase}
          tone="danger"
          isPending={erase.isPending}
          error={erase.isError ? messageOf(erase.error, t.failedErase) : null}
          onConfirm={() => void confirmErase()}
          onCancel={() => setConfirmingErase(false)}
        />
      ) : null}
    </>
  );
}
