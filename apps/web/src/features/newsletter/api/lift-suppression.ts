import { suppressionCopy } from "@shop/shared/schemas/suppressions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { newsletterKeys } from "./keys";

/** DELETE /newsletter/suppressions/:id: campaigns may mail the address again (logged). */
export async function liftSuppression(id: string): Promise<void> {
  await api.delete(`/newsletter/suppressions/${encodeURIComponent(id)}`, {
    defaultMessage: suppressionCopy.page.failedLift,
  });
}

export function useLiftSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftSuppression,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsletterKeys.all }),
  });
}
