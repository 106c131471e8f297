import { useMutation } from "@tanstack/react-query";
import { fetchFile } from "./api-download";
import { downloadBlob } from "./download-blob";
import { useSessionExpiry } from "./use-session-expiry";

type FileExport = {
  /** The API path, `/contacts/export`. */
  path: string;
  defaultMessage: string;
  /** The name to save under when the server offers none. */
  fallbackFilename: () => string;
};

/** GET a server-written file (a CSV export) with the list's filters and hand it to the browser's downloads. */
export function useFileExport<Filters extends Record<string, string | number | undefined>>({
  path,
  defaultMessage,
  fallbackFilename,
}: FileExport) {
  const { expireOn401, token } = useSessionExpiry();
  return useMutation({
    mutationFn: async (filters: Filters) => {
      try {
        const { blob, filename } = await fetchFile(path, { query: filters, token: token(), defaultMessage });
        downloadBlob(blob, filename ?? fallbackFilename());
      } catch (error) {
        expireOn401(error);
        throw error;
      }
    },
  });
}
