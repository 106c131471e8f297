import { zodResolver } from "@hookform/resolvers/zod";
import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { AdminPostDto, PostCreate } from "@shop/shared/schemas/blog";
import { urlSlug } from "@shop/shared/slugify";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { SelectField, TextareaField, TextField } from "@/components/form-field";
import { ImageUploader } from "@/components/image-uploader";
import { UnsavedChangesDialog } from "@/components/unsaved-changes-dialog";
import { paths } from "@/lib/paths";
import { useSaveAndReturn } from "@/lib/use-save-and-return";
import { MarkdownEditor } from "./markdown-editor";
import { type PostFormInput, postFormDefaults, postFormSchema } from "./post-form-schema";

const t = backofficeCopy.blog;
const sectionClass = "space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

type PostFormProps = {
  post?: AdminPostDto;
  failureMessage: string;
  /** Saves; false when there was nothing to save. */
  onSave: (values: PostCreate) => Promise<boolean>;
};

/** Title, slug, excerpt, cover, Markdown body with preview, author, status and date; shared by create and edit. */
export function PostForm({ post, failureMessage, onSave }: PostFormProps) {
  const [uploading, setUploading] = useState(false);
  // A new post's slug follows its title until someone types a slug of their own.
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(!post);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<PostFormInput, unknown, PostCreate>({
    resolver: zodResolver(postFormSchema),
    defaultValues: postFormDefaults(post),
  });
  const { failure, blocker, saveAndReturn } = useSaveAndReturn({
    isDirty,
    setError,
    fields: ["title", "slug", "excerpt", "body", "author", "publishedAt"],
    failureMessage,
    returnTo: paths.admin.blog,
  });
  const status = watch("status");

  const onSubmit = handleSubmit((values) => saveAndReturn(() => onSave(values)));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-6">
        <FormAlert message={failure} />
        <section className={sectionClass}>
          <TextField
            label={t.form.title}
            autoComplete="off"
            error={errors.title?.message}
            {...register("title", {
              onChange: (event) => {
                // As the server makes it; empty for a title with no Latin spelling, which the server then gives its own.
                if (slugFollowsTitle) setValue("slug", urlSlug(String(event.target.value)));
              },
            })}
          />
          <TextField
            label={t.form.slug}
            hint={t.form.slugHint}
            autoComplete="off"
            error={errors.slug?.message}
            {...register("slug", { onChange: () => setSlugFollowsTitle(false) })}
          />
          <TextareaField
            label={t.form.excerpt}
            hint={t.form.excerptHint}
            rows={2}
            error={errors.excerpt?.message}
            {...register("excerpt")}
          />
        </section>
        <section className={sectionClass}>
          <MarkdownEditor value={watch("body")} error={errors.body?.message} {...register("body")} />
        </section>
      </div>
      <aside className="space-y-6">
        <section className={sectionClass}>
          <SelectField label={t.form.status} {...register("status")}>
            <option value="draft">{t.statuses.draft}</option>
            <option value="published">{t.statuses.published}</option>
          </SelectField>
          <TextField
            label={t.form.publishedAt}
            type="date"
            hint={t.form.publishedAtHint}
            error={errors.publishedAt?.message}
            {...register("publishedAt")}
          />
          <TextField label={t.form.author} autoComplete="off" error={errors.author?.message} {...register("author")} />
        </section>
        <section className={sectionClass}>
          <Controller
            control={control}
            name="coverImage"
            render={({ field }) => (
              <ImageUploader
                label={t.form.coverImage}
                folder="blog"
                max={1}
                value={field.value}
                onChange={field.onChange}
                onUploadingChange={setUploading}
              />
            )}
          />
        </section>
        <div className="flex justify-end gap-3">
          <Link to={paths.admin.blog} className={buttonClasses("outline")}>
            {t.form.cancel}
          </Link>
          <Button type="submit" isLoading={isSubmitting} disabled={uploading}>
            {post ? t.form.save : status === "published" ? t.form.saveAndPublish : t.form.saveDraft}
          </Button>
        </div>
      </aside>
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
