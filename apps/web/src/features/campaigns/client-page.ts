import { useState } from "react";
import { pageCount } from "@/components/pagination";

/** Spec section 9: the pickers load up to 100 items, newest first, and page through them 10 at a time. */
export const pickerLoadLimit = 100;
export const pickerPageSize = 10;

/** One page of a list already loaded: the pickers page on the client. */
export function useClientPage<Item>(items: readonly Item[], pageSize = pickerPageSize) {
  const [page, setPage] = useState(1);
  const last = pageCount(items.length, pageSize);
  // A new search can leave fewer pages than the one shown.
  const current = Math.min(page, last);
  const rows = items.slice((current - 1) * pageSize, current * pageSize);
  return { page: current, setPage, rows, total: items.length, pageSize };
}
