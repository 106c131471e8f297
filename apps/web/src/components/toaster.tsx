import { uiCopy } from "@shop/shared/ui-copy";
import { lazy, Suspense } from "react";
import { useAppSelector } from "@/app/store/hooks";

/** A toast's look, icons and timer arrive with the first toast shown, not with every page. */
const Toast = lazy(() => import("./toast").then((m) => ({ default: m.Toast })));

/** The one toaster, bottom-right; the ui slice holds at most 20 notifications. */
export function Toaster() {
  const notifications = useAppSelector((state) => state.ui.notifications);
  return (
    <section aria-label={uiCopy.toast.region} className="pointer-events-none fixed right-4 bottom-4 z-[60]">
      <ol className="flex flex-col items-end gap-2">
        {notifications.length > 0 && (
          <Suspense fallback={null}>
            {notifications.map((notification) => (
              <Toast key={notification.id} notification={notification} />
            ))}
          </Suspense>
        )}
      </ol>
    </section>
  );
}
