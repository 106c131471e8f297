import { backofficeCopy } from "@shop/shared/backoffice-copy";
import { useId } from "react";
import { FilterOptions, FilterSelect, inputClasses } from "@/components/form-field";
import { searchDebounceMs } from "@/components/search-input";
import { useCategories } from "@/features/products/api/get-categories";
import { useCan } from "@/lib/access";
import { useDebouncedText } from "@/lib/use-debounced-text";
import { type ProductUrlKey, pageSizes } from "./product-list-state";

const t = backofficeCopy.products;

const statusOptions = [
  { value: "inactive", label: t.statusOptions.inactive },
  { value: "all", label: t.statusOptions.all },
];
const stockOptions = [
  { value: "true", label: t.inStock },
  { value: "false", label: t.outOfStock },
];

/** A price bound: typed freely, reported once typing pauses (like the search box). */
function PriceInput({ label, value, onCommit }: { label: string; value: string; onCommit: (value: string) => void }) {
  const id = useId();
  const { text, setText } = useDebouncedText(value, onCommit, searchDebounceMs);
  return (
    <div className="w-full sm:w-32">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={inputClasses}
      />
    </div>
  );
}

type ProductFilterPanelProps = {
  id: string;
  get: (key: ProductUrlKey) => string;
  set: (patch: Partial<Record<ProductUrlKey, string>>) => void;
};

/** The toggled panel under the search box: category, status (with the deleted ones), stock, price range, page size. */
export function ProductFilterPanel({ id, get, set }: ProductFilterPanelProps) {
  const categories = useCategories();
  // The API lists hidden and deleted products only to those who may view them (products/routes.ts).
  const seesHidden = useCan()("product:view-products");
  return (
    <section
      id={id}
      aria-label={t.filters}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <FilterSelect
        label={t.category}
        value={get("category")}
        onChange={(event) => set({ category: event.target.value })}
        className="w-full sm:w-48"
      >
        <FilterOptions
          allLabel={t.allCategories}
          options={categories.data?.map((category) => ({ value: category._id, label: category.name })) ?? []}
        />
      </FilterSelect>
      {seesHidden ? (
        <FilterSelect
          label={t.status}
          value={get("status")}
          onChange={(event) => set({ status: event.target.value })}
          className="w-full sm:w-44"
        >
          <FilterOptions allLabel={t.statusOptions.active} options={statusOptions} />
        </FilterSelect>
      ) : null}
      <FilterSelect
        label={t.stock}
        value={get("inStock")}
        onChange={(event) => set({ inStock: event.target.value })}
        className="w-full sm:w-36"
      >
        <FilterOptions allLabel={t.anyStock} options={stockOptions} />
      </FilterSelect>
      <PriceInput label={t.minPrice} value={get("minPrice")} onCommit={(minPrice) => set({ minPrice })} />
      <PriceInput label={t.maxPrice} value={get("maxPrice")} onCommit={(maxPrice) => set({ maxPrice })} />
      <FilterSelect
        label={t.perPage}
        value={get("limit")}
        onChange={(event) => set({ limit: event.target.value })}
        className="w-full sm:w-28"
      >
        <FilterOptions
          allLabel={String(pageSizes[0])}
          options={pageSizes.slice(1).map((size) => ({ value: String(size), label: String(size) }))}
        />
      </FilterSelect>
    </section>
  );
}
