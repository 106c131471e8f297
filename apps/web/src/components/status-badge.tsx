import type { ReactNode } from "react";

export type BadgeTone = "success" | "warning" | "info" | "danger" | "neutral" | "brand";

const tones: Record<BadgeTone, string> = {
  success: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  warning: "bg-amber-50 text-amber-800 ring-amber-600/20",
  info: "bg-sky-50 text-sky-700 ring-sky-600/20",
  danger: "bg-red-50 text-red-700 ring-red-600/20",
  neutral: "bg-slate-100 text-slate-700 ring-slate-500/20",
  brand: "bg-brand-50 text-brand-800 ring-brand-600/20",
};

type StatusBadgeProps = {
  tone: BadgeTone;
  children: ReactNode;
  /** An icon before the text; without one a coloured dot says the same to sighted users. */
  icon?: ReactNode;
  className?: string;
};

/** A small coloured label for a state: Active, Super Admin, Success, Failure… The text carries the meaning, colour only repeats it. */
export function StatusBadge({ tone, children, icon, className = "" }: StatusBadgeProps) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]} ${className}`.trim()}
    >
      {icon ?? <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />}
      {children}
    </span>
  );
}
