import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { useState } from "react";
import { clearCart } from "@/app/store/cart-slice";
import { useAppDispatch, useAppSelector } from "@/app/store/hooks";
import { Button } from "@/components/button";
import { ContactFields, HoneypotField, useEnquiryForm } from "@/components/contact-fields";
import { AlertCircleIcon } from "@/components/icons";
import { useCreateContact } from "@/features/contacts/api/create-contact";
import { useToast } from "@/lib/toasts";
import { quoteRequestBody } from "./quote-request";

const copy = storefrontCopy.cart.quote;

/** "Request a quote": the cart's items go to the team as one contact; the cart empties once it is sent. */
export function QuoteRequestForm({ onSent }: { onSent: () => void }) {
  const dispatch = useAppDispatch();
  const { items, total } = useAppSelector((state) => state.cart);
  const toast = useToast();
  const { mutateAsync, isPending } = useCreateContact();
  const [failed, setFailed] = useState(false);
  const { form, honeypot, honeypotValue, fieldProps, canSubmit } = useEnquiryForm();

  const onSubmit = form.handleSubmit(async (fields) => {
    setFailed(false);
    try {
      await mutateAsync(quoteRequestBody(fields, items, total, honeypotValue()));
      dispatch(clearCart());
      onSent();
    } catch {
      toast.error(uiCopy.storefront.errors.enquiry);
      setFailed(true);
    }
  });

  return (
    <section id="quote" aria-labelledby="quote-title" className="scroll-mt-24">
      <h2 id="quote-title" className="text-xl font-semibold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{copy.text}</p>
      <form onSubmit={onSubmit} noValidate className="relative mt-5 space-y-4">
        {failed ? (
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
            <AlertCircleIcon className="size-5 shrink-0" />
            {uiCopy.storefront.errors.enquiry}
          </p>
        ) : null}
        <ContactFields {...fieldProps} />
        <HoneypotField inputRef={honeypot} />
        <Button type="submit" size="lg" className="w-full" disabled={!canSubmit} isLoading={isPending}>
          {isPending ? copy.submitting : copy.submit}
        </Button>
      </form>
    </section>
  );
}
