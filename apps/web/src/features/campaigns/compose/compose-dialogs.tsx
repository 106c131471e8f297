import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { campaignCopy, testSendSchema } from "@shop/shared/schemas/campaigns";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { TextField } from "@/components/form-field";
import { Modal } from "@/components/modal";

type DialogFormProps = {
  title: string;
  description?: string;
  submitLabel: string;
  isPending: boolean;
  error: string | null;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
};

/** A one-question dialog; it cannot be dismissed while its call runs. */
function DialogForm({
  title,
  description,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
  children,
}: DialogFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Rendered from inside the composer's form: its submit must not reach that one.
    event.stopPropagation();
    onSubmit();
  };
  return (
    <Modal title={title} description={description} onClose={onCancel} size="sm" dismissible={!isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {children}
        <FormAlert message={error} />
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onCancel} disabled={isPending}>
            {campaignUiCopy.editor.cancel}
          </Button>
          <Button type="submit" isLoading={isPending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

type ActionDialogProps<Value> = {
  onConfirm: (value: Value) => void;
  onCancel: () => void;
  isPending: boolean;
  /** Why the call failed: shown in the dialog, which stays open. */
  error: string | null;
};

/** "Send test": one address gets the email with "[Test]" before the subject. */
export function TestSendDialog({
  onConfirm,
  onCancel,
  isPending,
  error,
  initialEmail = "",
}: ActionDialogProps<string> & { initialEmail?: string }) {
  const t = campaignUiCopy.testDialog;
  const [email, setEmail] = useState(initialEmail);
  const [invalid, setInvalid] = useState<string | null>(null);
  const send = () => {
    const parsed = testSendSchema.safeParse({ email: email.trim() });
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) onConfirm(parsed.data.email);
  };
  return (
    <DialogForm
      title={t.title}
      description={t.description}
      submitLabel={t.send}
      isPending={isPending}
      error={error}
      onSubmit={send}
      onCancel={onCancel}
    >
      <TextField
        label={t.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={invalid ?? undefined}
      />
    </DialogForm>
  );
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A date as a datetime-local input shows it: local time, to the second. */
export function localInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** "Schedule": a local date and time, which must be in the future. */
export function ScheduleDialog({ onConfirm, onCancel, isPending, error }: ActionDialogProps<string>) {
  const t = campaignUiCopy.scheduleDialog;
  const [when, setWhen] = useState(() => {
    const inAnHour = new Date(Date.now() + 3_600_000);
    inAnHour.setMinutes(0, 0, 0);
    return localInputValue(inAnHour);
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const schedule = () => {
    const date = new Date(when);
    const future = !Number.isNaN(date.getTime()) && date.getTime() > Date.now();
    setInvalid(future ? null : campaignCopy.scheduleInFuture);
    if (future) onConfirm(date.toISOString());
  };
  return (
    <DialogForm
      title={t.title}
      submitLabel={t.schedule}
      isPending={isPending}
      error={error}
      onSubmit={schedule}
      onCancel={onCancel}
    >
      <TextField
        label={t.sendAt}
        type="datetime-local"
        step={1}
        min={localInputValue(new Date())}
        value={when}
        hint={t.hint}
        onChange={(event) => setWhen(event.target.value)}
        error={invalid ?? undefined}
      />
    </DialogForm>
  );
}
