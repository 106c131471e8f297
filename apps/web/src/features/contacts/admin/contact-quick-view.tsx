import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { inboxCopy } from "@shop/shared/inbox-copy";
import { type ContactStatus, contactStatuses, contactStatusLabels } from "@shop/shared/schemas/contacts";
import { uiCopy } from "@shop/shared/ui-copy";
import type { ReactNode } from "react";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { SelectField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { Spinner } from "@/components/spinner";
import { useCan } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useToast } from "@/lib/toasts";
import type { ModalComponentProps } from "@/modals/modal-types";
import { useContact } from "./api/get-contact";
import { useUpdateContact } from "./api/update-contact";
import { AssigneeSelect } from "./contact-assignee";
import { ContactComposer, ConversationList } from "./contact-conversation";
import { ContactStatusBadge, messageTypeLabel, OverdueBadge } from "./contact-status";

const t = backofficeCopy.contacts;
const d = t.details;

function statusOf(value: string): ContactStatus | undefined {
  return contactStatuses.find((status) => status === value);
}

/** One label and its value. Everything a visitor typed is rendered as text, never as HTML. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </>
  );
}

/**
 * The contactQuickView modal (spec section 2): every field of the request and a status dropdown, then
 * the team's inbox on it — the conversation, a reply or note box, and who it is assigned to.
 */
export function ContactQuickView({ contactId, onClose: close, onClosed }: ModalComponentProps<"contactQuickView">) {
  const onClose = () => {
    close();
    onClosed?.();
  };
  const can = useCan();
  const toast = useToast();
  const contact = useContact(contactId);
  const update = useUpdateContact();
  const canUpdate = can("contact:update-status");

  const changeStatus = (value: string) => {
    const status = statusOf(value);
    if (!status || !contact.data || status === contact.data.status) return;
    update.mutate(
      { id: contactId, changes: { status } },
      { onSuccess: () => toast.success(`${t.statusUpdated}: ${contactStatusLabels[status]}`) },
    );
  };

  return (
    <Modal
      title={uiCopy.modal.titles.contactQuickView}
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="outline" onClick={onClose}>
          {uiCopy.modal.close}
        </Button>
      }
    >
      {contact.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : contact.isError ? (
        <FormAlert message={messageOf(contact.error, d.notFound)} />
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <Row label={d.name}>{contact.data.name}</Row>
            <Row label={d.email}>
              <a href={`mailto:${contact.data.email}`} className="text-brand-700 hover:underline">
                {contact.data.email}
              </a>
            </Row>
            <Row label={d.phone}>{contact.data.phone}</Row>
            <Row label={d.messageType}>{messageTypeLabel(contact.data.messageType)}</Row>
            <Row label={d.subject}>{contact.data.subject}</Row>
            <Row label={d.currentStatus}>
              <span className="inline-flex flex-wrap gap-1.5">
                <ContactStatusBadge status={contact.data.status} />
                {contact.data.overdue ? <OverdueBadge /> : null}
              </span>
            </Row>
            <Row label={inboxCopy.assignee}>{contact.data.assignee?.name ?? inboxCopy.unassigned}</Row>
            <Row label={d.createdBy}>{contact.data.createdBy}</Row>
            <Row label={d.createdAt}>{formatDateTime(contact.data.createdAt)}</Row>
            <Row label={d.updatedAt}>{formatDateTime(contact.data.updatedAt)}</Row>
          </dl>
          {canUpdate ? (
            <div className="mt-5 grid gap-4 sm:grid-cols-2">
              <SelectField
                label={d.changeStatus}
                value={contact.data.status}
                disabled={update.isPending}
                onChange={(event) => changeStatus(event.target.value)}
              >
                {contactStatuses.map((status) => (
                  <option key={status} value={status}>
                    {contactStatusLabels[status]}
                  </option>
                ))}
              </SelectField>
              <AssigneeSelect contact={contact.data} />
            </div>
          ) : null}
          <FormAlert message={update.isError ? messageOf(update.error, t.failedUpdateStatus) : null} className="mt-3" />
          <ConversationList entries={contact.data.conversation} />
          {canUpdate ? <ContactComposer contactId={contactId} email={contact.data.email} /> : null}
        </>
      )}
    </Modal>
  );
}
