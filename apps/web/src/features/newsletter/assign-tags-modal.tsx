import { audienceCopy } from "@shop/shared/audience-copy";
import { newsletterCopy } from "@shop/shared/schemas/newsletter";
import { uiCopy } from "@shop/shared/ui-copy";
import { useState } from "react";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { Modal } from "@/components/modal";
import { messageOf } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { useToast } from "@/lib/toasts";
import type { ModalComponentProps } from "@/modals/modal-types";
import { type AssignTagsInput, useAssignTags } from "./api/assign-tags";
import { TagPicker } from "./tag-picker";

const t = audienceCopy.assign;

/** The assignTags modal: search and pick tags, then add them to the chosen subscribers (never removes any). */
export function AssignTagsModal({
  selectedCount,
  subscriberIds,
  filter,
  onAssigned,
  onClose,
}: ModalComponentProps<"assignTags">) {
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const assignTags = useAssignTags();
  const toast = useToast();

  const submit = async () => {
    // Spec section 5: without a tag, Assign Tags does nothing.
    if (tagIds.length === 0 || assignTags.isPending) return;
    setFailure(null);
    const input: AssignTagsInput = filter ? { tagIds, filter } : { tagIds, subscriberIds };
    try {
      await assignTags.mutateAsync(input);
      toast.success(newsletterCopy.tagsAssigned);
      onAssigned?.();
      onClose();
    } catch (error) {
      setFailure(messageOf(error, t.failedDefault));
      toast.error(t.failed);
    }
  };

  return (
    <Modal
      title={uiCopy.modal.titles.assignTags}
      description={filter ? t.descriptionAll(formatCount(selectedCount)) : t.description(formatCount(selectedCount))}
      onClose={onClose}
      dismissible={!assignTags.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={assignTags.isPending}>
            {uiCopy.modal.cancel}
          </Button>
          <Button onClick={() => void submit()} isLoading={assignTags.isPending} disabled={tagIds.length === 0}>
            {t.submit}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <FormAlert message={failure} />
        <TagPicker label={audienceCopy.edit.tags} value={tagIds} onChange={setTagIds} disabled={assignTags.isPending} />
      </div>
    </Modal>
  );
}
