import { uiCopy } from "@shop/shared/ui-copy";
import { useEffect } from "react";
import { useAppDispatch } from "@/app/store/hooks";
import { dismissNotification, type Notification, type NotificationType } from "@/app/store/ui-slice";
import { toastDuration } from "@/lib/toasts";
import { AlertCircleIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "./icons";

const tones: Record<NotificationType, { box: string; icon: string }> = {
  success: { box: "border-emerald-200", icon: "text-emerald-600" },
  error: { box: "border-red-200", icon: "text-red-600" },
  warning: { box: "border-amber-200", icon: "text-amber-600" },
  info: { box: "border-slate-200", icon: "text-brand-700" },
};

function ToastIcon({ type }: { type: NotificationType }) {
  const className = `size-5 shrink-0 ${tones[type].icon}`;
  if (type === "success") return <CheckCircleIcon className={className} />;
  if (type === "info") return <InfoIcon className={className} />;
  return <AlertCircleIcon className={className} />;
}

/** One notification: closes itself after its time (spec section 9) or by its button. */
export function Toast({ notification }: { notification: Notification }) {
  const dispatch = useAppDispatch();
  const { id, type, message } = notification;

  useEffect(() => {
    const timer = window.setTimeout(() => dispatch(dismissNotification(id)), toastDuration(type));
    return () => window.clearTimeout(timer);
  }, [dispatch, id, type]);

  return (
    <li
      role={type === "error" ? "alert" : "status"}
      className={`pointer-events-auto flex w-80 max-w-[calc(100vw-2rem)] items-start gap-3 rounded-xl border bg-white p-4 shadow-lg motion-safe:animate-toast-in ${tones[type].box}`}
    >
      <ToastIcon type={type} />
      <p className="flex-1 text-sm text-slate-800">{message}</p>
      <button
        type="button"
        onClick={() => dispatch(dismissNotification(id))}
        aria-label={uiCopy.toast.dismiss}
        className="-m-1 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}
