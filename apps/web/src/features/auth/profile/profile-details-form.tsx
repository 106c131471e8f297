import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import { profileUpdateSchema, type UserDto } from "@shop/shared/schemas/users";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import { useUpdateProfile } from "./update-profile";

const t = adminCopy.profile;
type ProfileFormValues = { name: string; phone: string };
const fields = ["name", "phone"] as const;

function isField(key: PropertyKey | undefined): key is (typeof fields)[number] {
  return fields.some((field) => field === key);
}

/**
 * Own name and phone; the email is shown, locked. Only what changed is validated (with the API's
 * schema) and sent, so an account created without a phone can still fix its name.
 */
export function ProfileDetailsForm({ user }: { user: UserDto }) {
  const updateProfile = useUpdateProfile();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormValues>({ defaultValues: { name: user.name, phone: user.phone } });

  const onSubmit = handleSubmit(async (values) => {
    const changed = {
      ...(values.name.trim() !== user.name && { name: values.name }),
      ...(values.phone.trim() !== user.phone && { phone: values.phone }),
    };
    if (Object.keys(changed).length === 0) {
      setFailure(t.nothingChanged);
      return;
    }
    const parsed = profileUpdateSchema.safeParse(changed);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field)) setError(field, { type: "validate", message: issue.message });
      }
      return;
    }
    setFailure(null);
    try {
      const updated = await updateProfile.mutateAsync(parsed.data);
      reset({ name: updated.name, phone: updated.phone });
      toast.success(copy.users.profileUpdated);
    } catch (error) {
      const message = messageOf(error, t.failedUpdate);
      if (!applyServerFieldErrors(error, setError, fields)) setFailure(message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t.detailsTitle}>
      <FormAlert message={failure} />
      <TextField label={t.name} autoComplete="name" error={errors.name?.message} {...register("name")} />
      <TextField label={t.email} type="email" value={user.email} disabled readOnly hint={t.emailLocked} />
      <TextField
        label={t.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register("phone")}
      />
      <div className="flex justify-end">
        <Button type="submit" isLoading={isSubmitting} disabled={!isDirty}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}
