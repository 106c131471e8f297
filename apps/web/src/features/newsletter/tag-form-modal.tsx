import { zodResolver } from "@hookform/resolvers/zod";
import { audienceCopy } from "@shop/shared/audience-copy";
import { tagCreateSchema } from "@shop/shared/schemas/newsletter";
import { slugify } from "@shop/shared/slugify";
import { uiCopy } from "@shop/shared/ui-copy";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextareaField, TextField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import type { ModalComponentProps } from "@/modals/modal-types";
import { useCreateTag } from "./api/create-tag";
import { useUpdateTag } from "./api/update-tag";

const t = audienceCopy.tags;
const form = t.form;

type TagFormInput = z.input<typeof tagCreateSchema>;
type TagFormValues = z.output<typeof tagCreateSchema>;

/** The createTag modal: Tag Name (required: submit waits for it), Description (optional), the slug shown as it will be. */
export function TagFormModal({ tag, onClose }: ModalComponentProps<"createTag">) {
  const formId = useId();
  const toast = useToast();
  const createTag = useCreateTag();
  const updateTag = useUpdateTag();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TagFormInput, unknown, TagFormValues>({
    resolver: zodResolver(tagCreateSchema),
    defaultValues: { name: tag?.name ?? "", description: tag?.description ?? "" },
  });
  const slug = slugify(watch("name"));
  const blank = slug === "";

  const onSubmit = handleSubmit(async ({ name, description }) => {
    setFailure(null);
    try {
      if (tag) {
        await updateTag.mutateAsync({ id: tag._id, name, description });
        toast.success(t.updated);
      } else {
        await createTag.mutateAsync({ name, description });
        toast.success(t.created);
      }
      onClose();
    } catch (error) {
      // A taken name (409) belongs under the name; anything else above the form.
      if (!applyServerFieldErrors(error, setError, ["name", "description"])) {
        setFailure(messageOf(error, tag ? form.failedUpdateDefault : form.failedCreateDefault));
      }
      toast.error(tag ? form.failedUpdate : form.failedCreate);
    }
  });

  return (
    <Modal
      title={tag ? t.editTitle : uiCopy.modal.titles.createTag}
      onClose={onClose}
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
            {uiCopy.modal.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting} disabled={blank}>
            {tag ? form.save : form.create}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={failure} />
        <div>
          <TextField
            label={form.name}
            autoComplete="off"
            required
            maxLength={60}
            error={errors.name?.message}
            {...register("name")}
          />
          <p className="mt-1.5 text-xs text-slate-500" data-testid="slug-preview">
            {form.slug}: <code className="font-mono text-slate-700">{slug || "—"}</code>
          </p>
        </div>
        <TextareaField
          label={form.description}
          hint={form.descriptionHint}
          maxLength={300}
          error={errors.description?.message}
          {...register("description")}
        />
      </form>
    </Modal>
  );
}
