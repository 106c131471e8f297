import { zodResolver } from "@hookform/resolvers/zod";
import { type EnquiryFields, enquiryFieldsSchema } from "@shop/shared/schemas/contacts";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { type Ref, useRef } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import { TextField } from "./form-field";

type ContactFieldsProps = {
  register: {
    name: UseFormRegisterReturn<"name">;
    email: UseFormRegisterReturn<"email">;
    phone: UseFormRegisterReturn<"phone">;
  };
  errors: { name?: string; email?: string; phone?: string };
};

const copy = storefrontCopy.enquiry;

/** Full Name, Email Address and Phone Number: the fields every public enquiry form asks for (spec section 5). */
export function ContactFields({ register, errors }: ContactFieldsProps) {
  return (
    <>
      <TextField label={copy.fullName} autoComplete="name" error={errors.name} {...register.name} />
      <TextField label={copy.email} type="email" autoComplete="email" error={errors.email} {...register.email} />
      <TextField
        label={copy.phone}
        // A text field, not type="tel": the HTML standard allows tel-national (the 10 digits asked for,
        // without a country code) only on text fields; inputMode still brings up the number pad.
        type="text"
        inputMode="numeric"
        autoComplete="tel-national"
        hint={copy.phoneHint}
        error={errors.phone}
        {...register.phone}
      />
    </>
  );
}

/**
 * A field people never see or reach (off-screen, hidden from assistive tech, out of the tab order)
 * that form-filling bots complete; the API drops a submission that has it filled.
 */
export function HoneypotField({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
      <input ref={inputRef} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * The enquiry form's state (spec section 5): validated on change; `canSubmit` once every field is valid
 * and something was typed. Also the honeypot's ref and what a bot left in it.
 */
export function useEnquiryForm() {
  const form = useForm<EnquiryFields>({
    resolver: zodResolver(enquiryFieldsSchema),
    mode: "onChange",
    defaultValues: { name: "", email: "", phone: "" },
  });
  const honeypot = useRef<HTMLInputElement>(null);
  const { register, formState } = form;
  // Read every flag on each render: the form only tracks the ones read (an `a && b` would skip b).
  const { errors, isValid, isDirty } = formState;
  return {
    form,
    honeypot,
    honeypotValue: () => honeypot.current?.value ?? "",
    fieldProps: {
      register: { name: register("name"), email: register("email"), phone: register("phone") },
      errors: { name: errors.name?.message, email: errors.email?.message, phone: errors.phone?.message },
    } satisfies ContactFieldsProps,
    canSubmit: isValid && isDirty,
  };
}
