import { adminCopy } from "@shop/shared/admin-copy";
import { Button } from "./button";
import { AlertCircleIcon } from "./icons";

type ErrorStateProps = { title: string; description?: string; onRetry?: () => void };

/** What a page or section shows when its data could not be loaded, with a way to ask again. */
export function ErrorState({ title, description, onRetry }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center rounded-2xl border border-red-100 bg-red-50/60 px-6 py-12 text-center"
    >
      <span className="rounded-full bg-red-100 p-3 text-red-700">
        <AlertCircleIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      {description && description !== title ? (
        <p className="mt-2 max-w-md text-sm text-slate-600">{description}</p>
      ) : null}
      {onRetry ? (
        <Button variant="outline" className="mt-6" onClick={onRetry}>
          {adminCopy.table.retry}
        </Button>
      ) : null}
    </div>
  );
}
