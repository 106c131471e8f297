import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router";
import { closeModal, openModal } from "@/modals/modal-store";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Contact Details modal follows `?open=<id>`: a link (the new-enquiry alert's) opens it on load,
 * opening a row puts the id in the address, and closing the modal takes it out again.
 */
export function useOpenContact(): (contactId: string) => void {
  const [params, setParams] = useSearchParams();
  const openId = params.get("open") ?? "";

  const setOpen = useCallback(
    (contactId: string) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (contactId) next.set("open", contactId);
          else next.delete("open");
          return next;
        },
        { replace: !contactId },
      ),
    [setParams],
  );

  useEffect(() => {
    if (!uuid.test(openId)) return;
    const key = openModal("contactQuickView", { contactId: openId, onClosed: () => setOpen("") });
    return () => closeModal(key);
  }, [openId, setOpen]);

  return setOpen;
}
