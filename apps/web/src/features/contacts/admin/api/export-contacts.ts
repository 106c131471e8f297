import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { useFileExport } from "@/lib/use-file-export";
import type { ContactFilters } from "./get-contacts";

export type ContactExportFilters = ContactFilters & { status?: string };

/** GET /contacts/export with the list's filters: the server writes the CSV (formula cells neutralised). */
export function useExportContacts() {
  return useFileExport<ContactExportFilters>({
    path: "/contacts/export",
    defaultMessage: backofficeCopy.contacts.exportFailed,
    fallbackFilename: () => `contacts-${new Date().toISOString().slice(0, 10)}.csv`,
  });
}
