import { useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

const storageKey = "scroll-positions";
const positions = new Map<string, number>();
let readStorage = false;

function store() {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify([...positions].slice(-50)));
  } catch {
    // Storage full or refused: positions are kept for this page's life only.
  }
}

function restored(key: string): number | undefined {
  if (!readStorage) {
    readStorage = true;
    try {
      for (const [entry, y] of JSON.parse(sessionStorage.getItem(storageKey) ?? "[]") as [string, number][]) {
        if (!positions.has(entry)) positions.set(entry, y);
      }
    } catch {
      // Nothing usable stored: start at the top.
    }
  }
  return positions.get(key);
}

/**
 * Router state for a navigation that changes what a page shows rather than the page (a list's filters, or
 * a page of results the list scrolls to itself): the window stays where it is.
 */
export const keepScrollState = { keepScroll: true } as const;

function keepsScroll(state: unknown): boolean {
  return typeof state === "object" && state !== null && "keepScroll" in state && state.keepScroll === true;
}

/**
 * The data router's ScrollRestoration for the declarative one: a new page starts at the top (or at its
 * #fragment) unless it keeps the scroll, back and forward return to where the visitor was.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();

  // Noted as the visitor scrolls, so the position is the one they left, not one the next page moved.
  useLayoutEffect(() => {
    window.history.scrollRestoration = "manual";
    const note = () => positions.set(location.key, window.scrollY);
    window.addEventListener("scroll", note, { passive: true });
    window.addEventListener("pagehide", store);
    return () => {
      window.removeEventListener("scroll", note);
      window.removeEventListener("pagehide", store);
    };
  }, [location.key]);

  // No value is returned: newer browsers' scroll methods return a promise, which React would take for
  // the effect's cleanup and call.
  useLayoutEffect(() => {
    const saved = action === "POP" ? restored(location.key) : undefined;
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (action !== "POP" && !keepsScroll(location.state)) window.scrollTo(0, 0);
  }, [location.key, location.hash, location.state, action]);

  return null;
}
