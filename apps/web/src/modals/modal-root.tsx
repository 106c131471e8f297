import { lazy, Suspense } from "react";
import { useOpenModals } from "./modal-store";

/**
 * The modal frame, the registry of every modal and their spinner arrive with the first modal opened,
 * not with the page: a first visit that opens none downloads none of it.
 */
const ModalStack = lazy(() => import("./modal-stack").then((m) => ({ default: m.ModalStack })));

/** Renders every open modal, top one last; mounted once, by the app shell. */
export function ModalRoot() {
  const modals = useOpenModals();
  if (modals.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ModalStack modals={modals} />
    </Suspense>
  );
}
