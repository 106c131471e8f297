import { adminCopy } from "@shop/shared/admin-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { Button } from "@/components/button";
import { Modal } from "@/components/modal";
import { formatDateTime } from "@/lib/format";
import type { ModalComponentProps } from "@/modals/modal-types";
import { ActivityLogDetails } from "./activity-log-details";
import { activityModuleLabel } from "./activity-modules";
import { ActivityStatusIcon, statusMetaOf } from "./activity-status";

const t = adminCopy.activityLog.detail;

/** The activityLogQuickView modal: one entry, as spec section 2 lays it out. */
export function ActivityLogModal({ log, onClose }: ModalComponentProps<"activityLogQuickView">) {
  const user = log.userId;
  const { status } = statusMetaOf(log.status);

  return (
    <Modal
      title={uiCopy.modal.titles.activityLogQuickView}
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="outline" onClick={onClose}>
          {uiCopy.modal.close}
        </Button>
      }
    >
      <div className="mb-5 flex items-start gap-3">
        <ActivityStatusIcon status={log.status} className="size-8" />
        <div>
          <p className="text-base font-semibold text-slate-900">
            {t.actionIn(log.action, activityModuleLabel(log.module))}
          </p>
          <p className="text-xs text-slate-500">{status}</p>
        </div>
      </div>
      <dl className="mb-5 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-slate-500">{t.time}</dt>
        <dd className="text-slate-900">{formatDateTime(log.createdAt, t.notAvailable)}</dd>
        <dt className="text-slate-500">{t.user}</dt>
        <dd className="text-slate-900">
          {user ? (
            <>
              {user.name} <span className="text-slate-500">({user.email})</span>
            </>
          ) : (
            adminCopy.activityLog.system
          )}
        </dd>
        <dt className="text-slate-500">{t.description}</dt>
        <dd className="break-words text-slate-900">{log.description || t.notAvailable}</dd>
        <dt className="text-slate-500">{t.ipAddress}</dt>
        <dd className="font-mono text-slate-900">{log.ipAddress || t.notAvailable}</dd>
      </dl>
      <ActivityLogDetails details={log.details} onNavigate={onClose} />
    </Modal>
  );
}
