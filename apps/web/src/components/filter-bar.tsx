import { adminCopy } from "@shop/shared/admin-copy";
import type { ReactNode } from "react";
import { Button } from "./button";

type FilterBarProps = {
  children: ReactNode;
  /** Given while any filter is set: shows "Clear filters". */
  onClear?: () => void;
  /** Added to the row's classes, e.g. `xl:flex-nowrap` to keep many filters on one line. */
  className?: string;
};

/** The row of search and filters above an admin list. */
export function FilterBar({ children, onClear, className = "" }: FilterBarProps) {
  return (
    <div className={`mb-4 flex flex-wrap items-end gap-3 ${className}`.trim()}>
      {children}
      {onClear ? (
        <Button variant="ghost" onClick={onClear}>
          {adminCopy.table.clearFilters}
        </Button>
      ) : null}
    </div>
  );
}
