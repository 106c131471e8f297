import { useCallback, useEffect, useRef } from "react";
import type { BlockerFunction } from "react-router";
import { useNavigationBlocker } from "@/app/app-router";

/**
 * While `dirty`, leaving the page asks first: in-app navigation through the router's blocker (app-router.tsx)
 * (the caller renders UnsavedChangesDialog for it), closing or reloading the tab through the
 * browser's own beforeunload prompt. `allowLeaving()` lets the navigation after a save through.
 */
export function useUnsavedChanges(dirty: boolean) {
  const leaving = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !leaving.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirty],
  );
  const blocker = useNavigationBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);

  return { blocker, allowLeaving };
}
