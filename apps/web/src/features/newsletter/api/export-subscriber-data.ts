import { audienceCopy } from "@shop/shared/audience-copy";
import { useMutation } from "@tanstack/react-query";
import { fetchFile } from "@/lib/api-download";
import { downloadBlob } from "@/lib/download-blob";
import { useSessionForRawCalls } from "./session";

/** GET /newsletter/subscribers/:id/export: everything held on one person, as a JSON file (GDPR access). */
export function useExportSubscriberData() {
  const session = useSessionForRawCalls();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        const { blob, filename } = await fetchFile(`/newsletter/subscribers/${encodeURIComponent(id)}/export`, {
          token: session.token(),
          defaultMessage: audienceCopy.quickView.failedExport,
        });
        downloadBlob(blob, filename ?? `subscriber-${id}.json`);
      } catch (error) {
        session.expireOn401(error);
        throw error;
      }
    },
  });
}
