import { adminCopy } from "@shop/shared/admin-copy";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/button";
import { CheckboxField, FilterSelect } from "@/components/form-field";
import { inputClasses } from "@/components/text-field";
import { useCategories } from "./api/get-categories";
import { compatibilities, type ShopFilterKey, type ShopFilters } from "./shop-params";

const copy = storefrontCopy.shop;

export type FilterPatch = Partial<Record<ShopFilterKey, string>>;

type ShopFiltersPanelProps = {
  id: string;
  filters: ShopFilters;
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
  isFiltered: boolean;
  /** Shown on small screens only when opened; always shown beside the grid on large ones. */
  open: boolean;
};

const priceText = (value: number | undefined) => (value === undefined ? "" : String(value));

/** Min and max price, applied when the visitor leaves the field or presses Enter (not on every keystroke). */
function PriceRange({ filters, onChange }: Pick<ShopFiltersPanelProps, "filters" | "onChange">) {
  const minId = useId();
  const maxId = useId();
  const [min, setMin] = useState(priceText(filters.minPrice));
  const [max, setMax] = useState(priceText(filters.maxPrice));

  useEffect(() => setMin(priceText(filters.minPrice)), [filters.minPrice]);
  useEffect(() => setMax(priceText(filters.maxPrice)), [filters.maxPrice]);

  const apply = () => {
    if (min.trim() !== priceText(filters.minPrice) || max.trim() !== priceText(filters.maxPrice)) {
      onChange({ minPrice: min.trim(), maxPrice: max.trim() });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset>
        <legend className="mb-1 block text-xs font-medium text-slate-600">{copy.price}</legend>
        <div className="flex items-center gap-2">
          <label htmlFor={minId} className="sr-only">
            {copy.minPrice}
          </label>
          <input
            id={minId}
            type="number"
            inputMode="decimal"
            min={0}
            placeholder={copy.min}
            value={min}
            onChange={(event) => setMin(event.target.value)}
            onBlur={apply}
            className={inputClasses}
          />
          <span aria-hidden="true" className="text-slate-400">
            –
          </span>
          <label htmlFor={maxId} className="sr-only">
            {copy.maxPrice}
          </label>
          <input
            id={maxId}
            type="number"
            inputMode="decimal"
            min={0}
            placeholder={copy.max}
            value={max}
            onChange={(event) => setMax(event.target.value)}
            onBlur={apply}
            className={inputClasses}
          />
        </div>
      </fieldset>
    </form>
  );
}

/** Category, assistant, price, stock and novelty: each change rewrites the URL and goes back to page 1. */
export function ShopFiltersPanel({ id, filters, onChange, onClear, isFiltered, open }: ShopFiltersPanelProps) {
  const { data: categories } = useCategories();
  const currentCategoryKnown =
    !filters.category || categories?.some((c) => c.slug === filters.category || c._id === filters.category);

  return (
    <div id={id} className={`${open ? "block" : "hidden"} space-y-5 lg:block`}>
      <FilterSelect
        label={copy.category}
        value={filters.category}
        onChange={(event) => onChange({ category: event.target.value })}
      >
        <option value="">{copy.allCategories}</option>
        {categories?.map((category) => (
          <option key={category._id} value={category.slug}>
            {category.name}
          </option>
        ))}
        {currentCategoryKnown ? null : <option value={filters.category}>{filters.category}</option>}
      </FilterSelect>
      <FilterSelect
        label={copy.compatibility}
        value={filters.compatibility}
        onChange={(event) => onChange({ compatibility: event.target.value })}
      >
        <option value="">{copy.anyAssistant}</option>
        {compatibilities.map((value) => (
          <option key={value} value={value}>
            {storefrontCopy.compatibility[value]}
          </option>
        ))}
      </FilterSelect>
      <PriceRange filters={filters} onChange={onChange} />
      <div className="space-y-3">
        <CheckboxField
          label={copy.inStock}
          checked={filters.inStock}
          onChange={(event) => onChange({ inStock: event.target.checked ? "true" : "" })}
        />
        <CheckboxField
          label={copy.isNew}
          checked={filters.isNew}
          onChange={(event) => onChange({ isNew: event.target.checked ? "true" : "" })}
        />
      </div>
      {isFiltered ? (
        <Button variant="outline" className="w-full" onClick={onClear}>
          {adminCopy.table.clearFilters}
        </Button>
      ) : null}
    </div>
  );
}
