import { adminCopy } from "@shop/shared/admin-copy";
import type { ReactNode } from "react";
import { Button } from "./button";

type FilterBarProps = {
  children: ReactNode;
  /** Given while any filter is set: shows "Clear filters". */
  onClear?: () => void;
};

/** The row of search and filters above an admin list. */
export function FilterBar({ children, onClear }: FilterBarProps) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      {children}
      {onClear ? (
        <Button variant="ghost" onClick={onClear}>
          {adminCopy.table.clearFilters}
        </Button>
      ) : null}
    </div>
  );
}
