import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { moveItem, useDragReorder } from "@/lib/reorder";
import type { UploadFolder } from "@/lib/upload-images";
import { useImageUploads } from "@/lib/use-image-uploads";
import { Button } from "./button";
import { ChevronLeftIcon, CloseIcon, ImageIcon } from "./icons";
import { StatusBadge } from "./status-badge";
import { Thumbnail } from "./thumbnail";

const t = backofficeCopy.uploads;

type ImageUploaderProps = {
  label: string;
  value: readonly string[];
  onChange: (urls: string[]) => void;
  folder: UploadFolder;
  /** How many images the field holds; with 1, a new upload replaces the image. */
  max?: number;
  hint?: string;
  error?: string;
  /** The first image is the main one: it is badged and any other can be made main. */
  showMain?: boolean;
  /** Forms keep Save disabled while files are still on their way. */
  onUploadingChange?: (uploading: boolean) => void;
};

const iconButton =
  "rounded-md bg-white/90 p-1 text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-white disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand-600";

function isImage(file: File): boolean {
  return file.type.startsWith("image/");
}

/** Drag-and-drop or browse; per-file progress; reorder (drag or buttons), remove, and choose the main image. */
export function ImageUploader({
  label,
  value,
  onChange,
  folder,
  max = 12,
  hint,
  error,
  showMain = false,
  onUploadingChange,
}: ImageUploaderProps) {
  const inputId = useId();
  const noteId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dropActive, setDropActive] = useState(false);
  const [limitNote, setLimitNote] = useState<string | null>(null);
  // Several uploads may finish before the parent re-renders: each builds on the last one's list.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const change = (next: string[]) => {
    latest.current = next;
    onChange(next);
  };
  const { pending, upload, dismiss, isUploading } = useImageUploads({
    folder,
    onUploaded: (url) => change(max === 1 ? [url] : [...latest.current, url].slice(0, max)),
  });
  useEffect(() => {
    onUploadingChange?.(isUploading);
  }, [isUploading, onUploadingChange]);
  const { itemProps, dragging, over } = useDragReorder((from, to) => change(moveItem(latest.current, from, to)));

  const accept = (files: readonly File[]) => {
    const images = files.filter(isImage);
    if (max === 1) {
      upload(images.slice(0, 1));
      return;
    }
    const room = Math.max(0, max - latest.current.length - pending.filter((item) => !item.error).length);
    setLimitNote(images.length > room ? t.tooMany(max) : null);
    upload(images.slice(0, room));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    setDropActive(false);
    accept(Array.from(event.dataTransfer.files));
  };

  const note = error ?? limitNote ?? hint;
  const full = max > 1 && value.length >= max;

  return (
    <fieldset aria-describedby={note ? noteId : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{label}</legend>
      {value.length > 0 ? (
        <ul className="mb-3 flex flex-wrap gap-3">
          {value.map((url, index) => {
            const position = index + 1;
            return (
              <li
                key={url}
                {...(max > 1 ? itemProps(index) : {})}
                className={`relative w-32 rounded-xl border bg-white p-1.5 shadow-sm ${
                  over === index && dragging !== index ? "border-brand-500 ring-2 ring-brand-200" : "border-slate-200"
                } ${dragging === index ? "opacity-50" : ""} ${max > 1 ? "cursor-grab" : ""}`}
              >
                <Thumbnail src={url} alt={t.image(position)} className="aspect-square w-full" />
                {showMain && index === 0 ? (
                  <StatusBadge tone="brand" className="absolute top-3 left-3">
                    {t.main}
                  </StatusBadge>
                ) : null}
                <div className="mt-1.5 flex items-center justify-between gap-1">
                  {max > 1 ? (
                    <span className="flex gap-1">
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={t.moveLeft(position)}
                        disabled={index === 0}
                        onClick={() => change(moveItem(value, index, index - 1))}
                      >
                        <ChevronLeftIcon className="size-4" />
                      </button>
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={t.moveRight(position)}
                        disabled={index === value.length - 1}
                        onClick={() => change(moveItem(value, index, index + 1))}
                      >
                        <ChevronLeftIcon className="size-4 rotate-180" />
                      </button>
                    </span>
                  ) : (
                    <span />
                  )}
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={t.removeImage(position)}
                    onClick={() => change(value.filter((_, other) => other !== index))}
                  >
                    <CloseIcon className="size-4" />
                  </button>
                </div>
                {showMain && index > 0 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="mt-1 h-7 w-full text-xs"
                    aria-label={t.makeMain(position)}
                    onClick={() => change(moveItem(value, index, 0))}
                  >
                    {t.setMain}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      {full ? null : (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop target for pointer users; the browse button inside does the same for everyone
        <div
          onDragOver={(event) => {
            if (!event.dataTransfer.types.includes("Files")) return;
            event.preventDefault();
            setDropActive(true);
          }}
          onDragLeave={() => setDropActive(false)}
          onDrop={onDrop}
          data-testid={`${folder}-dropzone`}
          className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors ${
            dropActive ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50"
          }`}
        >
          <ImageIcon className="size-6 text-slate-400" />
          <p className="text-slate-600">
            {t.dropHere}{" "}
            <button
              type="button"
              onClick={() => inputRef.current?.click()}
              className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {t.browse}
            </button>
          </p>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            multiple={max > 1}
            className="sr-only"
            tabIndex={-1}
            aria-label={label}
            onChange={(event) => {
              accept(Array.from(event.target.files ?? []));
              event.target.value = "";
            }}
          />
          <p className="text-xs text-slate-500">{t.hint}</p>
        </div>
      )}

      {pending.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-live="polite">
          {pending.map((item) => (
            <li key={item.key} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
              {item.error ? (
                <div role="alert" className="flex items-start justify-between gap-2 text-red-700">
                  <span>{t.uploadFailed(item.name, item.error)}</span>
                  <button
                    type="button"
                    onClick={() => dismiss(item.key)}
                    aria-label={t.remove}
                    className="rounded p-0.5 text-red-600 hover:bg-red-50"
                  >
                    <CloseIcon className="size-4" />
                  </button>
                </div>
              ) : (
                <>
                  <p className="truncate text-slate-700">{item.name}</p>
                  <div
                    role="progressbar"
                    aria-label={t.uploading(item.name, item.percent)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={item.percent}
                    className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100"
                  >
                    <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${item.percent}%` }} />
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {note ? (
        <p id={noteId} className={`mt-1.5 text-xs ${error || limitNote ? "text-red-600" : "text-slate-500"}`}>
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}
