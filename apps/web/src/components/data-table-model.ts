import type { HTMLAttributes, MouseEvent, ReactNode } from "react";

export type SortOrder = "asc" | "desc";
export type SortState = { key: string; order: SortOrder };

export type DataTableColumn<Row> = {
  id: string;
  /** The column's heading; also names its sort button. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Sortable by this key (the API's `sortBy` value) when set. */
  sortKey?: string;
  /** What a first click sorts by: dates read newest first, names A to Z. */
  firstSortOrder?: SortOrder;
  /** The heading is read by screen readers only (an actions column). */
  hideHeader?: boolean;
  align?: "left" | "right";
  className?: string;
  /**
   * On a phone each row is a card: "title" columns head it without their heading (when none is
   * marked, the first column does), "hidden" ones are left off it, the rest are heading: value lines.
   * Columns whose heading is hidden (the row's buttons) close the card.
   */
  card?: "title" | "hidden";
};

export type DataTableSelection<Row> = {
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** Names the row's checkbox: "Select Jane Doe". */
  rowLabel: (row: Row) => string;
};

export type DataTableEmpty = { title: string; description?: string; action?: ReactNode };

/** What both layouts, the table and the phone's cards, are drawn from. */
export type DataTableLayoutProps<Row> = {
  /** The table's accessible name (the card list's too). */
  caption: string;
  columns: readonly DataTableColumn<Row>[];
  /** Undefined until the first page arrives. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** First load: skeleton rows stand in for the data. */
  isLoading?: boolean;
  /** A later page or filter is loading: the rows shown are dimmed until it arrives. */
  isFetching?: boolean;
  /** Why the list could not be loaded; replaces the rows. */
  error?: string | null;
  onRetry?: () => void;
  empty?: DataTableEmpty;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  selection?: DataTableSelection<Row>;
  /** A click anywhere on the row that is not a control: keyboard users need a button in a cell for the same. */
  onRowClick?: (row: Row) => void;
  /** More attributes for a row's `<tr>`: the drag-and-drop handlers of a reorderable list. */
  rowProps?: (row: Row, index: number) => HTMLAttributes<HTMLTableRowElement>;
  skeletonRows?: number;
};

export function nextSort(current: SortState | null | undefined, key: string, firstOrder: SortOrder): SortState {
  if (current?.key === key) return { key, order: current.order === "asc" ? "desc" : "asc" };
  return { key, order: firstOrder };
}

/** The rows' ids with the page's ids added, or removed when all of them were already selected. */
export function toggledPageSelection(selected: readonly string[], pageIds: readonly string[]): string[] {
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  if (allSelected) return selected.filter((id) => !pageIds.includes(id));
  return [...selected, ...pageIds.filter((id) => !selected.includes(id))];
}

/** The row's id added to the selection, or taken out when it was in it. */
export function toggledRow(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id];
}

/** Whether a click on a row landed on one of its controls (which then does its own thing). */
export function fromControl(event: MouseEvent<HTMLElement>): boolean {
  return event.target instanceof Element && event.target.closest("a, button, input, select, textarea, label") !== null;
}
