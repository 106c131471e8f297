import { audienceCopy } from "@shop/shared/audience-copy";
import { type ImportResult, newsletterCopy } from "@shop/shared/schemas/newsletter";
import { uiCopy } from "@shop/shared/ui-copy";
import { useState } from "react";
import { DownloadIcon } from "@/components/admin-icons";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { Modal } from "@/components/modal";
import { messageOf } from "@/lib/api-client";
import { isRefusal } from "@/lib/refusal";
import { useToast } from "@/lib/toasts";
import type { ModalComponentProps } from "@/modals/modal-types";
import { useImportProgress } from "./api/get-import-progress";
import { useImportSubscribers } from "./api/import-subscribers";
import { usePreviewImport } from "./api/preview-import";
import { CsvDropZone } from "./csv-drop-zone";
import { fileProblem, type ImportProblems, importProblems } from "./import-checks";
import { type ColumnChoice, ColumnMapping } from "./import-mapping";
import { ImportProgressBar, ImportResultView } from "./import-status";
import { TagPicker } from "./tag-picker";

const t = audienceCopy.import;
/** Spec section 7: the sample is a static file beside the app (apps/web/public/assets). */
export const sampleCsvUrl = "/assets/sample-subscribers.csv";

/** The bulkImport modal: a CSV file, the tags everyone in it gets, progress while it runs, and what came of it. */
export function BulkImportModal({ onImported, onClose }: ModalComponentProps<"bulkImport">) {
  const toast = useToast();
  const importSubscribers = useImportSubscribers();
  const preview = usePreviewImport();
  const [file, setFile] = useState<File | null>(null);
  /** The columns staff see and may change, from the server's preview of the file's head. */
  const [mapping, setMapping] = useState<ColumnChoice | null>(null);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [problems, setProblems] = useState<ImportProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** The server's id for the running upload's job; "" until it has opened one. */
  const [jobId, setJobId] = useState("");
  const [uploaded, setUploaded] = useState(0);
  const [result, setResult] = useState<ImportResult | null>(null);
  const running = importSubscribers.isPending;
  // The job exists once the whole file has reached the server: ask about it from then on.
  const progress = useImportProgress(jobId, running && uploaded >= 1 && jobId !== "");

  const pickFile = (picked: File) => {
    const problem = fileProblem(picked);
    setFile(problem ? null : picked);
    setMapping(null);
    setProblems((current) => ({ ...current, file: problem ?? undefined, mapping: undefined }));
    if (problem) {
      preview.reset();
      return;
    }
    // Only the latest file's answer lands (a mutation's own callbacks fire for its last call only).
    preview.mutate(picked, {
      onSuccess: (found) => setMapping(found.mapping),
      onError: (error) => setProblems((current) => ({ ...current, file: messageOf(error, t.mapping.failedDefault) })),
    });
  };

  const removeFile = () => {
    setFile(null);
    setMapping(null);
    preview.reset();
    setProblems((current) => ({ ...current, file: undefined, mapping: undefined }));
  };

  const changeMapping = (next: ColumnChoice) => {
    setMapping(next);
    if (next.email !== null) setProblems((current) => ({ ...current, mapping: undefined }));
  };

  const pickTags = (next: string[]) => {
    setTagIds(next);
    if (next.length > 0) setProblems((current) => ({ ...current, tags: undefined }));
  };

  const submit = async () => {
    // A preview that got no answer is asked again; staff see the columns before importing.
    if (file && preview.isError && !isRefusal(preview.error)) {
      pickFile(file);
      return;
    }
    const found = importProblems(file, tagIds, mapping);
    // A file the preview could not read would fail the same way: its message stays.
    const unreadable = preview.isError ? problems.file : undefined;
    if (found || unreadable || !file) {
      setProblems({ ...found, ...(unreadable && { file: unreadable }) });
      return;
    }
    setJobId("");
    setUploaded(0);
    setFailure(null);
    try {
      const { data } = await importSubscribers.mutateAsync({
        file,
        tagIds,
        mapping: mapping?.email == null ? undefined : { ...mapping, email: mapping.email },
        onJobOpened: setJobId,
        onUploadProgress: setUploaded,
      });
      setResult(data);
      toast.success(newsletterCopy.imported(data.importedCount));
      onImported?.(data.importedCount);
    } catch (error) {
      setFailure(messageOf(error, t.failedDefault));
      toast.error(newsletterCopy.importFailed);
    }
  };

  const startOver = () => {
    setResult(null);
    setFile(null);
    setMapping(null);
    preview.reset();
    setUploaded(0);
    importSubscribers.reset();
  };

  return (
    <Modal
      title={uiCopy.modal.titles.bulkImport}
      onClose={onClose}
      size="lg"
      dismissible={!running}
      footer={
        result ? (
          <>
            <Button variant="outline" onClick={startOver}>
              {t.importAnother}
            </Button>
            <Button onClick={onClose}>{t.done}</Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={running}>
              {uiCopy.modal.cancel}
            </Button>
            <Button onClick={() => void submit()} isLoading={running} disabled={preview.isPending}>
              {t.submit}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ImportResultView result={result} />
      ) : (
        <div className="space-y-5">
          <FormAlert message={failure} />
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50/60 px-4 py-3">
            <p className="text-sm text-slate-700">{t.sampleHint}</p>
            <a
              href={sampleCsvUrl}
              download
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
            >
              <DownloadIcon className="size-4" />
              {t.sample}
            </a>
          </div>
          <CsvDropZone file={file} onFile={pickFile} onRemove={removeFile} error={problems.file} disabled={running} />
          {preview.isPending ? (
            <p role="status" className="text-sm text-slate-500">
              {t.mapping.reading}
            </p>
          ) : null}
          {file && mapping && preview.data ? (
            <ColumnMapping
              preview={preview.data}
              mapping={mapping}
              onChange={changeMapping}
              emailError={problems.mapping}
              disabled={running}
            />
          ) : null}
          <TagPicker
            label={t.tags}
            value={tagIds}
            onChange={pickTags}
            error={problems.tags}
            disabled={running}
            allowCreate
          />
          {running ? <ImportProgressBar uploaded={uploaded} progress={progress.data} /> : null}
        </div>
      )}
    </Modal>
  );
}
