import { copy } from "@shop/shared/copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/button";
import { subscribeToNewsletter } from "@/features/newsletter/api";

type Status =
  | { kind: "idle" }
  | { kind: "submitting" }
  | { kind: "success"; message: string }
  | { kind: "error"; message: string };

/**
 * Spec sections 4, 5, 8: an empty email is refused without a call; otherwise "Submitting..." with
 * the button disabled, then green success (input cleared) or the server's message in red. Success reads
 * "Subscribed successfully!" for every address (someone who had unsubscribed is then asked by email to
 * confirm), or the server's ask to confirm by email when double opt-in is on.
 */
export function FooterNewsletter() {
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inputId = useId();
  const messageId = useId();
  const submitting = status.kind === "submitting";

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setStatus({ kind: "error", message: copy.validation.newsletterEmail });
      return;
    }
    setStatus({ kind: "submitting" });
    const result = await subscribeToNewsletter(value);
    if (result.success) {
      setEmail("");
      // With double opt-in the server asks the visitor to confirm by email: its words, not "subscribed".
      const message = result.data?.confirmationRequired ? result.message : uiCopy.footer.subscribed;
      setStatus({ kind: "success", message });
    } else {
      setStatus({ kind: "error", message: result.message });
    }
  };

  const message = status.kind === "success" || status.kind === "error" ? status : null;

  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
      <h2 id={`${inputId}-title`} className="text-base font-semibold text-white">
        {uiCopy.footer.newsletterTitle}
      </h2>
      <p className="mt-2 text-sm text-slate-400">{uiCopy.footer.newsletterText}</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          aria-label={uiCopy.footer.newsletterInput}
          type="email"
          autoComplete="email"
          placeholder={uiCopy.footer.yourEmail}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={status.kind === "error" ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-white/10 bg-white/10 px-3 py-2.5 text-sm text-white placeholder:text-slate-400 focus:border-brand-400 focus:outline-2 focus:outline-brand-400/40"
        />
        <Button type="submit" variant="bright" disabled={submitting} className="shrink-0">
          {submitting ? uiCopy.footer.submitting : uiCopy.footer.subscribe}
        </Button>
      </form>
      <p
        id={messageId}
        role="status"
        className={`mt-2 min-h-5 text-sm ${message?.kind === "error" ? "text-red-400" : "text-emerald-400"}`}
      >
        {message?.message}
      </p>
    </section>
  );
}
