import { uiCopy } from "@shop/shared/ui-copy";
import { Button } from "@/components/button";
import { Modal } from "@/components/modal";

type PlaceholderModalProps = { title: string; onClose: () => void };

/** Stands in for a modal a later release builds, so opening it by id already works. */
export function PlaceholderModal({ title, onClose }: PlaceholderModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          {uiCopy.modal.close}
        </Button>
      }
    >
      <p className="text-sm text-slate-600">{uiCopy.pages.comingSoonText}</p>
    </Modal>
  );
}
