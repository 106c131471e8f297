import { copy } from "@shop/shared/copy";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/button";
import { ContactFields, HoneypotField, useEnquiryForm } from "@/components/contact-fields";
import { AlertCircleIcon, CheckCircleIcon } from "@/components/icons";
import { Modal } from "@/components/modal";
import { paths } from "@/lib/paths";
import { useToast } from "@/lib/toasts";
import type { ModalComponentProps } from "@/modals/modal-types";
import { useCreateContact } from "./api/create-contact";

/** Spec section 9: the thank-you view closes itself after 2 seconds. */
export const enquiryAutoCloseMs = 2000;

const text = storefrontCopy.enquiry;

type Status = "idle" | "submitting" | "submitted";

/**
 * "Get Product Information" (spec sections 2, 4, 5, 8, 9): validated on change, submit disabled until
 * valid and changed; idle → submitting (cannot be closed) → "Thank You!" → closes after 2 s.
 */
export function EnquiryModal({ productName, onClose }: ModalComponentProps<"contact">) {
  const formId = useId();
  const [status, setStatus] = useState<Status>("idle");
  const [failed, setFailed] = useState(false);
  const toast = useToast();
  const { mutateAsync } = useCreateContact();
  const { form, honeypot, honeypotValue, fieldProps, canSubmit } = useEnquiryForm();

  useEffect(() => {
    if (status !== "submitted") return;
    const timer = window.setTimeout(onClose, enquiryAutoCloseMs);
    return () => window.clearTimeout(timer);
  }, [status, onClose]);

  const onSubmit = form.handleSubmit(async (fields) => {
    setStatus("submitting");
    setFailed(false);
    try {
      await mutateAsync({
        ...fields,
        subject: text.subject,
        messageType: "productRequest",
        createdBy: text.createdBy,
        request: text.request(productName),
        website: honeypotValue(),
      });
      setStatus("submitted");
    } catch {
      toast.error(uiCopy.storefront.errors.enquiry);
      setFailed(true);
      setStatus("idle");
    }
  });

  const submitting = status === "submitting";

  if (status === "submitted") {
    return (
      <Modal title={uiCopy.modal.titles.contact} onClose={onClose}>
        <div role="status" className="flex flex-col items-center py-6 text-center">
          <span className="rounded-full bg-emerald-50 p-3 text-emerald-600">
            <CheckCircleIcon className="size-10" />
          </span>
          <p className="mt-4 text-2xl font-bold text-slate-900">{text.thankYou}</p>
          <p className="mt-2 font-medium text-slate-800">{copy.storefront.enquirySubmitted}</p>
          <p className="mt-1 text-sm text-slate-600">{text.contactSoon}</p>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      title={uiCopy.modal.titles.contact}
      description={text.intro(productName)}
      onClose={onClose}
      dismissible={!submitting}
      footer={
        <Button type="submit" form={formId} disabled={!canSubmit} isLoading={submitting}>
          {submitting ? text.submitting : text.submit}
        </Button>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="relative space-y-4">
        {failed ? (
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
            <AlertCircleIcon className="size-5 shrink-0" />
            {uiCopy.storefront.errors.enquiry}
          </p>
        ) : null}
        <ContactFields {...fieldProps} />
        <HoneypotField inputRef={honeypot} />
        <p className="text-xs text-slate-600">
          {text.privacyBefore}
          <Link
            to={paths.privacy}
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {text.privacyLink}
            <span className="sr-only"> {uiCopy.footer.opensInNewTab}</span>
          </Link>
          .
        </p>
      </form>
    </Modal>
  );
}
