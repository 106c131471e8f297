import { useMemo } from "react";
import { useAppDispatch } from "@/app/store/hooks";
import { type NotificationType, notify } from "@/app/store/ui-slice";

/** Spec section 9: default 4 s, success 3 s, error 4 s. */
const durations: Record<NotificationType, number> = { success: 3000, error: 4000, info: 4000, warning: 4000 };

export function toastDuration(type: NotificationType): number {
  return durations[type];
}

/** `toast.success("Saved")` from any component; the one Toaster shows it. */
export function useToast() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      success: (message: string) => dispatch(notify(message, "success")),
      error: (message: string) => dispatch(notify(message, "error")),
      info: (message: string) => dispatch(notify(message, "info")),
      warning: (message: string) => dispatch(notify(message, "warning")),
    }),
    [dispatch],
  );
}
