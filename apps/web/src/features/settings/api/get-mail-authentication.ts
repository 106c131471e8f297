import { backofficeCopy } from "@shop/shared/backoffice-copy";
import type { MailAuthenticationDto } from "@shop/shared/schemas/mail-authentication";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { settingsKeys } from "./keys";

/** GET /settings/mail-authentication — the DKIM record to publish (settings:update-settings). */
export async function getMailAuthentication(signal?: AbortSignal): Promise<MailAuthenticationDto> {
  const { data } = await api.get<MailAuthenticationDto>("/settings/mail-authentication", {
    signal,
    defaultMessage: backofficeCopy.settings.dkimFailed,
  });
  return data;
}

export function useMailAuthentication() {
  return useQuery({
    queryKey: [...settingsKeys.all, "mail-authentication"],
    queryFn: ({ signal }) => getMailAuthentication(signal),
  });
}
