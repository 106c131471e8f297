import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, following changes (a phone turned, a window resized).
 * Where there is no `matchMedia` (the server, tests) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === "undefined" || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener?.("change", onChange);
      return () => list.removeEventListener?.("change", onChange);
    },
    [query],
  );
  const current = () =>
    typeof window === "undefined" || !window.matchMedia ? fallback : window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, current, () => fallback);
}
