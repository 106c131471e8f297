import { adminCopy } from "@shop/shared/admin-copy";
import { type MouseEvent, type ReactNode, useEffect } from "react";
import { Link, type To } from "react-router";
import { formatCount } from "@/lib/format";
import { Button, type ButtonVariant, buttonClasses } from "./button";

/** Spec section 9: pickers and lists show at most 5 numbered page buttons. */
export const maxPageButtons = 5;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The first and last item numbers on `page` ("Showing 11 to 20 of 42"); 0 to 0 when the list is loaded and empty. */
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
  /** Undefined until the list's first page arrives: a list still loading claims no range, not "0 to 0 of 0". */
  total: number | undefined;
  /** `replace`: the page shown does not exist, so the move takes its place in the history. */
  onPageChange: (page: number, options?: { replace: boolean }) => void;
  /**
   * Where a page is, when the page lives in the URL: the controls are links then, for crawlers and for
   * visitors without scripts; a click still goes through onPageChange.
   */
  pageHref?: (page: number) => To;
  /** The server estimated the total (a large list it did not count): it reads "of about 100,000". */
  totalIsEstimate?: boolean;
  /** While a page loads, the buttons wait (and the total may still be another page's). */
  disabled?: boolean;
  className?: string;
};

/** A click meant for another tab or window, or a download, is left to the browser. */
const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

type PageControlProps = {
  /** No address: a button (the list is not in the URL, or there is no such page). */
  href: To | undefined;
  disabled: boolean;
  onSelect: () => void;
  variant: ButtonVariant;
  className?: string;
  "aria-label"?: string;
  "aria-current"?: "page";
  children: ReactNode;
};

function PageControl({ href, disabled, onSelect, variant, className = "", children, ...aria }: PageControlProps) {
  if (href === undefined) {
    return (
      <Button variant={variant} size="sm" className={className} disabled={disabled} onClick={onSelect} {...aria}>
        {children}
      </Button>
    );
  }
  // Still a link while the next page loads (a button in its place would drop the focus): it waits instead.
  return (
    <Link
      to={href}
      className={buttonClasses(variant, "sm", `aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${className}`)}
      aria-disabled={disabled || undefined}
      onClick={(event) => {
        if (opensElsewhere(event)) return;
        event.preventDefault();
        if (!disabled) onSelect();
      }}
      {...aria}
    >
      {children}
    </Link>
  );
}

/** "Showing X to Y of Z", Prev / Next and at most 5 numbered pages. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  pageHref,
  totalIsEstimate = false,
  disabled = false,
  className = "",
}: PaginationProps) {
  const known = total ?? 0;
  const totalPages = pageCount(known, pageSize);
  const current = Math.min(Math.max(1, page), totalPages);
  const { from, to } = shownRange(current, pageSize, known);
  // A page past the end (its last row was just deleted, or the link is old) shows the empty state though
  // rows exist: every list steps back to its last page. Not from an estimated total, which may fall short.
  const pastTheEnd = !disabled && !totalIsEstimate && known > 0 && page > totalPages;
  useEffect(() => {
    if (pastTheEnd) onPageChange(totalPages, { replace: true });
  }, [pastTheEnd, totalPages, onPageChange]);

  return (
    <nav
      aria-label={adminCopy.table.pagination}
      className={`flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 ${className}`.trim()}
    >
      <p aria-live="polite">
        {total === undefined
          ? null
          : totalIsEstimate
            ? adminCopy.table.showingAbout(from, to, formatCount(total))
            : adminCopy.table.showing(from, to, total)}
      </p>
      <div className="flex items-center gap-1">
        <PageControl
          variant="outline"
          href={current > 1 ? pageHref?.(current - 1) : undefined}
          disabled={disabled || current <= 1}
          onSelect={() => onPageChange(current - 1)}
        >
          {adminCopy.table.prev}
        </PageControl>
        {pageWindow(current, totalPages).map((number) => (
          <PageControl
            key={number}
            variant={number === current ? "primary" : "ghost"}
            className="min-w-8 px-2"
            href={pageHref?.(number)}
            aria-label={adminCopy.table.goToPage(number)}
            aria-current={number === current ? "page" : undefined}
            disabled={disabled}
            onSelect={() => {
              if (number !== current) onPageChange(number);
            }}
          >
            {number}
          </PageControl>
        ))}
        <PageControl
          variant="outline"
          href={current < totalPages ? pageHref?.(current + 1) : undefined}
          disabled={disabled || current >= totalPages}
          onSelect={() => onPageChange(current + 1)}
        >
          {adminCopy.table.next}
        </PageControl>
      </div>
    </nav>
  );
}
