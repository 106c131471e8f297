import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import type { RoleDto, RoleUpdate } from "@shop/shared/schemas/roles";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { buttonClasses } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { RecordLoadFailure } from "@/components/record-load-failure";
import { PageSpinner } from "@/components/spinner";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useRole } from "./api/get-role";
import { useUpdateRole } from "./api/update-role";
import { permissionChanges } from "./permission-groups";
import { type RoleChangeSummary, RoleChangeSummaryPanel } from "./role-change-summary";
import { RoleForm, type RoleFormValues } from "./role-form";

const t = adminCopy.roleAdmin;

/** Only what differs from the role as loaded: the API takes partial updates. */
function roleChanges(role: RoleDto, values: RoleFormValues): { update: RoleUpdate; summary: RoleChangeSummary } {
  const before = role.permissions.map((p) => p.name);
  const { added, removed } = permissionChanges(before, values.permissions);
  const description = values.description ?? "";
  const twoFactorChanged = values.requireTwoFactor !== role.requireTwoFactor;
  const update: RoleUpdate = {
    ...(values.name !== role.name && { name: values.name }),
    ...(description !== role.description && { description }),
    ...((added.length > 0 || removed.length > 0) && { permissions: values.permissions }),
    ...(twoFactorChanged && { requireTwoFactor: values.requireTwoFactor }),
  };
  return {
    update,
    summary: {
      added,
      removed,
      renamedFrom: values.name !== role.name ? { from: role.name, to: values.name } : undefined,
      descriptionChanged: description !== role.description,
      requireTwoFactor: twoFactorChanged ? values.requireTwoFactor : undefined,
    },
  };
}

/** /admin/manage/roles/edit/:roleId */
export function RoleEditPage() {
  const { roleId = "" } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const role = useRole(roleId);
  const updateRole = useUpdateRole();
  const [summary, setSummary] = useState<RoleChangeSummary | null>(null);
  const page = adminCopy.adminPages.roleEdit;

  if (role.isPending) return <PageSpinner />;
  if (role.isError) {
    return (
      <>
        <PageHeader title={page.title} />
        <RecordLoadFailure
          error={role.error}
          notFound={t.notFound}
          back={
            <Link to={paths.admin.roles} className={buttonClasses("outline")}>
              {t.backToRoles}
            </Link>
          }
          onRetry={() => void role.refetch()}
        />
      </>
    );
  }

  const current = role.data;
  return (
    <>
      <PageHeader title={`${page.title}: ${current.name}`} description={page.description} />
      {summary ? <RoleChangeSummaryPanel summary={summary} /> : null}
      <RoleForm
        key={current._id}
        role={current}
        submitLabel={t.form.save}
        failureMessage={copy.roles.failedUpdate}
        onCancel={() => void navigate(paths.admin.roles)}
        onSave={async (values) => {
          const { update, summary: next } = roleChanges(current, values);
          if (Object.keys(update).length === 0) {
            toast.info(t.form.nothingChanged);
            return;
          }
          await updateRole.mutateAsync({ id: current._id, changes: update });
          setSummary(next);
          toast.success(`${copy.roles.updated}: ${t.changes.summary(next.added.length, next.removed.length)}`);
        }}
      />
    </>
  );
}
