import { audienceCopy } from "@shop/shared/audience-copy";
import type { SubscriberFilter } from "@shop/shared/schemas/newsletter";
import { useMutation } from "@tanstack/react-query";
import { fetchFile } from "@/lib/api-download";
import { downloadBlob } from "@/lib/download-blob";
import { filterQueryOf } from "./get-subscribers";
import { useSessionForRawCalls } from "./session";

/** GET /newsletter/export with the list's filter: the server writes the CSV, tags included, formula-safe. */
export function useExportSubscribers() {
  const session = useSessionForRawCalls();
  return useMutation({
    mutationFn: async (filter: SubscriberFilter) => {
      try {
        const { blob, filename } = await fetchFile("/newsletter/export", {
          query: filterQueryOf(filter),
          token: session.token(),
          defaultMessage: audienceCopy.subscribers.exportFailed,
        });
        downloadBlob(blob, filename ?? `subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
      } catch (error) {
        session.expireOn401(error);
        throw error;
      }
    },
  });
}
