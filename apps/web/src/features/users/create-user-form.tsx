import { zodResolver } from "@hookform/resolvers/zod";
import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import type { RoleDto } from "@shop/shared/schemas/roles";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAppSelector } from "@/app/store/hooks";
import { FormAlert } from "@/components/form-alert";
import { CheckboxField, SelectField, TextField } from "@/components/form-field";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import { useCreateUser } from "./api/create-user";
import { RoleOptions } from "./role-options";
import { type UserCreateFormInput, type UserCreateFormValues, userCreateFormSchema } from "./user-form-schema";

const form = adminCopy.userAdmin.form;

type CreateUserFormProps = {
  formId: string;
  roles: readonly RoleDto[];
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
};

/** Spec section 5: Name, Email, Phone, Role, Password and its confirmation, all required. */
export function CreateUserForm({ formId, roles, onDone, onPendingChange }: CreateUserFormProps) {
  const viewerIsSuperAdmin = useAppSelector((state) => state.user.userInfo?.isSuperAdmin ?? false);
  const createUser = useCreateUser();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UserCreateFormInput, unknown, UserCreateFormValues>({
    resolver: zodResolver(userCreateFormSchema),
    defaultValues: { name: "", email: "", phone: "", role: "", password: "", confirmPassword: "", isSuperAdmin: false },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirmation, isSuperAdmin, ...fields }) => {
    setFailure(null);
    onPendingChange(true);
    try {
      // Only a super admin may send the flag at all; the API refuses it from anyone else.
      await createUser.mutateAsync(viewerIsSuperAdmin ? { ...fields, isSuperAdmin } : fields);
      toast.success(copy.users.created);
      onDone();
    } catch (error) {
      const placed = applyServerFieldErrors(error, setError, ["name", "email", "phone", "role", "password"]);
      if (!placed) setFailure(messageOf(error, form.failedCreate));
      toast.error(form.failedCreate);
    } finally {
      onPendingChange(false);
    }
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={failure} />
      <TextField label={form.name} autoComplete="off" error={errors.name?.message} {...register("name")} />
      <TextField
        label={form.email}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        label={form.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        error={errors.phone?.message}
        {...register("phone")}
      />
      <SelectField label={form.role} error={errors.role?.message} {...register("role")}>
        <RoleOptions roles={roles} />
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={form.password}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          label={form.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
      </div>
      {viewerIsSuperAdmin ? (
        <CheckboxField label={form.isSuperAdmin} hint={form.isSuperAdminHint} {...register("isSuperAdmin")} />
      ) : null}
    </form>
  );
}
