import { zodResolver } from "@hookform/resolvers/zod";
import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import type { RoleDto } from "@shop/shared/schemas/roles";
import type { UserDto } from "@shop/shared/schemas/users";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { CheckboxField, SelectField, TextField } from "@/components/form-field";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import { useUpdateUser } from "./api/update-user";
import { RoleOptions } from "./role-options";
import { SendResetLink } from "./send-reset-link";
import { useViewer } from "./use-viewer";
import {
  editDefaultsOf,
  type UserEditFormInput,
  type UserEditFormValues,
  userChanges,
  userEditFormSchema,
} from "./user-form-schema";
import { editBlock, roleChangeBlock, statusChangeBlock } from "./user-rules";

const form = adminCopy.userAdmin.form;

type EditUserFormProps = {
  formId: string;
  user: UserDto;
  roles: readonly RoleDto[];
  onDone: () => void;
  onPendingChange: (pending: boolean) => void;
};

/** Spec section 5: the email is locked; only the changed fields among name, phone, role and isActive are sent. */
export function EditUserForm({ formId, user, roles, onDone, onPendingChange }: EditUserFormProps) {
  const viewer = useViewer();
  const updateUser = useUpdateUser();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const locked = editBlock(viewer, user);
  const statusLocked = statusChangeBlock(viewer, user);
  const roleLocked = roleChangeBlock(viewer, user);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UserEditFormInput, unknown, UserEditFormValues>({
    resolver: zodResolver(userEditFormSchema),
    defaultValues: editDefaultsOf(user),
    disabled: locked !== null,
  });

  const onSubmit = handleSubmit(async (values) => {
    const changes = userChanges(user, values);
    if (Object.keys(changes).length === 0) {
      setFailure(form.nothingChanged);
      return;
    }
    setFailure(null);
    onPendingChange(true);
    try {
      await updateUser.mutateAsync({ id: user._id, changes });
      toast.success(copy.users.updated);
      onDone();
    } catch (error) {
      const placed = applyServerFieldErrors(error, setError, ["name", "phone", "role", "isActive"]);
      if (!placed) setFailure(messageOf(error, form.failedUpdate));
      toast.error(form.failedUpdate);
    } finally {
      onPendingChange(false);
    }
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={locked ?? failure} />
      <TextField label={form.name} autoComplete="off" error={errors.name?.message} {...register("name")} />
      <TextField label={form.email} type="email" value={user.email} disabled readOnly hint={form.emailLocked} />
      <TextField
        label={form.phone}
        type="tel"
        inputMode="numeric"
        autoComplete="off"
        error={errors.phone?.message}
        {...register("phone")}
      />
      {roleLocked && locked === null ? (
        // Not registered: the role stays as it was and is never sent.
        <SelectField label={form.role} defaultValue={user.role?._id ?? ""} disabled hint={roleLocked}>
          <RoleOptions roles={roles} currentRoleId={user.role?._id} />
        </SelectField>
      ) : (
        <SelectField label={form.role} error={errors.role?.message} {...register("role")}>
          <RoleOptions roles={roles} currentRoleId={user.role?._id} />
        </SelectField>
      )}
      {statusLocked ? (
        // Not registered: the value stays as it was and is never sent.
        <CheckboxField label={form.isActive} checked={user.isActive} disabled readOnly hint={statusLocked} />
      ) : (
        <CheckboxField label={form.isActive} error={errors.isActive?.message} {...register("isActive")} />
      )}
      {locked === null && user.isActive ? <SendResetLink user={user} /> : null}
    </form>
  );
}
