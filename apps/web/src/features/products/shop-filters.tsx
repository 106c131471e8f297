import { adminCopy } from "@shop/shared/admin-copy";
import { storefrontCopy } from "@shop/shared/storefront-copy";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/button";
import { CheckboxField, FilterSelect, inputClasses } from "@/components/form-field";
import { useCategories } from "./api/get-categories";
import { compatibilities, type ShopFilterKey, type ShopFilters, sortParams } from "./shop-params";

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

type PriceInputProps = {
  name: "minPrice" | "maxPrice";
  label: string;
  placeholder: string;
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
};

/** One bound of the price range, labelled for screen readers (the legend and placeholder show it). */
function PriceInput({ name, label, placeholder, value, onValue, onBlur }: PriceInputProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        onBlur={onBlur}
        className={inputClasses}
      />
    </>
  );
}

/** Min and max price, applied when the visitor leaves the field or submits the form (not on every keystroke). */
function PriceRange({ filters, onChange }: Pick<ShopFiltersPanelProps, "filters" | "onChange">) {
  const [min, setMin] = useState(priceText(filters.minPrice));
  const [max, setMax] = useState(priceText(filters.maxPrice));

  useEffect(() => setMin(priceText(filters.minPrice)), [filters.minPrice]);
  useEffect(() => setMax(priceText(filters.maxPrice)), [filters.maxPrice]);

  const apply = () => {
    if (min.trim() !== priceText(filters.minPrice) || max.trim() !== priceText(filters.maxPrice)) {
      onChange({ minPrice: min.trim(), maxPrice: max.trim() });
    }
  };

  return (
    <fieldset>
      <legend className="mb-1 block text-xs font-medium text-slate-600">{copy.price}</legend>
      <div className="flex items-center gap-2">
        <PriceInput
          name="minPrice"
          label={copy.minPrice}
          placeholder={copy.min}
          value={min}
          onValue={setMin}
          onBlur={apply}
        />
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        <PriceInput
          name="maxPrice"
          label={copy.maxPrice}
          placeholder={copy.max}
          value={max}
          onValue={setMax}
          onBlur={apply}
        />
      </div>
    </fieldset>
  );
}

/** The filters a submitted form names, each under its URL key; an unticked box or empty field clears its filter. */
const filterKeys = ["category", "compatibility", "minPrice", "maxPrice", "inStock", "isNew"] as const;

function patchFrom(form: HTMLFormElement): FilterPatch {
  const data = new FormData(form);
  return Object.fromEntries(filterKeys.map((key) => [key, String(data.get(key) ?? "").trim()]));
}

/**
 * Category, assistant, price, stock and novelty. A GET form to /shop under the URL's own names, so it
 * works before (or without) the script: Apply filters loads the filtered page, which the server renders,
 * carrying the search and sort along. Once the script runs, each change rewrites the URL and goes back
 * to page 1, and the form's submit applies everything in place.
 */
export function ShopFiltersPanel({ id, filters, onChange, onClear, isFiltered, open }: ShopFiltersPanelProps) {
  const { data: categories } = useCategories();
  const currentCategoryKnown =
    !filters.category || categories?.some((c) => c.slug === filters.category || c._id === filters.category);
  const sort = sortParams(filters.sort.value);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(patchFrom(event.currentTarget));
  };

  return (
    <form
      id={id}
      method="get"
      action="/shop"
      onSubmit={onSubmit}
      noValidate
      className={`${open ? "block" : "hidden"} space-y-5 lg:block`}
    >
      {filters.search ? <input type="hidden" name="search" value={filters.search} /> : null}
      {sort.sortBy ? <input type="hidden" name="sortBy" value={sort.sortBy} /> : null}
      {sort.sortOrder ? <input type="hidden" name="sortOrder" value={sort.sortOrder} /> : null}
      <FilterSelect
        label={copy.category}
        name="category"
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
        name="compatibility"
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
          name="inStock"
          value="true"
          checked={filters.inStock}
          onChange={(event) => onChange({ inStock: event.target.checked ? "true" : "" })}
        />
        <CheckboxField
          label={copy.isNew}
          name="isNew"
          value="true"
          checked={filters.isNew}
          onChange={(event) => onChange({ isNew: event.target.checked ? "true" : "" })}
        />
      </div>
      <div className="space-y-2">
        <Button type="submit" variant="secondary" className="w-full">
          {copy.applyFilters}
        </Button>
        {isFiltered ? (
          <Button variant="outline" className="w-full" onClick={onClear}>
            {adminCopy.table.clearFilters}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
