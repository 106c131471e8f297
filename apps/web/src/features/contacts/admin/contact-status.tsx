import { inboxCopy } from "@shop/shared/inbox-copy";
import {
  type ContactStatus,
  contactStatusLabels,
  messageTypeLabels,
  messageTypes,
} from "@shop/shared/schemas/contacts";
import { type BadgeTone, StatusBadge } from "@/components/status-badge";

const tones: Record<ContactStatus, BadgeTone> = {
  notActioned: "warning",
  inProgress: "info",
  completed: "success",
  cancelled: "neutral",
  rejected: "danger",
  onHold: "brand",
};

/** A contact's status with the spec's label ("Not Actioned", "In Progress", …). */
export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return <StatusBadge tone={tones[status]}>{contactStatusLabels[status]}</StatusBadge>;
}

/** "Product request" for the known types; anything else as stored. */
export function messageTypeLabel(value: string): string {
  const known = messageTypes.find((type) => type === value);
  return known ? messageTypeLabels[known] : value;
}

/** Not actioned past the promised 24 hours. */
export function OverdueBadge() {
  return (
    <span title={inboxCopy.overdueTitle}>
      <StatusBadge tone="danger">{inboxCopy.overdue}</StatusBadge>
    </span>
  );
}
