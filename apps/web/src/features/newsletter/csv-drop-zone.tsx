import { audienceCopy } from "@shop/shared/audience-copy";
import { type DragEvent, useId, useState } from "react";
import { CloseIcon } from "@/components/icons";

const t = audienceCopy.import;

function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

type CsvDropZoneProps = {
  file: File | null;
  /** A file was dropped or browsed to; the caller decides whether it is a CSV. */
  onFile: (file: File) => void;
  onRemove: () => void;
  error?: string | null;
  disabled?: boolean;
};

/** Drag a CSV file here, or browse for one. */
export function CsvDropZone({ file, onFile, onRemove, error, disabled = false }: CsvDropZoneProps) {
  const inputId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <div>
      {/* Dropping is for pointers; the file input inside is the keyboard's way in. */}
      <section
        aria-label={t.dropZone}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="csv-drop-zone"
        className={`flex flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors ${
          dragging
            ? "border-brand-500 bg-brand-50"
            : error
              ? "border-red-300 bg-red-50/40"
              : "border-slate-300 bg-slate-50"
        }`}
      >
        {file ? (
          <div className="flex items-center gap-3">
            <span className="font-medium text-slate-900">{file.name}</span>
            <span className="text-xs text-slate-500">{sizeOf(file.size)}</span>
            <button
              type="button"
              onClick={onRemove}
              disabled={disabled}
              aria-label={t.removeFile}
              className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
        ) : (
          <p className="text-slate-700">
            {t.dropHere}{" "}
            <label htmlFor={inputId} className="cursor-pointer font-semibold text-brand-700 underline">
              {t.browse}
            </label>
          </p>
        )}
        <p className="text-xs text-slate-500">{t.maxSize}</p>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-label={t.fileLabel}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          className="sr-only"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            // Cleared, so picking the same file again after removing it still reports it.
            event.target.value = "";
            if (picked) onFile(picked);
          }}
        />
      </section>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
