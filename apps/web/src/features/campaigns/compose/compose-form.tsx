import { zodResolver } from "@hookform/resolvers/zod";
import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { type CampaignCreate, type CampaignDto, campaignCopy } from "@shop/shared/schemas/campaigns";
import { useDeferredValue, useEffect, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { UnsavedChangesDialog } from "@/components/unsaved-changes-dialog";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { formatCount, formatDateTime } from "@/lib/format";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useUnsavedChanges } from "@/lib/use-unsaved-changes";
import { useScheduleCampaign, useSendCampaign, useSendTest } from "../api/campaign-actions";
import { useAudienceCount } from "../api/compose-support";
import { useSaveCampaign } from "../api/save-campaign";
import { EmailPreview } from "../email-preview";
import { AudienceFields, CountFailed } from "./audience-fields";
import { CampaignEditor } from "./campaign-editor";
import { ScheduleDialog, TestSendDialog } from "./compose-dialogs";
import { type ComposeFormValues, composeDefaults, composeFormSchema, countableAudience } from "./compose-form-schema";
import { ScheduledNotice } from "./scheduled-notice";

const t = campaignUiCopy.compose;
const errors = campaignUiCopy.errors;
const sectionClass = "space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

type Pending = { kind: "test" | "schedule" | "send"; values: CampaignCreate };

type ComposeFormProps = {
  /** The draft being edited; none for a new email. */
  campaign?: CampaignDto;
  /** A new draft got its id: the page puts it in the URL (after the form is clean, so nothing blocks it). */
  onCreated: (id: string) => void;
};

/** The composer: subject, preheader, the editor and its preview, the audience, and what to do with it. */
export function ComposeForm({ campaign, onCreated }: ComposeFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const editorLabelId = useId();
  const htmlErrorId = useId();
  const [id, setId] = useState<string | null>(campaign?._id ?? null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const save = useSaveCampaign();
  const sendTest = useSendTest();
  const schedule = useScheduleCampaign();
  const send = useSendCampaign();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    reset,
    getValues,
    setError,
    formState: { errors: fieldErrors, isDirty, isSubmitting, isSubmitted },
  } = useForm<ComposeFormValues, unknown, CampaignCreate>({
    resolver: zodResolver(composeFormSchema),
    defaultValues: composeDefaults(campaign),
  });
  const { blocker, allowLeaving } = useUnsavedChanges(isDirty);
  const [html, preheader, audienceType, tagIds, subscriberIds] = watch([
    "html",
    "preheader",
    "audienceType",
    "tagIds",
    "subscriberIds",
  ]);
  const previewHtml = useDeferredValue(html);
  const countable = countableAudience({ audienceType, tagIds, subscriberIds });
  const count = useAudienceCount(countable);
  // Only this very audience's count is a number to send to: not the last one kept on screen while it is
  // counted, and never 0 for a count that failed. Null until known.
  const recipients = countable === null ? 0 : count.isSuccess && !count.isPlaceholderData ? count.data : null;

  useEffect(() => {
    if (id && id !== campaign?._id && !isDirty) onCreated(id);
  }, [id, campaign?._id, isDirty, onCreated]);

  /** Saves what is in the form (creating the draft the first time); the form is clean after. */
  const persist = async (values: CampaignCreate): Promise<CampaignDto> => {
    const saved = await save.mutateAsync({ id, values });
    reset(getValues());
    setId(saved._id);
    return saved;
  };

  /** A failure of a save: field errors under their fields, the message at the top and in a toast. */
  const reportSaveFailure = (error: unknown) => {
    const message = messageOf(error, id ? errors.updateMail : errors.createMail);
    const placed = applyServerFieldErrors(error, setError, ["subject", "preheader", "html"]);
    if (!placed) setFailure(message);
    toast.error(message);
    return message;
  };

  const saveDraft = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await persist(values);
      toast.success(t.draftSaved);
    } catch (error) {
      reportSaveFailure(error);
    }
  });

  /** Send test, Schedule and Send now check the form first, then ask their question. */
  const ask = (kind: Pending["kind"]) =>
    handleSubmit((values) => {
      setFailure(null);
      setDialogError(null);
      setPending({ kind, values });
    });

  /** Saves, then runs the action; a failure stays in the open dialog. */
  const confirm = async (action: (saved: CampaignDto) => Promise<void>, fallback: string) => {
    if (!pending) return;
    setDialogError(null);
    let saved: CampaignDto;
    try {
      saved = await persist(pending.values);
    } catch (error) {
      setDialogError(reportSaveFailure(error));
      return;
    }
    try {
      await action(saved);
    } catch (error) {
      setDialogError(messageOf(error, fallback));
    }
  };

  const onTest = (email: string) =>
    confirm(async (saved) => {
      toast.success(await sendTest.mutateAsync({ id: saved._id, email }));
      setPending(null);
    }, errors.sendEmail);

  const onSchedule = (scheduledAt: string) =>
    confirm(async (saved) => {
      const scheduled = await schedule.mutateAsync({ id: saved._id, scheduledAt });
      toast.success(t.scheduledToast(formatDateTime(scheduled.scheduledAt ?? scheduledAt)));
      setPending(null);
    }, errors.scheduleMail);

  const onSend = () =>
    confirm(async (saved) => {
      await send.mutateAsync(saved._id);
      allowLeaving();
      await navigate(paths.admin.emailDetail(saved._id));
    }, errors.sendEmail);

  const busy = save.isPending || sendTest.isPending || schedule.isPending || send.isPending;
  const audienceError = fieldErrors.tagIds?.message ?? fieldErrors.subscriberIds?.message;
  const setAudience = (patch: Partial<Pick<ComposeFormValues, "audienceType" | "tagIds" | "subscriberIds">>) => {
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    if (patch.audienceType) setValue("audienceType", patch.audienceType, options);
    if (patch.tagIds) setValue("tagIds", patch.tagIds, options);
    if (patch.subscriberIds) setValue("subscriberIds", patch.subscriberIds, options);
  };

  return (
    <form onSubmit={saveDraft} noValidate className="space-y-6">
      <FormAlert message={failure} />
      {campaign?.status === "scheduled" && campaign.scheduledAt ? (
        <ScheduledNotice id={campaign._id} scheduledAt={campaign.scheduledAt} />
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-6">
          <section className={sectionClass}>
            <TextField
              label={t.subject}
              autoComplete="off"
              error={fieldErrors.subject?.message}
              {...register("subject")}
            />
            <TextField
              label={t.preheader}
              hint={t.preheaderHint}
              autoComplete="off"
              error={fieldErrors.preheader?.message}
              {...register("preheader")}
            />
            <div>
              <p id={editorLabelId} className="mb-1.5 block text-sm font-medium text-slate-700">
                {t.content}
              </p>
              <Controller
                control={control}
                name="html"
                render={({ field, fieldState }) => (
                  <CampaignEditor
                    labelId={editorLabelId}
                    initialHtml={field.value}
                    onChange={field.onChange}
                    invalid={fieldState.invalid}
                    describedBy={fieldState.error ? htmlErrorId : undefined}
                  />
                )}
              />
              {fieldErrors.html?.message ? (
                <p id={htmlErrorId} className="mt-1.5 text-sm text-red-600">
                  {fieldErrors.html.message}
                </p>
              ) : null}
            </div>
          </section>
          <section className={sectionClass}>
            <AudienceFields
              audienceType={audienceType}
              tagIds={tagIds}
              subscriberIds={subscriberIds}
              onChange={setAudience}
              countable={countable}
              error={audienceError}
            />
          </section>
        </div>
        <section className={`${sectionClass} self-start`} aria-label={campaignUiCopy.preview.title}>
          <h2 className="text-sm font-semibold text-slate-900">{campaignUiCopy.preview.title}</h2>
          <EmailPreview html={previewHtml} preheader={preheader} />
        </section>
      </div>
      <div className="sticky bottom-0 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-slate-50/95 py-4 backdrop-blur">
        <Button type="submit" variant="outline" isLoading={isSubmitting && !pending} disabled={busy}>
          {t.saveDraft}
        </Button>
        <Button variant="outline" disabled={busy} onClick={ask("test")}>
          {t.sendTest}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={ask("schedule")}>
          {t.schedule}
        </Button>
        <Button disabled={busy} onClick={ask("send")}>
          {t.sendNow}
        </Button>
      </div>
      {pending?.kind === "test" ? (
        <TestSendDialog
          isPending={busy}
          error={dialogError}
          onConfirm={(email) => void onTest(email)}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === "schedule" ? (
        <ScheduleDialog
          isPending={busy}
          error={dialogError}
          onConfirm={(when) => void onSchedule(when)}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {pending?.kind === "send" ? (
        <ConfirmDialog
          title={campaignUiCopy.sendDialog.title}
          message={
            recipients === null ? (
              <>
                {campaignUiCopy.sendDialog.messageUncounted(pending.values.subject)}
                {count.isError ? (
                  <div className="mt-4">
                    <CountFailed onRetry={() => void count.refetch()} />
                  </div>
                ) : null}
              </>
            ) : (
              campaignUiCopy.sendDialog.message(pending.values.subject, formatCount(recipients))
            )
          }
          confirmLabel={campaignUiCopy.sendDialog.confirm}
          isPending={busy}
          error={dialogError ?? (recipients === 0 ? campaignCopy.noRecipients : null)}
          confirmDisabled={recipients === null || recipients === 0}
          onConfirm={() => void onSend()}
          onCancel={() => setPending(null)}
        />
      ) : null}
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
