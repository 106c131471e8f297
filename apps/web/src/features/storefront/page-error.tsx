import { uiCopy } from "@shop/shared/ui-copy";
import { Button } from "@/components/button";
import { AlertCircleIcon } from "@/components/icons";

/** A storefront page that failed to load or render: said inside the layout, so the navbar still works. */
export function PageError() {
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{uiCopy.storefront.pageTitle(uiCopy.pages.errorTitle)}</title>
      <span className="rounded-full bg-red-50 p-3 text-red-600">
        <AlertCircleIcon className="size-8" />
      </span>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{uiCopy.pages.errorTitle}</h1>
      <p className="mt-2 text-slate-600">{uiCopy.pages.errorText}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {uiCopy.pages.reload}
      </Button>
    </section>
  );
}
