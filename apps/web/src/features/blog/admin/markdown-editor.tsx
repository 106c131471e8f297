import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { type ComponentProps, useId, useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { inputClasses } from "@/components/form-field";
import { Spinner } from "@/components/spinner";
import { messageOf } from "@/lib/api-client";
import { usePostPreview } from "./api/preview-post";

const t = backofficeCopy.blog.form;

/** Enough typography to judge a post; the storefront's page has the full styles. */
const previewClass = [
  "min-h-64 rounded-lg border border-slate-200 bg-white p-4 text-sm leading-relaxed text-slate-700",
  "[&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:font-semibold [&_p]:mt-3",
  "[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_img]:rounded-lg",
].join(" ");

type MarkdownEditorProps = Omit<ComponentProps<"textarea">, "value"> & {
  /** The body as typed, for the preview. */
  value: string;
  error?: string;
};

/** A Markdown textarea with a Preview tab rendered by the server (POST /blog/preview). */
export function MarkdownEditor({ value, error, ...textarea }: MarkdownEditorProps) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const id = useId();
  const preview = usePostPreview(value, { enabled: tab === "preview" });
  const tabClass = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
      active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
    }`;

  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between gap-3">
        <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-700">
          {t.body}
        </label>
        <div role="tablist" aria-label={t.editorView} className="flex gap-1 rounded-lg bg-slate-100 p-1">
          <button
            type="button"
            role="tab"
            id={`${id}-write-tab`}
            aria-selected={tab === "write"}
            aria-controls={`${id}-write`}
            className={tabClass(tab === "write")}
            onClick={() => setTab("write")}
          >
            {t.write}
          </button>
          <button
            type="button"
            role="tab"
            id={`${id}-preview-tab`}
            aria-selected={tab === "preview"}
            aria-controls={`${id}-preview`}
            className={tabClass(tab === "preview")}
            onClick={() => setTab("preview")}
          >
            {t.preview}
          </button>
        </div>
      </div>
      <div id={`${id}-write`} role="tabpanel" aria-labelledby={`${id}-write-tab`} hidden={tab !== "write"}>
        <textarea
          id={`${id}-body`}
          rows={18}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClasses} font-mono`}
          {...textarea}
        />
      </div>
      <div id={`${id}-preview`} role="tabpanel" aria-labelledby={`${id}-preview-tab`} hidden={tab !== "preview"}>
        {tab !== "preview" ? null : value.trim() === "" ? (
          <p className="text-sm text-slate-500">{t.previewEmpty}</p>
        ) : preview.isPending ? (
          <div className="flex min-h-64 items-center justify-center">
            <Spinner label={t.previewLoading} />
          </div>
        ) : preview.isError ? (
          <FormAlert message={messageOf(preview.error, t.previewFailed)} />
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering, never the typed text
          <div data-testid="post-preview" className={previewClass} dangerouslySetInnerHTML={{ __html: preview.data }} />
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
