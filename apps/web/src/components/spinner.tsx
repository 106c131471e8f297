import { uiCopy } from "@shop/shared/ui-copy";

type SpinnerProps = { label?: string; className?: string };

export function Spinner({ label = uiCopy.loading, className = "size-8" }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <span
        aria-hidden="true"
        className={`${className} animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600`}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the content area while a lazy page loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}

/** Covers the whole window: the first load and the admin session check. */
export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white">
      <Spinner label={label} className="size-10" />
      {label ? (
        <p aria-hidden="true" className="text-sm text-slate-500">
          {label}
        </p>
      ) : null}
    </div>
  );
}
