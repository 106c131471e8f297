import { adminCopy } from "@shop/shared/admin-copy";
import { useEffect } from "react";
import { formatCount } from "@/lib/format";
import { Button } from "./button";

/** Spec section 9: pickers and lists show at most 5 numbered page buttons. */
export const maxPageButtons = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The first and last item numbers on `page` ("Showing 11 to 20 of 42"); 0 to 0 when there is nothing. */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}

/** Up to `max` consecutive page numbers, the current one as central as the ends allow. */
export function pageWindow(current: number, totalPages: number, max: number = maxPageButtons): number[] {
  const size = Math.min(max, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), totalPages - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  /** `replace`: the page shown does not exist, so the move takes its place in the history. */
  onPageChange: (page: number, options?: { replace: boolean }) => void;
  /** The server estimated the total (a large list it did not count): it reads "of about 100,000". */
  totalIsEstimate?: boolean;
  /** While a page loads, the buttons wait (and the total may still be another page's). */
  disabled?: boolean;
  className?: string;
};

/** "Showing X to Y of Z", Prev / Next and at most 5 numbered pages. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  totalIsEstimate = false,
  disabled = false,
  className = "",
}: PaginationProps) {
  const totalPages = pageCount(total, pageSize);
  const current = Math.min(Math.max(1, page), totalPages);
  const { from, to } = shownRange(current, pageSize, total);
  // A page past the end (its last row was just deleted, or the link is old) shows the empty state though
  // rows exist: every list steps back to its last page. Not from an estimated total, which may fall short.
  const pastTheEnd = !disabled && !totalIsEstimate && total > 0 && page > totalPages;
  useEffect(() => {
    if (pastTheEnd) onPageChange(totalPages, { replace: true });
  }, [pastTheEnd, totalPages, onPageChange]);

  return (
    <nav
      aria-label={adminCopy.table.pagination}
      className={`flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 ${className}`.trim()}
    >
      <p aria-live="polite">
        {totalIsEstimate
          ? adminCopy.table.showingAbout(from, to, formatCount(total))
          : adminCopy.table.showing(from, to, total)}
      </p>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || current <= 1}
          onClick={() => onPageChange(current - 1)}
        >
          {adminCopy.table.prev}
        </Button>
        {pageWindow(current, totalPages).map((number) => (
          <Button
            key={number}
            variant={number === current ? "primary" : "ghost"}
            size="sm"
            className="min-w-8 px-2"
            aria-label={adminCopy.table.goToPage(number)}
            aria-current={number === current ? "page" : undefined}
            disabled={disabled}
            onClick={() => {
              if (number !== current) onPageChange(number);
            }}
          >
            {number}
          </Button>
        ))}
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || current >= totalPages}
          onClick={() => onPageChange(current + 1)}
        >
          {adminCopy.table.next}
        </Button>
      </div>
    </nav>
  );
}
