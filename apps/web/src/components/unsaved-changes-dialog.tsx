import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { Blocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";

const t = backofficeCopy.unsavedChanges;

/** Asks before a blocked navigation leaves a form with unsaved changes (see useUnsavedChanges). */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  if (blocker.state !== "blocked") return null;
  return (
    <ConfirmDialog
      title={t.title}
      message={t.message}
      confirmLabel={t.leave}
      cancelLabel={t.stay}
      tone="danger"
      onConfirm={blocker.proceed}
      onCancel={blocker.reset}
    />
  );
}
