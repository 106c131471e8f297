import { uiCopy } from "@shop/shared/ui-copy";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "@/lib/paths";
import { buttonClasses } from "./button";

type StorePageProps = {
  title: string;
  intro?: string;
  eyebrow?: string;
  children?: ReactNode;
};

/** A storefront page: a title band, then the content (or a "coming soon" note until it exists). */
export function StorePage({ title, intro, eyebrow, children }: StorePageProps) {
  return (
    <>
      <title>{`${title} · ${uiCopy.brand}`}</title>
      <section className="border-b border-slate-100 bg-gradient-to-b from-brand-50/70 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
          {intro ? <p className="mt-4 max-w-2xl text-lg text-slate-600">{intro}</p> : null}
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {children ?? (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
            <h2 className="text-lg font-semibold text-slate-900">{uiCopy.pages.comingSoon}</h2>
            <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{uiCopy.pages.comingSoonText}</p>
            <Link to={paths.home} className={buttonClasses("outline", "md", "mt-6")}>
              {uiCopy.pages.backHome}
            </Link>
          </div>
        )}
      </div>
    </>
  );
}
