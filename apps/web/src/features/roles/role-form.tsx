import { zodResolver } from "@hookform/resolvers/zod";
import { adminCopy } from "@shop/shared/admin-copy";
import { type RoleDto, roleCreateSchema } from "@shop/shared/schemas/roles";
import { twoFactorCopy } from "@shop/shared/two-factor-copy";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextareaField, TextField } from "@/components/form-field";
import { PageSpinner } from "@/components/spinner";
import { usePrincipal } from "@/lib/access";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useToast } from "@/lib/toasts";
import { usePermissions } from "./api/get-permissions";
import { PermissionPicker } from "./permission-picker";

const t = adminCopy.roleAdmin.form;

export type RoleFormInput = z.input<typeof roleCreateSchema>;
export type RoleFormValues = z.output<typeof roleCreateSchema>;

type RoleFormProps = {
  role?: RoleDto;
  submitLabel: string;
  /** Saves; a thrown ApiError lands under its field or above the form. */
  onSave: (values: RoleFormValues) => Promise<void>;
  onCancel: () => void;
  /** Failures with no field of their own ("Failed to create role"). */
  failureMessage: string;
};

function defaultsOf(role?: RoleDto): RoleFormInput {
  return {
    name: role?.name ?? "",
    description: role?.description ?? "",
    permissions: role?.permissions.map((p) => p.name) ?? [],
    requireTwoFactor: role?.requireTwoFactor ?? false,
  };
}

/** The role's name, description and permissions, shared by the create and edit pages. */
export function RoleForm({ role, submitLabel, onSave, onCancel, failureMessage }: RoleFormProps) {
  const principal = usePrincipal();
  const permissions = usePermissions();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RoleFormInput, unknown, RoleFormValues>({
    resolver: zodResolver(roleCreateSchema),
    defaultValues: defaultsOf(role),
  });
  const canGrant = (name: string) => principal.isSuperAdmin || principal.permissions.includes(name);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values);
    } catch (error) {
      const placed = applyServerFieldErrors(error, setError, ["name", "description", "permissions"]);
      const message = messageOf(error, failureMessage);
      if (!placed) setFailure(message);
      toast.error(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormAlert message={failure} />
      <section className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <TextField label={t.name} autoComplete="off" error={errors.name?.message} {...register("name")} />
        <TextareaField label={t.description} error={errors.description?.message} {...register("description")} />
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" {...register("requireTwoFactor")} />
          <span>
            <span className="font-medium text-slate-900">{twoFactorCopy.ui.requireOnRole}</span>
            <span className="block text-slate-600">{twoFactorCopy.ui.requireOnRoleHint}</span>
          </span>
        </label>
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 text-base font-semibold text-slate-900">{t.permissions}</h2>
        {permissions.data ? (
          <Controller
            control={control}
            name="permissions"
            render={({ field }) => (
              <PermissionPicker
                permissions={permissions.data}
                value={field.value ?? []}
                onChange={field.onChange}
                canGrant={canGrant}
                disabled={isSubmitting}
              />
            )}
          />
        ) : permissions.isError ? (
          <FormAlert message={messageOf(permissions.error)} />
        ) : (
          <PageSpinner />
        )}
        {errors.permissions?.message ? <p className="mt-3 text-sm text-red-600">{errors.permissions.message}</p> : null}
      </section>
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {t.cancel}
        </Button>
        <Button type="submit" isLoading={isSubmitting} disabled={!permissions.data}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
