import { zodResolver } from "@hookform/resolvers/zod";
import { audienceCopy } from "@shop/shared/audience-copy";
import { subscriberUpdateSchema } from "@shop/shared/schemas/newsletter";
import { uiCopy } from "@shop/shared/ui-copy";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { ApiError } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { requiredField } from "@/lib/required-field";
import { useToast } from "@/lib/toasts";
import type { ModalComponentProps } from "@/modals/modal-types";
import { useUpdateSubscriber } from "./api/update-subscriber";
import { TagPicker } from "./tag-picker";

const t = audienceCopy.edit;

/**
 * The API's subscriber update, limits and all. The form adds what spec section 5 asks of it: the email
 * required before its format is checked, and the tags always there (they replace the subscriber's set).
 */
const editSubscriberSchema = subscriberUpdateSchema.extend({
  email: requiredField("Email", subscriberUpdateSchema.shape.email),
  tags: subscriberUpdateSchema.shape.tags.unwrap(),
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
            <TagPicker
              label={t.tags}
              value={field.value}
              onChange={field.onChange}
              error={errors.tags?.message}
              disabled={isSubmitting}
            />
          )}
        />
      </form>
    </Modal>
  );
}
