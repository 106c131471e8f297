import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { actionsColumn, DataTable, type DataTableColumn, type SortState } from "./data-table";
import { toggledPageSelection } from "./data-table-model";

type Row = { id: string; name: string; email: string };

const rows: Row[] = [
  { id: "1", name: "Ada", email: "ada@example.com" },
  { id: "2", name: "Bob", email: "bob@example.com" },
  { id: "3", name: "Cy", email: "cy@example.com" },
];

const columns: DataTableColumn<Row>[] = [
  { id: "name", header: "Name", sortKey: "name", cell: (row) => row.name },
  { id: "email", header: "Email", cell: (row) => row.email },
  { id: "created", header: "Created", sortKey: "createdAt", firstSortOrder: "desc", cell: () => "today" },
];

function SelectableTable({ initial = [] as string[], onChange = (_ids: string[]) => undefined }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return (
    <DataTable
      caption="People"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      selection={{
        selectedIds: selected,
        rowLabel: (row) => row.name,
        onChange: (ids) => {
          setSelected(ids);
          onChange(ids);
        },
      }}
    />
  );
}

describe("data table", () => {
  it("asks for a sort when a sortable heading is clicked, and flips the order on a second click", async () => {
    const onSortChange = vi.fn();
    const { rerender } = render(
      <DataTable caption="People" columns={columns} rows={rows} rowKey={(r) => r.id} onSortChange={onSortChange} />,
    );
    expect(screen.queryByRole("button", { name: "Email" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "name", order: "asc" });
    await userEvent.click(screen.getByRole("button", { name: "Created" }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "createdAt", order: "desc" });

    const sort: SortState = { key: "name", order: "asc" };
    rerender(
      <DataTable
        caption="People"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={sort}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("ascending");
    await userEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "name", order: "desc" });
  });

  it("selects every row on the page with select-all, and clears them with a second click", async () => {
    const onChange = vi.fn();
    render(<SelectableTable initial={["2"]} onChange={onChange} />);
    const selectAll = screen.getByRole<HTMLInputElement>("checkbox", { name: "Select all on this page" });
    expect(selectAll.indeterminate).toBe(true);

    await userEvent.click(selectAll);
    expect(onChange).toHaveBeenLastCalledWith(["2", "1", "3"]);
    for (const name of ["Ada", "Bob", "Cy"]) {
      expect(screen.getByRole<HTMLInputElement>("checkbox", { name: `Select ${name}` }).checked).toBe(true);
    }

    await userEvent.click(selectAll);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it("keeps selections from other pages when the page is toggled", () => {
    expect(toggledPageSelection(["x"], ["1", "2"])).toEqual(["x", "1", "2"]);
    expect(toggledPageSelection(["x", "1", "2"], ["1", "2"])).toEqual(["x"]);
  });

  it("shows the empty state when there are no rows", () => {
    render(
      <DataTable
        caption="People"
        columns={columns}
        rows={[]}
        rowKey={(r: Row) => r.id}
        empty={{ title: "No users found", description: "Try another search" }}
      />,
    );
    expect(screen.getByText("No users found")).toBeTruthy();
    expect(screen.getByText("Try another search")).toBeTruthy();
  });

  it("shows skeleton rows while loading, and the error with a retry when loading failed", async () => {
    const { rerender } = render(
      <DataTable caption="People" columns={columns} rows={undefined} rowKey={(r: Row) => r.id} isLoading />,
    );
    expect(screen.getAllByTestId("skeleton-row")).toHaveLength(5);

    const onRetry = vi.fn();
    rerender(
      <DataTable
        caption="People"
        columns={columns}
        rows={undefined}
        rowKey={(r: Row) => r.id}
        error="Failed to fetch users"
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Failed to fetch users")).toBeTruthy();
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("opens a row on click, but not when a control inside it was clicked", async () => {
    const onRowClick = vi.fn();
    render(
      <DataTable
        caption="People"
        columns={[...columns, { id: "act", header: "Actions", cell: () => <button type="button">Act</button> }]}
        rows={rows}
        rowKey={(r) => r.id}
        onRowClick={onRowClick}
      />,
    );
    await userEvent.click(screen.getByText("bob@example.com"));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
    await userEvent.click(screen.getAllByRole("button", { name: "Act" })[0] as HTMLElement);
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });
});

/** A phone: the `sm` media query does not match. */
function onPhone() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe("data table on a phone", () => {
  afterEach(() => vi.unstubAllGlobals());

  const cardColumns: DataTableColumn<Row>[] = [
    { id: "name", header: "Name", sortKey: "name", card: "title", cell: (row) => row.name },
    { id: "email", header: "Email", cell: (row) => row.email },
    { id: "created", header: "Created", card: "hidden", cell: () => "today" },
    { id: "phone", header: "Phone", cell: () => "" },
    { ...actionsColumn, cell: (row) => <button type="button">{`Edit ${row.name}`}</button> },
  ];

  it("shows each row as a card: its title, its key fields by heading, its buttons, and no table", () => {
    onPhone();
    render(<DataTable caption="People" columns={cardColumns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.queryByRole("table")).toBeNull();
    const cards = within(screen.getByRole("list", { name: "People" })).getAllByRole("listitem");
    expect(cards).toHaveLength(3);
    const bob = cards[1] as HTMLElement;
    expect(within(bob).getByText("Bob")).toBeTruthy();
    expect(within(bob).getByRole("term").textContent).toBe("Email");
    expect(within(bob).getByRole("definition").textContent).toBe("bob@example.com");
    expect(within(bob).getByRole("button", { name: "Edit Bob" })).toBeTruthy();
    // The hidden column and the empty phone are left off; the title and the actions have no heading line.
    expect(within(bob).queryByText("today")).toBeNull();
    expect(within(bob).queryByText("Name")).toBeNull();
    expect(within(bob).queryByText("Actions")).toBeNull();
  });

  it("heads a card with the first column when none is marked as its title", () => {
    onPhone();
    render(<DataTable caption="People" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    const ada = within(screen.getByRole("list", { name: "People" })).getAllByRole("listitem")[0] as HTMLElement;
    expect(
      within(ada)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Email", "Created"]);
    expect(within(ada).getByText("Ada")).toBeTruthy();
  });

  it("sorts by a select, and selects the page or one card with checkboxes", async () => {
    onPhone();
    const onSortChange = vi.fn();
    const onChange = vi.fn();
    render(
      <DataTable
        caption="People"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        sort={{ key: "name", order: "asc" }}
        onSortChange={onSortChange}
        selection={{ selectedIds: ["2"], rowLabel: (row) => row.name, onChange }}
      />,
    );
    const sortBy = screen.getByRole<HTMLSelectElement>("combobox", { name: "Sort by" });
    expect(sortBy.value).toBe("asc:name");
    await userEvent.selectOptions(sortBy, "Created, descending");
    expect(onSortChange).toHaveBeenLastCalledWith({ key: "createdAt", order: "desc" });

    const selectAll = screen.getByRole<HTMLInputElement>("checkbox", { name: "Select all on this page" });
    expect(selectAll.indeterminate).toBe(true);
    await userEvent.click(selectAll);
    expect(onChange).toHaveBeenLastCalledWith(["2", "1", "3"]);
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Bob" }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it("shows the empty and error states in place of the cards", () => {
    onPhone();
    const { rerender } = render(
      <DataTable
        caption="People"
        columns={columns}
        rows={[]}
        rowKey={(r: Row) => r.id}
        empty={{ title: "No users" }}
      />,
    );
    expect(screen.getByText("No users")).toBeTruthy();
    rerender(<DataTable caption="People" columns={columns} rows={undefined} rowKey={(r: Row) => r.id} error="Down" />);
    expect(within(screen.getByRole("alert")).getByText("Down")).toBeTruthy();
  });
});
