import { useId } from "react";
import { inputClasses } from "./form-field";

type DateFilterProps = {
  label: string;
  /** YYYY-MM-DD, or "" for none. */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  className?: string;
};

/** A labelled date input for a list's filter bar (a from or to bound). */
export function DateFilter({ label, value, onChange, min, max, className = "w-full sm:w-40" }: DateFilterProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      />
    </div>
  );
}
