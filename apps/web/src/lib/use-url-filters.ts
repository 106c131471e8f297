import { useCallback, useMemo } from "react";
import { type To, useSearchParams } from "react-router";
import { keepScrollState } from "@/app/scroll-restoration";

export type UrlFilters<Key extends string> = {
  /** A filter's value, "" when unset. */
  get: (key: Key) => string;
  page: number;
  /** Changes filters and goes back to page 1 (the old page may not exist any more); the scroll stays. */
  setFilters: (patch: Partial<Record<Key, string>>) => void;
  /**
   * `replace` when the page shown does not exist: Back should not lead to it again. `keepScroll` when the
   * list scrolls to its own top; otherwise the new page starts at the top of the window.
   */
  setPage: (page: number, options?: { replace?: boolean; keepScroll?: boolean }) => void;
  /** Where `page` is, filters kept: for a link that works without scripts too. */
  pageHref: (page: number) => To;
  /** Back to the defaults: no filters, page 1; the scroll stays. */
  clear: () => void;
  isFiltered: boolean;
};

/** The same list at `page`; page 1 is the address without one. */
function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set("page", String(page));
  else next.delete("page");
  return next;
}

/**
 * A list's page and filters, kept in the URL: a reload, a shared link or the back button shows
 * the same list. Empty values leave the URL.
 */
export function useUrlFilters<const Key extends string>(keys: readonly Key[]): UrlFilters<Key> {
  const [params, setParams] = useSearchParams();
  const rawPage = Number.parseInt(params.get("page") ?? "", 10);
  const page = Number.isFinite(rawPage) && rawPage > 0 ? rawPage : 1;

  const get = useCallback((key: Key) => params.get(key) ?? "", [params]);
  const isFiltered = useMemo(() => keys.some((key) => Boolean(params.get(key))), [keys, params]);

  const setFilters = useCallback(
    (patch: Partial<Record<Key, string>>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (typeof value === "string" && value !== "") next.set(key, value);
            else next.delete(key);
          }
          next.delete("page");
          return next;
        },
        { replace: true, state: keepScrollState },
      ),
    [setParams],
  );

  const setPage = useCallback(
    (nextPage: number, options?: { replace?: boolean; keepScroll?: boolean }) =>
      setParams((previous) => withPage(previous, nextPage), {
        replace: options?.replace,
        state: options?.keepScroll ? keepScrollState : undefined,
      }),
    [setParams],
  );

  const pageHref = useCallback(
    (target: number): To => {
      const query = withPage(params, target).toString();
      return { search: query ? `?${query}` : "" };
    },
    [params],
  );

  const clear = useCallback(
    () =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const key of [...keys, "page"]) next.delete(key);
          return next;
        },
        { replace: true, state: keepScrollState },
      ),
    [keys, setParams],
  );

  return { get, page, setFilters, setPage, pageHref, clear, isFiltered };
}
