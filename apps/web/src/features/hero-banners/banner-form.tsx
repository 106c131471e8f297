import { zodResolver } from "@hookform/resolvers/zod";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { HeroBannerCreate, HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { CheckboxField, TextField } from "@/components/form-field";
import { ImageUploader } from "@/components/image-uploader";
import { UnsavedChangesDialog } from "@/components/unsaved-changes-dialog";
import { paths } from "@/lib/paths";
import { useSaveAndReturn } from "@/lib/use-save-and-return";
import { type BannerFormInput, bannerFormDefaults, bannerFormSchema } from "./banner-form-schema";

const t = backofficeCopy.banners.form;
const sectionClass = "space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

type BannerFormProps = {
  banner?: HeroBannerDto;
  /** Where a new banner goes by default: after the last one. */
  nextOrder?: number;
  submitLabel: string;
  failureMessage: string;
  /** Saves; false when there was nothing to save. */
  onSave: (values: HeroBannerCreate) => Promise<boolean>;
};

/** The one form behind /admin/hero-banners/create and /admin/hero-banners/edit?id=…. */
export function BannerForm({ banner, nextOrder, submitLabel, failureMessage, onSave }: BannerFormProps) {
  const [uploading, setUploading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<BannerFormInput, unknown, HeroBannerCreate>({
    resolver: zodResolver(bannerFormSchema),
    defaultValues: bannerFormDefaults(banner, nextOrder),
  });
  const { failure, blocker, saveAndReturn } = useSaveAndReturn({
    isDirty,
    setError,
    fields: ["title", "subtitle", "image", "ctaLabel", "ctaLink", "displayOrder", "startsAt", "endsAt"],
    failureMessage,
    returnTo: paths.admin.heroBanners,
  });
  const startsAt = watch("startsAt");
  const endsAt = watch("endsAt");

  const onSubmit = handleSubmit((values) => saveAndReturn(() => onSave(values)));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert message={failure} />
      <section className={sectionClass}>
        <TextField label={t.title} autoComplete="off" error={errors.title?.message} {...register("title")} />
        <TextField label={t.subtitle} autoComplete="off" error={errors.subtitle?.message} {...register("subtitle")} />
        <Controller
          control={control}
          name="image"
          render={({ field, fieldState }) => (
            <ImageUploader
              label={t.image}
              folder="banners"
              max={1}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              onUploadingChange={setUploading}
            />
          )}
        />
      </section>
      <section className={`${sectionClass} grid gap-4 sm:grid-cols-2 sm:space-y-0`}>
        <TextField label={t.ctaLabel} autoComplete="off" error={errors.ctaLabel?.message} {...register("ctaLabel")} />
        <TextField
          label={t.ctaLink}
          hint={t.ctaLinkHint}
          autoComplete="off"
          error={errors.ctaLink?.message}
          {...register("ctaLink")}
        />
      </section>
      <section className={`${sectionClass} grid gap-4 sm:grid-cols-3 sm:space-y-0`}>
        <TextField
          label={t.displayOrder}
          type="number"
          min={0}
          step={1}
          error={errors.displayOrder?.message}
          {...register("displayOrder")}
        />
        <TextField
          label={t.startsAt}
          type="date"
          max={endsAt || undefined}
          hint={t.scheduleHint}
          error={errors.startsAt?.message}
          {...register("startsAt", { deps: ["endsAt"] })}
        />
        <TextField
          label={t.endsAt}
          type="date"
          min={startsAt || undefined}
          error={errors.endsAt?.message}
          {...register("endsAt", { deps: ["startsAt"] })}
        />
        <CheckboxField label={t.isActive} hint={t.isActiveHint} className="sm:col-span-3" {...register("isActive")} />
      </section>
      <div className="flex justify-end gap-3">
        <Link to={paths.admin.heroBanners} className={buttonClasses("outline")}>
          {t.cancel}
        </Link>
        <Button type="submit" isLoading={isSubmitting} disabled={uploading}>
          {submitLabel}
        </Button>
      </div>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
