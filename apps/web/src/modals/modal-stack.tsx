import { uiCopy } from "@shop/shared/ui-copy";
import { type ComponentType, Suspense } from "react";
import { Modal } from "@/components/modal";
import { Spinner } from "@/components/spinner";
import { modalRegistry } from "./modal-registry";
import { closeModal, type OpenModal } from "./modal-store";
import type { ModalComponentProps, ModalId } from "./modal-types";

function componentFor<Id extends ModalId>(id: Id): ComponentType<ModalComponentProps<Id>> {
  return modalRegistry[id];
}

function ModalSlot({ modal }: { modal: OpenModal }) {
  const Component = componentFor(modal.id);
  const onClose = () => closeModal(modal.key);
  return <Component {...modal.props} onClose={onClose} />;
}

/** Renders every open modal, top one last (`ModalRoot` loads it when the first one opens). */
export function ModalStack({ modals }: { modals: readonly OpenModal[] }) {
  return (
    <>
      {modals.map((modal) => (
        <Suspense
          key={modal.key}
          fallback={
            <Modal title={uiCopy.loading} onClose={() => closeModal(modal.key)}>
              <div className="flex justify-center py-8">
                <Spinner />
              </div>
            </Modal>
          }
        >
          <ModalSlot modal={modal} />
        </Suspense>
      ))}
    </>
  );
}
