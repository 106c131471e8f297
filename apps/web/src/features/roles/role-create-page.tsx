import { adminCopy } from "@shop/shared/admin-copy";
import { copy } from "@shop/shared/copy";
import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import { useCreateRole } from "./api/create-role";
import { RoleForm } from "./role-form";

/** /admin/manage/roles/create */
export function RoleCreatePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const createRole = useCreateRole();

  return (
    <>
      <PageHeader
        title={adminCopy.adminPages.roleCreate.title}
        description={adminCopy.adminPages.roleCreate.description}
      />
      <RoleForm
        submitLabel={adminCopy.roleAdmin.form.create}
        failureMessage={copy.roles.failedCreate}
        onCancel={() => void navigate(paths.admin.roles)}
        onSave={async (values) => {
          const role = await createRole.mutateAsync(values);
          toast.success(`${copy.roles.created} ${adminCopy.roleAdmin.changes.createdWith(role.permissions.length)}`);
          await navigate(paths.admin.roles);
        }}
      />
    </>
  );
}
