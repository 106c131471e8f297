import { adminCopy } from "@shop/shared/admin-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { useId, useState } from "react";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { Modal } from "@/components/modal";
import { Spinner } from "@/components/spinner";
import { allRolesFilters, useRoles } from "@/features/roles/api/get-roles";
import { messageOf } from "@/lib/api-client";
import type { ModalComponentProps } from "@/modals/modal-types";
import { CreateUserForm } from "./create-user-form";
import { EditUserForm } from "./edit-user-form";
import { useViewer } from "./use-viewer";
import { editBlock } from "./user-rules";

const form = adminCopy.userAdmin.form;

/** The createUser modal: a new user, or the given one to edit. */
export function UserFormModal({ user, onClose }: ModalComponentProps<"createUser">) {
  const formId = useId();
  const [pending, setPending] = useState(false);
  const viewer = useViewer();
  // The form renders once the roles are here, so the role select shows its value from the start.
  const roles = useRoles(allRolesFilters);
  const locked = user ? editBlock(viewer, user) !== null : false;

  return (
    <Modal
      title={user ? adminCopy.userAdmin.editTitle : uiCopy.modal.titles.createUser}
      onClose={onClose}
      dismissible={!pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {uiCopy.modal.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={pending} disabled={!roles.data || locked}>
            {user ? form.save : form.create}
          </Button>
        </>
      }
    >
      {roles.data ? (
        user ? (
          <EditUserForm
            formId={formId}
            user={user}
            roles={roles.data.roles}
            onDone={onClose}
            onPendingChange={setPending}
          />
        ) : (
          <CreateUserForm formId={formId} roles={roles.data.roles} onDone={onClose} onPendingChange={setPending} />
        )
      ) : roles.isError ? (
        <FormAlert message={messageOf(roles.error)} />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
    </Modal>
  );
}
