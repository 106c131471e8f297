import { zodResolver } from "@hookform/resolvers/zod";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import {
  type Settings,
  type SettingsFormValues,
  settingsFormSchema,
  settingsSchema,
} from "@shop/shared/schemas/settings";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { CheckboxField, TextareaField, TextField } from "@/components/form-field";
import { UnsavedChangesDialog } from "@/components/unsaved-changes-dialog";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import { useUnsavedChanges } from "@/lib/use-unsaved-changes";
import { useUpdateSettings } from "./api/update-settings";

const t = backofficeCopy.settings;
const settingKeys = Object.keys(settingsSchema.shape) as (keyof Settings)[];
const urlKeys = ["facebookUrl", "instagramUrl", "linkedinUrl", "whatsappUrl", "marketplaceUrl", "warrantyUrl"] as const;

/** The settings that differ from the ones loaded: PUT /settings takes only those. */
export function settingsChangesOf(before: Settings, after: Settings): Partial<Settings> {
  const same = (key: keyof Settings) => JSON.stringify(before[key]) === JSON.stringify(after[key]);
  return Object.fromEntries(settingKeys.filter((key) => !same(key)).map((key) => [key, after[key]]));
}

const formValuesOf = (settings: Settings): SettingsFormValues => ({
  ...settings,
  enquiryNotifyEmails: settings.enquiryNotifyEmails.join("\n"),
});

/** A list's error sits on the item that is wrong: the first one found says what to fix. */
function listErrorOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  if ("message" in error && typeof error.message === "string" && error.message) return error.message;
  if (Array.isArray(error)) {
    for (const item of error) {
      const message = listErrorOf(item);
      if (message) return message;
    }
  }
  return undefined;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2">
      <legend className="float-left mb-2 text-base font-semibold text-slate-900 sm:col-span-2">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Store details, social channels, outside links, new-enquiry mail and the mail sender; saves only what changed. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const toast = useToast();
  const update = useUpdateSettings();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<SettingsFormValues, unknown, Settings>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formValuesOf(settings),
  });
  const { blocker } = useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const changes = settingsChangesOf(settings, values);
    if (Object.keys(changes).length === 0) {
      toast.info(t.nothingChanged);
      return;
    }
    try {
      const saved = await update.mutateAsync(changes);
      reset(formValuesOf(saved));
      toast.success(t.saved);
    } catch (error) {
      const placed = applyServerFieldErrors(error, setError, settingKeys);
      const message = messageOf(error, t.failedSave);
      if (!placed) setFailure(message);
      toast.error(message);
    }
  });

  const text = (key: Exclude<keyof Settings, "enquiryNotifyEmails">, label: string, type = "text", hint?: string) => (
    <TextField
      label={label}
      type={type}
      hint={hint}
      autoComplete="off"
      error={errors[key]?.message}
      {...register(key)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert message={failure} />
      <Section title={t.store}>
        {text("storeName", t.storeName)}
        {text("contactEmail", t.contactEmail, "email")}
        {text("contactPhone", t.contactPhone, "tel")}
      </Section>
      <Section title={t.social}>
        {urlKeys.slice(0, 4).map((key) => (
          <div key={key}>{text(key, t[key], "url", t.urlHint)}</div>
        ))}
      </Section>
      <Section title={t.links}>
        {urlKeys.slice(4).map((key) => (
          <div key={key}>{text(key, t[key], "url", t.urlHint)}</div>
        ))}
      </Section>
      <Section title={t.enquiries}>
        <TextareaField
          label={t.enquiryNotifyEmails}
          hint={t.enquiryNotifyEmailsHint}
          rows={3}
          className="sm:col-span-2"
          error={listErrorOf(errors.enquiryNotifyEmails)}
          {...register("enquiryNotifyEmails")}
        />
        <CheckboxField
          label={t.enquiryConfirmation}
          hint={t.enquiryConfirmationHint}
          className="sm:col-span-2"
          {...register("enquiryConfirmation")}
        />
      </Section>
      <Section title={t.mail}>
        {text("mailFromName", t.mailFromName)}
        {text("mailFromAddress", t.mailFromAddress, "email", t.mailFromHint)}
        {text("mailReplyTo", t.mailReplyTo, "email", t.mailReplyToHint)}
        <CheckboxField
          label={t.doubleOptIn}
          hint={t.doubleOptInHint}
          className="sm:col-span-2"
          {...register("doubleOptIn")}
        />
        {text("softBouncesToBounce", t.softBouncesToBounce, "number", t.softBouncesToBounceHint)}
      </Section>
      <div className="flex justify-end gap-3">
        <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset(formValuesOf(settings))}>
          {t.reset}
        </Button>
        <Button type="submit" isLoading={isSubmitting} disabled={!isDirty}>
          {t.save}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
