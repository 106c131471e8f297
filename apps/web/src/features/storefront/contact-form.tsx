import { zodResolver } from "@hookform/resolvers/zod";
import { contactCreateSchema } from "@shop/shared/schemas/contacts";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/button";
import { ContactFields, HoneypotField } from "@/components/contact-fields";
import { TextareaField, TextField } from "@/components/form-field";
import { AlertCircleIcon, CheckCircleIcon } from "@/components/icons";
import { useCreateContact } from "@/features/contacts/api/create-contact";
import { useToast } from "@/lib/toasts";

/** The contact page's fields: the enquiry's three, plus what it is about. */
export const contactFormSchema = contactCreateSchema.pick({
  name: true,
  email: true,
  phone: true,
  subject: true,
  request: true,
});
type ContactFormValues = z.infer<typeof contactFormSchema>;

const text = storefrontCopy.contactForm;

/** A general message to the team (messageType general), with the enquiry's validation on change. */
export function ContactForm() {
  const [sent, setSent] = useState(false);
  const [failed, setFailed] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const { mutateAsync, isPending } = useCreateContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isDirty },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    mode: "onChange",
    defaultValues: { name: "", email: "", phone: "", subject: "", request: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailed(false);
    try {
      await mutateAsync({
        ...values,
        messageType: "general",
        createdBy: storefrontCopy.enquiry.createdBy,
        website: honeypot.current?.value ?? "",
      });
      reset();
      setSent(true);
    } catch {
      toast.error(uiCopy.storefront.errors.enquiry);
      setFailed(true);
    }
  });

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-center rounded-2xl bg-emerald-50/60 px-6 py-12 text-center">
        <CheckCircleIcon className="size-10 text-emerald-600" />
        <h2 className="mt-4 text-2xl font-bold text-slate-900">{storefrontCopy.enquiry.thankYou}</h2>
        <p className="mt-2 max-w-md text-slate-700">{text.sentText}</p>
        <Button variant="outline" className="mt-6" onClick={() => setSent(false)}>
          {text.sendAnother}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="relative space-y-4" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
        {text.title}
      </h2>
      {failed ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-700">
          <AlertCircleIcon className="size-5 shrink-0" />
          {uiCopy.storefront.errors.enquiry}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactFields
          register={{ name: register("name"), email: register("email"), phone: register("phone") }}
          errors={{ name: errors.name?.message, email: errors.email?.message, phone: errors.phone?.message }}
        />
        <TextField label={text.subject} error={errors.subject?.message} {...register("subject")} />
      </div>
      <TextareaField label={text.message} rows={6} error={errors.request?.message} {...register("request")} />
      <HoneypotField inputRef={honeypot} />
      <Button type="submit" size="lg" disabled={!isValid || !isDirty} isLoading={isPending}>
        {isPending ? storefrontCopy.enquiry.submitting : text.submit}
      </Button>
    </form>
  );
}
