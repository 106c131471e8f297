import { audienceCopy } from "@shop/shared/audience-copy";
import { type ImportResult, newsletterCopy } from "@shop/shared/schemas/newsletter";
import { uiCopy } from "@shop/shared/ui-copy";
import { useState } from "react";
import { DownloadIcon } from "@/components/admin-icons";
import { Button } from "@/components/button";
import { FormAlert } from "@/components/form-alert";
import { Modal } from "@/components/modal";
import { messageOf } from "@/lib/api-client";
import { useToast } from "@/lib/toasts";
import type { ModalComponentProps } from "@/modals/modal-types";
import { useImportProgress } from "./api/get-import-progress";
import { useImportSubscribers } from "./api/import-subscribers";
import { CsvDropZone } from "./csv-drop-zone";
import { fileProblem, type ImportProblems, importProblems } from "./import-checks";
import { ImportProgressBar, ImportResultView } from "./import-status";
import { TagPicker } from "./tag-picker";

const t = audienceCopy.import;
/** Spec section 7: the sample is a static file beside the app (apps/web/public/assets). */
export const sampleCsvUrl = "/assets/sample-subscribers.csv";

/** The bulkImport modal: a CSV file, the tags everyone in it gets, progress while it runs, and what came of it. */
export function BulkImportModal({ onImported, onClose }: ModalComponentProps<"bulkImport">) {
  const toast = useToast();
  const importSubscribers = useImportSubscribers();
  const [file, setFile] = useState<File | null>(null);
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
    setProblems((current) => ({ ...current, file: problem ?? undefined }));
  };

  const pickTags = (next: string[]) => {
    setTagIds(next);
    if (next.length > 0) setProblems((current) => ({ ...current, tags: undefined }));
  };

  const submit = async () => {
    const found = importProblems(file, tagIds);
    if (found || !file) {
      setProblems(found ?? {});
      return;
    }
    setJobId("");
    setUploaded(0);
    setFailure(null);
    try {
      const { data } = await importSubscribers.mutateAsync({
        file,
        tagIds,
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
            <Button onClick={() => void submit()} isLoading={running}>
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
          <CsvDropZone
            file={file}
            onFile={pickFile}
            onRemove={() => setFile(null)}
            error={problems.file}
            disabled={running}
          />
          <TagPicker label={t.tags} value={tagIds} onChange={pickTags} error={problems.tags} disabled={running} />
          {running ? <ImportProgressBar uploaded={uploaded} progress={progress.data} /> : null}
        </div>
      )}
    </Modal>
  );
}
