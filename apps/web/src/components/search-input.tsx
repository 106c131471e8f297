import { uiCopy } from "@shop/shared/ui-copy";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { SearchIcon } from "./admin-icons";
import { CloseIcon } from "./icons";
import { inputClasses } from "./text-field";

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
  label = uiCopy.table.search,
  placeholder,
  className = "",
}: SearchInputProps) {
  const [text, setText] = useState(value);
  const inputId = useId();
  // What we last reported: `value` coming back as that is our own echo, possibly late (a URL
  // update is a navigation), and must not overwrite what has been typed since.
  const reported = useRef(value);
  const report = useEffectEvent((next: string) => {
    reported.current = next;
    onSearch(next);
  });

  // A change from outside (Clear filters, the back button) replaces what is in the box.
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === reported.current) return;
    const timer = window.setTimeout(() => report(next), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);

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
          onClick={() => {
            setText("");
            report("");
          }}
          aria-label={uiCopy.table.clearSearch}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
