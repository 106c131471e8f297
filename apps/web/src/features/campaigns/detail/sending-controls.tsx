import { campaignUiCopy } from "@shop/shared/campaign-copy";
import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { messageOf } from "@/lib/api-client";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { type SendingAction, useSetSendingState } from "../api/campaign-actions";

const t = campaignUiCopy.detail;
const done: Record<SendingAction, string> = { pause: t.paused, resume: t.resumed, cancel: t.cancelled };

/** What can be done now: pause or cancel while sending, resume or cancel while paused, edit before. */
export function SendingControls({ campaign }: { campaign: CampaignDto }) {
  const toast = useToast();
  const setState = useSetSendingState();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { status } = campaign;

  const run = (action: SendingAction) =>
    setState.mutate(
      { id: campaign._id, action },
      {
        onSuccess: () => {
          toast.success(done[action]);
          setConfirmCancel(false);
        },
        onError: (error) => {
          if (action !== "cancel") toast.error(messageOf(error, campaignUiCopy.errors.sendEmail));
        },
      },
    );

  const canCancel = status === "sending" || status === "paused" || status === "scheduled";
  return (
    <div className="flex flex-wrap gap-2">
      {status === "draft" || status === "scheduled" ? (
        <Link to={paths.admin.composeDraft(campaign._id)} className={buttonClasses("outline")}>
          {t.edit}
        </Link>
      ) : null}
      {status === "sending" ? (
        <Button variant="outline" isLoading={setState.isPending} onClick={() => run("pause")}>
          {t.pause}
        </Button>
      ) : null}
      {status === "paused" ? (
        <Button isLoading={setState.isPending} onClick={() => run("resume")}>
          {t.resume}
        </Button>
      ) : null}
      {canCancel ? (
        <Button
          variant="danger"
          disabled={setState.isPending}
          onClick={() => {
            setState.reset();
            setConfirmCancel(true);
          }}
        >
          {t.cancel}
        </Button>
      ) : null}
      {confirmCancel ? (
        <ConfirmDialog
          title={t.confirmCancelTitle}
          message={t.confirmCancel}
          confirmLabel={t.confirmCancelButton}
          cancelLabel={t.keepSending}
          tone="danger"
          isPending={setState.isPending}
          error={setState.isError ? messageOf(setState.error, campaignUiCopy.errors.sendEmail) : null}
          onConfirm={() => run("cancel")}
          onCancel={() => setConfirmCancel(false)}
        />
      ) : null}
    </div>
  );
}
