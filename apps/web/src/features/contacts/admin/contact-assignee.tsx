import { inboxCopy } from "@shop/shared/inbox-copy";
import type { ContactDto } from "@shop/shared/schemas/contacts";
import { FormAlert } from "@/components/form-alert";
import { SelectField } from "@/components/form-field";
import { messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";
import { useAssignContact } from "./api/contact-thread";
import { useAssignees } from "./api/get-assignees";

const t = inboxCopy;

/** Who looks after this request: any active staff member who may view contacts, or nobody. */
export function AssigneeSelect({ contact }: { contact: ContactDto }) {
  const toast = useToast();
  const assignees = useAssignees();
  const assign = useAssignContact();
  const current = contact.assignee?._id ?? "";
  // Someone assigned who no longer qualifies (deactivated, role changed) still shows as assigned.
  const options = [...(assignees.data ?? [])];
  if (contact.assignee && !options.some((person) => person._id === current)) {
    options.unshift({ ...contact.assignee, email: "" });
  }

  const change = (value: string) => {
    if (value === current) return;
    assign.mutate(
      { id: contact._id, userId: value || null },
      { onSuccess: (after) => toast.success(t.assigneeChanged(after.assignee?.name ?? null)) },
    );
  };

  return (
    <div>
      <SelectField
        label={t.assignee}
        value={current}
        disabled={assign.isPending || assignees.isPending}
        onChange={(event) => change(event.target.value)}
      >
        <option value="">{t.unassigned}</option>
        {options.map((person) => (
          <option key={person._id} value={person._id}>
            {person.name}
          </option>
        ))}
      </SelectField>
      <FormAlert
        message={
          assign.isError
            ? messageOf(assign.error, t.failedAssign)
            : assignees.isError
              ? messageOf(assignees.error, t.failedAssignees)
              : null
        }
        className="mt-2"
      />
    </div>
  );
}
