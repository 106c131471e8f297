import { adminCopy } from "@shop/shared/admin-copy";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { uiCopy } from "@shop/shared/ui-copy";
import { type ReactNode, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/button";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { FilterSelect } from "@/components/form-field";
import { PackageIcon } from "@/components/icons";
import { Pagination } from "@/components/pagination";
import { ProductGrid } from "@/components/product-grid";
import { SearchInput } from "@/components/search-input";
import { StorePage } from "@/components/store-page";
import { messageOf } from "@/lib/api-client";
import { useUrlFilters } from "@/lib/use-url-filters";
import { useProducts } from "./api/get-products";
import { ShopFiltersPanel } from "./shop-filters";
import {
  productParamsFrom,
  shopFilterKeys,
  shopFiltersFrom,
  shopPageSize,
  sortOptions,
  sortParams,
} from "./shop-params";

const copy = storefrontCopy.shop;
const sortLabels: Record<string, string> = {
  "createdAt-desc": copy.sortOptions.newest,
  "price-asc": copy.sortOptions.priceAsc,
  "price-desc": copy.sortOptions.priceDesc,
  "name-asc": copy.sortOptions.name,
  "rating-desc": copy.sortOptions.rating,
};

/** /shop: search, filters, sort and page all live in the URL; the grid follows it. */
export function ShopPage() {
  const [searchParams] = useSearchParams();
  const url = useUrlFilters(shopFilterKeys);
  const filters = shopFiltersFrom(searchParams);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const resultsRef = useRef<HTMLDivElement>(null);
  const products = useProducts(productParamsFrom(filters), { keepPrevious: true });
  const total = products.data?.pagination.totalProducts ?? 0;

  // The next page of results is shown from their top, not the window's (the filters above may be long).
  const goToPage = (page: number, options?: { replace: boolean }) => {
    url.setPage(page, { ...options, keepScroll: true });
    // Not every environment scrolls (jsdom has no layout).
    resultsRef.current?.scrollIntoView?.({ block: "start" });
  };

  let results: ReactNode;
  if (products.isError && !products.data) {
    results = (
      <ErrorState
        title={uiCopy.storefront.errors.products}
        description={messageOf(products.error, uiCopy.storefront.errors.products)}
        onRetry={() => void products.refetch()}
      />
    );
  } else if (products.data && total === 0) {
    results = (
      <EmptyState
        icon={<PackageIcon className="size-6" />}
        title={copy.empty}
        description={adminCopy.table.noResultsText}
        action={
          url.isFiltered ? (
            <Button variant="outline" onClick={url.clear}>
              {adminCopy.table.clearFilters}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    results = (
      <div className={products.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        <ProductGrid
          products={products.data?.products}
          isLoading={products.isPending}
          skeletons={6}
          headingLevel="h2"
          priorityCount={2}
          columns="three"
        />
        {/* Also on a page past the end (an old bookmark): the pagination steps back to the last page. */}
        {products.data && (products.data.pagination.totalPages > 1 || filters.page > 1) ? (
          <Pagination
            className="mt-10"
            page={filters.page}
            pageSize={shopPageSize}
            total={total}
            onPageChange={goToPage}
            pageHref={url.pageHref}
            disabled={products.isFetching}
          />
        ) : null}
      </div>
    );
  }

  return (
    <StorePage
      title={uiCopy.storePages.shop.title}
      intro={uiCopy.storePages.shop.intro}
      documentTitle={storefrontCopy.titles.shop}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchInput
          className="flex-1"
          value={filters.search}
          onSearch={(search) => url.setFilters({ search })}
          label={copy.search}
          placeholder={copy.searchPlaceholder}
        />
        <div className="flex items-end gap-3">
          <FilterSelect
            label={copy.sort}
            className="flex-1 sm:w-52"
            value={filters.sort.value}
            onChange={(event) => url.setFilters(sortParams(event.target.value))}
          >
            {sortOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {sortLabels[option.value]}
              </option>
            ))}
          </FilterSelect>
          <Button
            variant="outline"
            className="h-[42px] lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filtersOpen ? copy.hideFilters : copy.showFilters}
          </Button>
        </div>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_1fr]">
        <aside aria-label={copy.filters}>
          <ShopFiltersPanel
            id={filtersId}
            open={filtersOpen}
            filters={filters}
            onChange={url.setFilters}
            onClear={url.clear}
            isFiltered={url.isFiltered}
          />
        </aside>
        <div ref={resultsRef} className="scroll-mt-24">
          <p aria-live="polite" className="mb-4 min-h-5 text-sm text-slate-600">
            {products.data ? copy.results(total) : ""}
          </p>
          {results}
        </div>
      </div>
    </StorePage>
  );
}
