import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/button";
import { TextField } from "@/components/form-field";
import { Modal } from "@/components/modal";
import { isLinkable } from "./editor-extensions";

const t = campaignUiCopy.editor;

type LinkDialogProps = {
  kind: "link" | "button";
  initialUrl?: string;
  onInsert: (link: { url: string; label: string }) => void;
  onCancel: () => void;
};

/** Asks for a link's address, and a button's text too. */
export function LinkDialog({ kind, initialUrl = "", onInsert, onCancel }: LinkDialogProps) {
  const [url, setUrl] = useState(initialUrl);
  const [label, setLabel] = useState("");
  const [errors, setErrors] = useState<{ url?: string; label?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The form sits inside the composer's form in the React tree: keep the submit to ourselves.
    event.stopPropagation();
    const next = {
      ...(!isLinkable(url.trim()) && { url: t.invalidUrl }),
      ...(kind === "button" && !label.trim() && { label: t.buttonLabelRequired }),
    };
    setErrors(next);
    if (Object.keys(next).length === 0) onInsert({ url: url.trim(), label: label.trim() });
  };

  return (
    <Modal title={kind === "button" ? t.buttonTitle : t.linkTitle} onClose={onCancel} size="sm">
      <form onSubmit={submit} noValidate className="space-y-4">
        {kind === "button" ? (
          <TextField
            label={t.buttonLabel}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            error={errors.label}
            autoComplete="off"
          />
        ) : null}
        <TextField
          label={t.url}
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://"
          hint={t.urlHint}
          onChange={(event) => setUrl(event.target.value)}
          error={errors.url}
          autoComplete="off"
        />
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button type="submit">{t.insert}</Button>
        </div>
      </form>
    </Modal>
  );
}
