import { type ActivityStatus, activityStatuses } from "@shop/shared/schemas/activity-logs";
import type { ComponentType } from "react";
import { AlertTriangleIcon, XCircleIcon } from "@/components/admin-icons";
import { CheckCircleIcon, type IconProps, InfoIcon } from "@/components/icons";
import { type BadgeTone, StatusBadge } from "@/components/status-badge";

type StatusMeta = { status: ActivityStatus; tone: BadgeTone; iconClass: string; Icon: ComponentType<IconProps> };

const metas: Record<ActivityStatus, StatusMeta> = {
  Success: { status: "Success", tone: "success", iconClass: "text-emerald-600", Icon: CheckCircleIcon },
  Warning: { status: "Warning", tone: "warning", iconClass: "text-amber-600", Icon: AlertTriangleIcon },
  Info: { status: "Info", tone: "info", iconClass: "text-sky-600", Icon: InfoIcon },
  Failure: { status: "Failure", tone: "danger", iconClass: "text-red-600", Icon: XCircleIcon },
};

/** Spec section 4: Success, Warning, Info, Failure — anything else is shown as a failure. */
export function statusMetaOf(status: string): StatusMeta {
  const known = activityStatuses.find((candidate) => candidate === status);
  return metas[known ?? "Failure"];
}

/** The status icon, named for screen readers (and pointers, by its title). */
export function ActivityStatusIcon({ status, className = "size-5" }: { status: string; className?: string }) {
  const { Icon, iconClass, status: shown } = statusMetaOf(status);
  return (
    <span title={shown} className="inline-flex" data-status={shown}>
      <Icon className={`${className} ${iconClass}`} />
      <span className="sr-only">{shown}</span>
    </span>
  );
}

/** Icon and word, for tables. */
export function ActivityStatusBadge({ status }: { status: string }) {
  const { Icon, tone, status: shown } = statusMetaOf(status);
  return (
    <StatusBadge tone={tone} icon={<Icon className="size-3.5" />}>
      <span data-status={shown}>{shown}</span>
    </StatusBadge>
  );
}
