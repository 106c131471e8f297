import { uiCopy } from "@shop/shared/ui-copy";
import { Button } from "@/components/button";
import { AlertCircleIcon } from "@/components/icons";

/** A page that failed to load or render (a stale chunk after a deploy, a bug): say so, offer a reload. */
export function RouteError() {
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <title>{`${uiCopy.pages.errorTitle} · ${uiCopy.brand}`}</title>
      <span className="rounded-full bg-red-50 p-3 text-red-600">
        <AlertCircleIcon className="size-8" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{uiCopy.pages.errorTitle}</h1>
      <p className="mt-2 max-w-md text-slate-600">{uiCopy.pages.errorText}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {uiCopy.pages.reload}
      </Button>
    </div>
  );
}
