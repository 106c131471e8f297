import { uiCopy } from "@shop/shared/ui-copy";
import type { ReactNode } from "react";

type StorePageProps = {
  title: string;
  intro?: string;
  eyebrow?: ReactNode;
  /** The document title when it differs from the heading (it matches what the server renders for the URL). */
  documentTitle?: string;
  children: ReactNode;
};

/** A storefront page: its document title, a title band, then the content. */
export function StorePage({ title, intro, eyebrow, documentTitle, children }: StorePageProps) {
  return (
    <>
      <title>{uiCopy.storefront.pageTitle(documentTitle ?? title)}</title>
      <section className="border-b border-slate-100 bg-gradient-to-b from-brand-50/70 to-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
          {eyebrow ? (
            <div className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</div>
          ) : null}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          {intro ? <p className="mt-4 max-w-2xl text-lg text-slate-600">{intro}</p> : null}
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">{children}</div>
    </>
  );
}
