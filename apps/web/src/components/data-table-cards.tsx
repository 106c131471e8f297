import { adminCopy } from "@shop/shared/admin-copy";
import { Fragment, type ReactNode, useId } from "react";
import {
  type DataTableColumn,
  type DataTableLayoutProps,
  type SortOrder,
  type SortState,
  toggledPageSelection,
  toggledRow,
} from "./data-table-model";
import { checkboxClass, ListEmpty, ListError, SelectAllBox } from "./data-table-states";

const t = adminCopy.table;

/** Which columns head a card, which make its lines and which close it with the row's buttons. */
export function cardParts<Row>(columns: readonly DataTableColumn<Row>[]) {
  const onCard = columns.filter((column) => column.card !== "hidden");
  const marked = onCard.some((column) => column.card === "title");
  const firstField = onCard.find((column) => !column.hideHeader);
  const isTitle = (column: DataTableColumn<Row>) => (marked ? column.card === "title" : column === firstField);
  return {
    titles: onCard.filter(isTitle),
    fields: onCard.filter((column) => !isTitle(column) && !column.hideHeader),
    actions: onCard.filter((column) => !isTitle(column) && column.hideHeader),
  };
}

/** A card's heading: value lines; a column with nothing to show for this row (no phone) has no line. */
function CardFields<Row>({ columns, row }: { columns: readonly DataTableColumn<Row>[]; row: Row }) {
  const lines = columns
    .map((column) => ({ column, value: column.cell(row) }))
    .filter(({ value }) => value !== null && value !== undefined && value !== "");
  if (lines.length === 0) return null;
  return (
    <dl className="mt-3 space-y-2">
      {lines.map(({ column, value }) => (
        <div key={column.id} className="flex items-baseline justify-between gap-4">
          <dt className="shrink-0 text-xs font-semibold tracking-wide text-slate-500 uppercase">{column.header}</dt>
          <dd className="min-w-0 text-right text-slate-700 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Message({ children }: { children: ReactNode }) {
  return <div className="px-6 py-14 text-center">{children}</div>;
}

const sortValue = (sort: SortState) => `${sort.order}:${sort.key}`;

/** The headings cannot be clicked on a card: one select offers each sortable column both ways. */
function SortSelect<Row>({
  columns,
  sort,
  onSortChange,
}: {
  columns: readonly DataTableColumn<Row>[];
  sort?: SortState | null;
  onSortChange: (sort: SortState) => void;
}) {
  const options = columns.flatMap((column) =>
    column.sortKey
      ? (["asc", "desc"] as const).map((order) => ({
          value: sortValue({ key: column.sortKey ?? "", order }),
          label: t.sortOption(column.header, order),
        }))
      : [],
  );
  return (
    <label className="flex items-center gap-2 text-sm text-slate-600">
      {t.sortCards}
      <select
        className="rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-900"
        value={sort ? sortValue(sort) : ""}
        onChange={(event) => {
          const [order, ...key] = event.target.value.split(":");
          if (order) onSortChange({ key: key.join(":"), order: order as SortOrder });
        }}
      >
        {sort ? null : <option value="">{t.sortDefault}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The rows as cards, for phones: the title columns on top, the other columns as heading: value lines,
 * the row's buttons last, so nothing scrolls sideways.
 */
export function CardList<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isLoading = false,
  isFetching = false,
  error = null,
  onRetry,
  empty,
  sort,
  onSortChange,
  selection,
  rowProps,
  skeletonRows = 5,
}: DataTableLayoutProps<Row>) {
  const selectAllId = useId();
  if (error) {
    return (
      <Message>
        <ListError error={error} onRetry={onRetry} />
      </Message>
    );
  }
  if (!rows) {
    return (
      <div aria-busy={isLoading} className="divide-y divide-slate-100">
        {Array.from({ length: isLoading ? skeletonRows : 0 }, (_, index) => index).map((placeholder) => (
          <div key={placeholder} data-testid="skeleton-row" className="space-y-3 p-4">
            <span className="block h-4 w-2/3 animate-pulse rounded bg-slate-200" />
            <span className="block h-3 w-1/2 animate-pulse rounded bg-slate-200" />
          </div>
        ))}
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <Message>
        <ListEmpty empty={empty} />
      </Message>
    );
  }

  const { titles, fields, actions } = cardParts(columns);
  const pageIds = rows.map(rowKey);
  const selected = selection?.selectedIds ?? [];
  const sortable = onSortChange && columns.some((column) => column.sortKey);

  return (
    <>
      {selection || sortable ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3">
          {selection ? (
            <div className="inline-flex items-center gap-2 text-sm text-slate-700">
              <SelectAllBox
                id={selectAllId}
                pageIds={pageIds}
                selected={selected}
                onToggle={() => selection.onChange(toggledPageSelection(selected, pageIds))}
              />
              <label htmlFor={selectAllId}>{t.selectAll}</label>
            </div>
          ) : (
            <span />
          )}
          {sortable ? <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} /> : null}
        </div>
      ) : null}
      <ul
        aria-label={caption}
        aria-busy={isLoading || isFetching}
        className={`divide-y divide-slate-100 text-sm ${isFetching && !isLoading ? "opacity-60" : ""}`}
      >
        {rows.map((row, index) => {
          const id = rowKey(row);
          const isSelected = selected.includes(id);
          // Of a row's extra attributes only the look and "current" apply: dragging to reorder is not for touch.
          // A tap on the card itself does nothing: the row's own button (which keyboards use too) opens it.
          const extra = rowProps?.(row, index);
          return (
            <li
              key={id}
              aria-current={extra?.["aria-current"]}
              className={`p-4 ${isSelected ? "bg-brand-50/60" : ""} ${extra?.className ?? ""}`}
            >
              <div className="flex items-start gap-3">
                {selection ? (
                  <input
                    type="checkbox"
                    aria-label={t.selectRow(selection.rowLabel(row))}
                    className={`${checkboxClass} mt-0.5 shrink-0`}
                    checked={isSelected}
                    onChange={() => selection.onChange(toggledRow(selected, id))}
                  />
                ) : null}
                <div className="flex min-w-0 flex-1 items-center gap-3 font-medium text-slate-900 [overflow-wrap:anywhere]">
                  {titles.map((column) => (
                    <div key={column.id} className="min-w-0">
                      {column.cell(row)}
                    </div>
                  ))}
                </div>
              </div>
              <CardFields columns={fields} row={row} />
              {actions.length > 0 ? (
                // The cells' own button rows may wrap here: a phone is narrower than the table's last column.
                <div className="mt-4 flex flex-wrap items-center justify-end gap-2 *:flex-wrap *:justify-end">
                  {actions.map((column) => (
                    <Fragment key={column.id}>{column.cell(row)}</Fragment>
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
