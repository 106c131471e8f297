import type { ComponentProps } from "react";

type ToggleButtonProps = Omit<ComponentProps<"button">, "type"> & { pressed: boolean };

/** A button that stays pressed while its option is on (a filter, a mode); aria-pressed says so to assistive tech. */
export function ToggleButton({ pressed, className = "", ...props }: ToggleButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
        pressed ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
      } ${className}`.trim()}
      {...props}
    />
  );
}
