import { zodResolver } from "@hookform/resolvers/zod";
import { audienceCopy } from "@shop/shared/audience-copy";
import { copy } from "@shop/shared/copy";
import { idSchema } from "@shop/shared/schemas/common";
import { emailSchema } from "@shop/shared/schemas/users";
import { uiCopy } from "@shop/shared/ui-copy";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { ApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import type { ModalComponentProps } from "@/modals/modal-types";
import { useUpdateSubscriber } from "./api/update-subscriber";
import { TagPicker } from "./tag-picker";

const t = audienceCopy.edit;

/** Spec section 5: email required, trimmed before sending; the tags replace the subscriber's set. */
export const editSubscriberSchema = z.object({
  email: z.string().trim().min(1, copy.validation.required("Email")).pipe(emailSchema),
  tags: z.array(idSchema),
});
type EditSubscriberInput = z.input<typeof editSubscriberSchema>;
type EditSubscriberValues = z.output<typeof editSubscriberSchema>;

/** Spec section 8: "Update failed" followed by the reason, or "unknown error". */
export function updateFailedMessage(error: unknown): string {
  return t.updateFailed(error instanceof ApiError && error.message ? error.message : t.unknownError);
}

/** The editSubscriber modal: the email and a tag multi-select searchable by name and slug. */
export function EditSubscriberModal({ subscriberId, email, tagIds, onClose }: ModalComponentProps<"editSubscriber">) {
  const formId = useId();
  const toast = useToast();
  const updateSubscriber = useUpdateSubscriber();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditSubscriberInput, unknown, EditSubscriberValues>({
    resolver: zodResolver(editSubscriberSchema),
    defaultValues: { email, tags: tagIds },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await updateSubscriber.mutateAsync({ id: subscriberId, email: values.email, tags: values.tags });
      toast.success(t.updated);
      onClose();
    } catch (error) {
      // A taken email (409) is shown under the email; anything else above the form.
      if (!applyServerFieldErrors(error, setError, ["email"])) setFailure(updateFailedMessage(error));
      toast.error(t.failed);
    }
  });

  return (
    <Modal
      title={uiCopy.modal.titles.editSubscriber}
      onClose={onClose}
      size="lg"
      dismissible={!isSubmitting}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
            {uiCopy.modal.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={isSubmitting}>
            {t.save}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <FormAlert message={failure} />
        <TextField
          label={t.email}
          type="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...register("email")}
        />
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagPicker label={t.tags} value={field.value} onChange={field.onChange} disabled={isSubmitting} />
          )}
        />
      </form>
    </Modal>
  );
}
