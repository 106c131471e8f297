import { zodResolver } from "@hookform/resolvers/zod";
import { inboxCopy } from "@shop/shared/inbox-copy";
import {
  type ContactReply,
  type ConversationEntry,
  contactNoteSchema,
  contactReplySchema,
  type ReplyDelivery,
} from "@shop/shared/schemas/contact-threads";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextareaField } from "@/components/form-field";
import { type BadgeTone, StatusBadge } from "@/components/status-badge";
import { ToggleButton } from "@/components/toggle-button";
import { messageOf } from "@/lib/api-client";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { formatDateTime } from "@/lib/format";
import { useToast } from "@/lib/toasts";
import { useAddContactNote, useReplyToContact } from "./api/contact-thread";

const t = inboxCopy;

const entryStyles: Record<ConversationEntry["kind"], string> = {
  request: "bg-slate-50 ring-slate-200",
  reply: "bg-brand-50 ring-brand-200 ml-6",
  note: "bg-amber-50 ring-amber-200 ml-6 border-l-4 border-amber-400",
};

const deliveryTones: Record<ReplyDelivery, BadgeTone> = { pending: "neutral", sent: "success", failed: "danger" };

/** The request, then replies and notes in time order; each says who wrote it and when. Everything is text. */
export function ConversationList({ entries }: { entries: ConversationEntry[] }) {
  return (
    <section aria-labelledby="contact-conversation-heading" className="mt-5">
      <h3 id="contact-conversation-heading" className="text-sm font-medium text-slate-500">
        {t.conversation}
      </h3>
      <ol className="mt-2 space-y-3" data-testid="conversation">
        {entries.map((entry) => (
          <li
            key={entry._id}
            data-kind={entry.kind}
            aria-label={t.entryHeading(entry.kind, entry.author.name)}
            className={`rounded-lg p-3 text-sm ring-1 ${entryStyles[entry.kind]}`}
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
              <span className="font-semibold text-slate-700">{t.kinds[entry.kind]}</span>
              <span>{entry.author.name}</span>
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              {entry.delivery ? (
                <StatusBadge tone={deliveryTones[entry.delivery]}>{t.delivery[entry.delivery]}</StatusBadge>
              ) : null}
            </div>
            <p
              data-testid={entry.kind === "request" ? "contact-message" : undefined}
              className="mt-1.5 whitespace-pre-wrap break-words text-slate-900"
            >
              {entry.body}
            </p>
          </li>
        ))}
      </ol>
      {entries.length <= 1 ? <p className="mt-2 text-xs text-slate-500">{t.conversationEmpty}</p> : null}
    </section>
  );
}

type ComposerProps = {
  contactId: string;
  schema: typeof contactReplySchema | typeof contactNoteSchema;
  label: string;
  hint: string;
  submitLabel: string;
  done: string;
  failed: string;
  hidden: boolean;
  send: (input: { id: string; body: string }) => Promise<unknown>;
};

/** One text box and its button; the text stays while the other box is shown, and clears once sent. */
function Composer({ contactId, schema, label, hint, submitLabel, done, failed, hidden, send }: ComposerProps) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactReply>({ resolver: zodResolver(schema), defaultValues: { body: "" } });

  const onSubmit = handleSubmit(async ({ body }) => {
    setFailure(null);
    try {
      await send({ id: contactId, body });
      reset({ body: "" });
      toast.success(done);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["body"])) setFailure(messageOf(error, failed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate hidden={hidden} className="space-y-3">
      <FormAlert message={failure} />
      <TextareaField
        label={label}
        hint={hint}
        rows={4}
        maxLength={5000}
        error={errors.body?.message}
        disabled={isSubmitting}
        {...register("body")}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

type Mode = "reply" | "note";

/** A reply (emailed to the customer) or an internal note (staff only), one at a time. */
export function ContactComposer({ contactId, email }: { contactId: string; email: string }) {
  const [mode, setMode] = useState<Mode>("reply");
  const reply = useReplyToContact();
  const note = useAddContactNote();
  const modes: { value: Mode; label: string }[] = [
    { value: "reply", label: t.reply },
    { value: "note", label: t.note },
  ];
  return (
    <section className="mt-5 rounded-xl border border-slate-200 p-4">
      <fieldset className="mb-3 flex gap-2">
        <legend className="sr-only">{t.conversation}</legend>
        {modes.map((option) => (
          <ToggleButton key={option.value} pressed={mode === option.value} onClick={() => setMode(option.value)}>
            {option.label}
          </ToggleButton>
        ))}
      </fieldset>
      <Composer
        contactId={contactId}
        schema={contactReplySchema}
        label={t.replyLabel}
        hint={t.replyHint(email)}
        submitLabel={t.sendReply}
        done={t.replySent}
        failed={t.failedReply}
        hidden={mode !== "reply"}
        send={reply.mutateAsync}
      />
      <Composer
        contactId={contactId}
        schema={contactNoteSchema}
        label={t.noteLabel}
        hint={t.noteHint}
        submitLabel={t.addNote}
        done={t.noteAdded}
        failed={t.failedNote}
        hidden={mode !== "note"}
        send={note.mutateAsync}
      />
    </section>
  );
}
