import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { type Editor, useEditorState } from "@tiptap/react";
import { type ReactNode, useRef } from "react";

const t = campaignUiCopy.editor;
/** Only these two: anything else in braces stays literal (no template engine reachable by staff). */
export const mergeTags = ["{{email}}", "{{unsubscribe_url}}"] as const;

type ToolProps = {
  label: string;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  children: ReactNode;
};

function Tool({ label, onClick, active, disabled = false, children }: ToolProps) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      // Keep the editor's selection: a click on the toolbar must not blur it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 ${
        active ? "bg-brand-100 text-brand-900" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      {children}
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-200" />;

type EditorToolbarProps = {
  editor: Editor;
  onLink: () => void;
  onButton: () => void;
  onImages: (files: File[]) => void;
  uploading: boolean;
};

/** Headings, bold, italic, lists, links, images, buttons and the two merge tags. */
export function EditorToolbar({ editor, onLink, onButton, onImages, uploading }: EditorToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h1: current.isActive("heading", { level: 1 }),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div
      role="toolbar"
      aria-label={t.toolbar}
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
    >
      {([1, 2, 3] as const).map((level) => (
        <Tool
          key={level}
          label={t.heading(level)}
          active={state[`h${level}`]}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          H{level}
        </Tool>
      ))}
      <Divider />
      <Tool label={t.bold} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <span className="font-bold">B</span>
      </Tool>
      <Tool label={t.italic} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <span className="font-serif italic">I</span>
      </Tool>
      <Divider />
      <Tool label={t.bulletList} active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        •≡
      </Tool>
      <Tool label={t.orderedList} active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        1≡
      </Tool>
      <Divider />
      <Tool label={t.link} active={state.link} onClick={onLink}>
        {t.link}
      </Tool>
      {state.link ? (
        <Tool label={t.removeLink} onClick={() => chain().extendMarkRange("link").unsetLink().run()}>
          {t.removeLink}
        </Tool>
      ) : null}
      <Tool label={t.button} onClick={onButton}>
        {t.button}
      </Tool>
      <Tool label={t.image} disabled={uploading} onClick={() => fileInput.current?.click()}>
        {t.image}
      </Tool>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = "";
          if (files.length > 0) onImages(files);
        }}
      />
      <Divider />
      <span className="px-1 text-xs font-medium text-slate-500">{t.mergeTags}</span>
      {mergeTags.map((tag) => (
        <Tool key={tag} label={t.insertTag(tag)} onClick={() => chain().insertContent(tag).run()}>
          <span className="font-mono text-xs">{tag}</span>
        </Tool>
      ))}
    </div>
  );
}
