import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { useImageUploads } from "@/lib/use-image-uploads";
import { absoluteUrl, buttonStyle, editorExtensions } from "./editor-extensions";
import { EditorToolbar } from "./editor-toolbar";
import { LinkDialog } from "./link-dialog";

const t = campaignUiCopy.editor;

/** How the written email looks while editing: close to what the mail will show. */
const contentClasses = [
  "min-h-72 px-4 py-3 text-sm leading-relaxed text-slate-800 outline-none",
  "[&_h1]:mt-4 [&_h1]:mb-2 [&_h1]:text-2xl [&_h1]:font-bold",
  "[&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-bold",
  "[&_h3]:mt-3 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold",
  "[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_a]:text-brand-700 [&_a]:underline [&_img]:my-2 [&_img]:max-w-full [&_img.ProseMirror-selectednode]:outline-2",
  "[&_img.ProseMirror-selectednode]:outline-brand-600",
].join(" ");

type CampaignEditorProps = {
  labelId: string;
  initialHtml: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** The rich text editor (TipTap): its output is HTML the server sanitises and inlines for mail clients. */
export function CampaignEditor({ labelId, initialHtml, onChange, invalid = false, describedBy }: CampaignEditorProps) {
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const [dialog, setDialog] = useState<"link" | "button" | null>(null);
  const editor = useEditor({
    extensions: editorExtensions,
    content: initialHtml,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy && { "aria-describedby": describedBy }),
        class: contentClasses,
      },
    },
    onUpdate: ({ editor: current }) => changed.current(current.isEmpty ? "" : current.getHTML()),
  });
  const uploads = useImageUploads({
    folder: "campaigns",
    onUploaded: (url) => {
      editor
        .chain()
        .focus()
        .setImage({ src: absoluteUrl(url), alt: "" })
        .run();
    },
  });

  const insertLink = ({ url, label }: { url: string; label: string }) => {
    setDialog(null);
    const chain = editor.chain().focus();
    if (dialog === "button") {
      chain
        .insertContent({
          type: "paragraph",
          content: [{ type: "text", text: label, marks: [{ type: "link", attrs: { href: url, style: buttonStyle } }] }],
        })
        .run();
    } else if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] }).run();
    } else {
      chain.extendMarkRange("link").setLink({ href: url }).run();
    }
  };

  return (
    <div>
      <div
        className={`overflow-hidden rounded-lg border bg-white shadow-sm focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600/30 ${
          invalid ? "border-red-500" : "border-slate-300"
        }`}
      >
        <EditorToolbar
          editor={editor}
          onLink={() => setDialog("link")}
          onButton={() => setDialog("button")}
          onImages={uploads.upload}
          uploading={uploads.isUploading}
        />
        <EditorContent editor={editor} />
      </div>
      {uploads.pending.map((item) =>
        item.error ? (
          <div key={item.key} className="mt-2 flex items-start gap-2">
            <FormAlert message={`${item.name}: ${item.error}`} className="flex-1" />
            <button
              type="button"
              onClick={() => uploads.dismiss(item.key)}
              className="mt-3 text-sm text-slate-600 underline"
            >
              {t.dismiss}
            </button>
          </div>
        ) : (
          <p key={item.key} role="status" className="mt-2 text-sm text-slate-600">
            {t.uploading} {item.percent}%
          </p>
        ),
      )}
      {dialog ? (
        <LinkDialog
          kind={dialog}
          initialUrl={dialog === "link" ? String(editor.getAttributes("link").href ?? "") : ""}
          onInsert={insertLink}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
