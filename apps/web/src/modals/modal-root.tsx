import { uiCopy } from "@shop/shared/ui-copy";
import { type ComponentType, Suspense } from "react";
import { Modal } from "@/components/modal";
import { Spinner } from "@/components/spinner";
import { modalRegistry } from "./modal-registry";
import { closeModal, type OpenModal, useOpenModals } from "./modal-store";
import type { ModalComponentProps, ModalId } from "./modal-types";

function componentFor<Id extends ModalId>(id: Id): ComponentType<ModalComponentProps<Id>> {
  return modalRegistry[id];
}

function ModalSlot({ modal }: { modal: OpenModal }) {
  const Component = componentFor(modal.id);
  const onClose = () => closeModal(modal.key);
  return <Component {...modal.props} onClose={onClose} />;
}

/** Renders every open modal, top one last; mounted once, by the app shell. */
export function ModalRoot() {
  const modals = useOpenModals();
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
