import { FilterBar } from "@/components/filter-bar";
import { type FilterOption, FilterOptions, FilterSelect } from "@/components/form-field";
import { SearchInput } from "@/components/search-input";
import type { UrlFilters } from "@/lib/use-url-filters";

type SearchStatusFiltersProps = {
  filters: UrlFilters<"search" | "status">;
  /** The status in effect (a known one), or "" for all. */
  status: string;
  searchLabel?: string;
  searchPlaceholder: string;
  statusLabel: string;
  allStatuses: string;
  statusOptions: readonly FilterOption[];
};

/** A campaign list's filters, kept in the URL: free text and one status. */
export function SearchStatusFilters({
  filters,
  status,
  searchLabel,
  searchPlaceholder,
  statusLabel,
  allStatuses,
  statusOptions,
}: SearchStatusFiltersProps) {
  return (
    <FilterBar onClear={filters.isFiltered ? filters.clear : undefined}>
      <SearchInput
        value={filters.get("search")}
        onSearch={(search) => filters.setFilters({ search })}
        label={searchLabel}
        placeholder={searchPlaceholder}
        className="w-full sm:w-72"
      />
      <FilterSelect
        label={statusLabel}
        value={status}
        onChange={(event) => filters.setFilters({ status: event.target.value })}
        className="w-full sm:w-44"
      >
        <FilterOptions allLabel={allStatuses} options={statusOptions} />
      </FilterSelect>
    </FilterBar>
  );
}
