import type { SubscribeAnswer } from "@shop/shared/schemas/newsletter";
import { uiCopy } from "@shop/shared/ui-copy";
import { api, toResult } from "@/lib/api-client";

/** POST /newsletter/subscriber from the footer; failures come back as `success: false` with the words to show. */
export function subscribeToNewsletter(email: string) {
  return toResult(
    api.post<SubscribeAnswer | undefined>(
      "/newsletter/subscriber",
      { email },
      { defaultMessage: uiCopy.footer.subscribeFailed },
    ),
  );
}
