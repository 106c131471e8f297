import { adminCopy } from "@shop/shared/admin-copy";
import { useId } from "react";
import { useDebouncedText } from "@/lib/use-debounced-text";
import { SearchIcon } from "./admin-icons";
import { inputClasses } from "./form-field";
import { CloseIcon } from "./icons";

/** Spec section 9: the default debounce. */
export const searchDebounceMs = 300;

type SearchInputProps = {
  /** The search in effect (from the URL, say); typing reports a new one after the user pauses. */
  value: string;
  onSearch: (value: string) => void;
  delayMs?: number;
  label?: string;
  placeholder?: string;
  className?: string;
};

/** A search box that reports what was typed, trimmed, once typing pauses for `delayMs`. */
export function SearchInput({
  value,
  onSearch,
  delayMs = searchDebounceMs,
  label = adminCopy.table.search,
  placeholder,
  className = "",
}: SearchInputProps) {
  const inputId = useId();
  const { text, setText, clear } = useDebouncedText(value, onSearch, delayMs);

  return (
    <div className={`relative ${className}`.trim()}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <input
        id={inputId}
        type="search"
        value={text}
        placeholder={placeholder ?? label}
        onChange={(event) => setText(event.target.value)}
        className={`${inputClasses} pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden`}
      />
      {text ? (
        <button
          type="button"
          onClick={clear}
          aria-label={adminCopy.table.clearSearch}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
