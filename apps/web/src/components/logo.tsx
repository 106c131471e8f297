import { uiCopy } from "@shop/shared/ui-copy";
import { Link } from "react-router";
import { paths } from "@/lib/paths";

type LogoProps = { tone?: "dark" | "light"; to?: string };

/** The brand mark: a house with a signal, and the shop's name. */
export function Logo({ tone = "dark", to = paths.home }: LogoProps) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
    >
      <span className="flex size-9 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-brand-800 text-white shadow-sm">
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <path d="M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" strokeLinejoin="round" />
        </svg>
      </span>
      <span className={`text-lg font-bold tracking-tight ${tone === "dark" ? "text-slate-900" : "text-white"}`}>
        {uiCopy.brand}
      </span>
    </Link>
  );
}
